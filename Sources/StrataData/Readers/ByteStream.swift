import Foundation

/// Raw bytes from one input: a file (read with `pread`, so that a second
/// reader can take another part of it), standard input, or a gzip file
/// decompressed by a `gzip -dc` child process and read from its pipe.
final class ByteStream: @unchecked Sendable {
    /// The name used in messages: the path as given, or `stdin`.
    let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var process: Process?
    /// Set when the bytes are a regular file read in place: the range may be split.
    let fileRange: Range<Int64>?
    /// The next offset to read (regular files only) and where to stop.
    private var offset: Int64
    private var limit: Int64
    /// Told of every buffer read, for a progress line.
    var progress: LoadProgress?

    private init(name: String, fd: Int32, owns: Bool, process: Process?, range: Range<Int64>?) {
        self.name = name
        self.fd = fd
        self.ownsDescriptor = owns
        self.process = process
        self.fileRange = range
        self.offset = range?.lowerBound ?? 0
        self.limit = range?.upperBound ?? .max
    }

    deinit {
        if ownsDescriptor { close(fd) }
        if let process {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    static func open(_ source: InputSource) throws(ReadError) -> ByteStream {
        switch source {
        case .standardInput:
            var st = stat()
            if fstat(0, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG {
                let start = max(0, lseek(0, 0, SEEK_CUR))
                return ByteStream(name: "stdin", fd: 0, owns: false, process: nil, range: Int64(start)..<Int64(st.st_size))
            }
            return ByteStream(name: "stdin", fd: 0, owns: false, process: nil, range: nil)
        case .file(let path):
            if path == "-" { return try open(.standardInput) }
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotOpen(file: path, reason: String(cString: strerror(errno)).lowercased()) }
            var st = stat()
            guard fstat(fd, &st) == 0 else {
                close(fd)
                throw .cannotOpen(file: path, reason: String(cString: strerror(errno)).lowercased())
            }
            let kind = st.st_mode & S_IFMT
            if kind == S_IFDIR {
                close(fd)
                throw .cannotOpen(file: path, reason: "is a directory")
            }
            guard kind == S_IFREG else {
                // A pipe or a device (`<(cmd)`): read it as a stream.
                return ByteStream(name: path, fd: fd, owns: true, process: nil, range: nil)
            }
            var magic: (UInt8, UInt8) = (0, 0)
            let n = withUnsafeMutableBytes(of: &magic) { pread(fd, $0.baseAddress, 2, 0) }
            if n == 2 && magic == (0x1F, 0x8B) {
                close(fd)
                return try gunzip(path)
            }
            return ByteStream(name: path, fd: fd, owns: true, process: nil, range: 0..<Int64(st.st_size))
        }
    }

    /// Decompresses with the system's gzip, streaming its output.
    private static func gunzip(_ path: String) throws(ReadError) -> ByteStream {
        let process = Process()
        let gzip = ["/usr/bin/gzip", "/bin/gzip"].first { FileManager.default.isExecutableFile(atPath: $0) }
        if let gzip {
            process.executableURL = URL(fileURLWithPath: gzip)
            process.arguments = ["-dc", "--", path]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["gzip", "-dc", "--", path]
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .cannotOpen(file: path, reason: "cannot run gzip to decompress it")
        }
        let fd = dup(pipe.fileHandleForReading.fileDescriptor)
        try? pipe.fileHandleForReading.close()
        try? pipe.fileHandleForWriting.close()
        return ByteStream(name: path, fd: fd, owns: true, process: process, range: nil)
    }

    /// A second reader over `range` of the same regular file.
    func slice(_ range: Range<Int64>) -> ByteStream {
        let part = ByteStream(name: name, fd: fd, owns: false, process: nil, range: range)
        part.progress = progress
        return part
    }

    /// Stops this reader at `offset` (regular files only).
    func limit(to offset: Int64) {
        limit = offset
    }

    var fdForSplit: Int32 { fd }

    /// The file offset of the next byte to be read.
    var position: Int64 { offset }

    /// Reads up to `count` bytes; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadError) -> Int {
        while true {
            let n: Int
            if fileRange != nil {
                let want = Int(min(Int64(count), limit - offset))
                if want <= 0 { return 0 }
                n = pread(fd, buffer, want, off_t(offset))
            } else {
                n = Glibc.read(fd, buffer, count)
            }
            if n >= 0 {
                offset += Int64(n)
                progress?.add(bytes: n)
                return n
            }
            if errno == EINTR { continue }
            if errno == EISDIR { throw .cannotOpen(file: name, reason: "is a directory") }
            throw .unreadable(file: name, reason: "read failed: \(String(cString: strerror(errno)).lowercased())")
        }
    }

    /// Ends the stream; for gzip input, checks that the data was whole.
    func finish(complete: Bool) throws(ReadError) {
        guard let process else { return }
        self.process = nil
        if !complete {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            return
        }
        process.waitUntilExit()
        // Status 2 is a warning (trailing garbage ignored); 1 is an error.
        if process.terminationReason != .exit || process.terminationStatus == 1 {
            throw .unreadable(file: name, reason: "not valid gzip data (gzip exited with status \(process.terminationStatus))")
        }
    }
}

extension ByteStream {
    /// The offset just after the first newline at or after `offset`, or nil.
    func newline(after offset: Int64) -> Int64? {
        guard let range = fileRange else { return nil }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var at = offset
        while at < range.upperBound {
            let n = chunk.withUnsafeMutableBytes { pread(fdForSplit, $0.baseAddress, $0.count, off_t(at)) }
            guard n > 0 else { return nil }
            if let i = chunk[0..<n].firstIndex(of: UInt8(ascii: "\n")) {
                let next = at + Int64(i) + 1
                return next < range.upperBound ? next : nil
            }
            at += Int64(n)
        }
        return nil
    }
}
