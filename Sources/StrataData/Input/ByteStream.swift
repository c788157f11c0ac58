import Foundation

/// Raw bytes from one input: a file (read with `pread`, so that a second
/// reader can take another part of it), standard input or a pipe, or gzip
/// bytes from either, inflated in-process (`GzipInflater`).
final class ByteStream: @unchecked Sendable {
    /// The name used in messages: the path as given, or `stdin`.
    let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var inflater: GzipInflater?
    /// Bytes a pipe gave before it was known not to be gzip, or a stopped
    /// copy's bytes read but not copied (`resume`), to be read first.
    private var peeked: [UInt8] = []
    /// Set when the bytes are a regular file read in place: the range may be split.
    private(set) var fileRange: Range<Int64>?
    /// The next offset to read (regular files only) and where to stop.
    private var offset: Int64
    private var limit: Int64
    /// Told of every buffer read, for a progress line.
    var progress: LoadProgress?
    /// Where a stream's bytes are copied as they are read, to be read again as a file.
    var spool: Spool?
    /// A copy of gzip cut short: why, said when a read reaches the copy's end (its offset).
    private var copyCut: (reason: String, end: Int64)?
    /// A copy that stopped part-way, given again before the rest of the input (`resume`), and how far.
    private var replay: (copy: Spool, next: Int64)?
    /// A named file's modification time (UTC seconds): when its last line was
    /// written at the latest, which dates times without a year (syslog).
    private(set) var modified: Int64?

    private init(name: String, fd: Int32, owns: Bool, range: Range<Int64>?) {
        self.name = name
        self.fd = fd
        self.ownsDescriptor = owns
        self.fileRange = range
        self.offset = range?.lowerBound ?? 0
        self.limit = range?.upperBound ?? .max
    }

    deinit {
        inflater = nil
        if ownsDescriptor { close(fd) }
    }

    static func open(_ source: InputSource) throws(ReadError) -> ByteStream {
        switch source {
        case .standardInput:
            var st = stat()
            if fstat(0, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG {
                let start = max(0, lseek(0, 0, SEEK_CUR))
                return try regular(name: "stdin", fd: 0, owns: false, range: Int64(start)..<Int64(st.st_size))
            }
            return try piped(name: "stdin", fd: 0, owns: false)
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
            // A pipe or a device (`<(cmd)`): read it as a stream.
            guard kind == S_IFREG else { return try piped(name: path, fd: fd, owns: true) }
            let stream = try regular(name: path, fd: fd, owns: true, range: 0..<Int64(st.st_size))
            stream.modified = Int64(st.st_mtim.tv_sec)
            return stream
        case .spooled(let spool):
            // The bytes as they were read (inflated already): read in place, never inflated again.
            let fd = Glibc.open(spool.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotOpen(file: spool.name, reason: String(cString: strerror(errno)).lowercased()) }
            let stream = ByteStream(name: spool.name, fd: fd, owns: true, range: 0..<spool.length)
            stream.modified = spool.modified
            stream.copyCut = spool.cut.map { ($0, spool.length) }
            return stream
        }
    }

    static func isGzip(_ bytes: some Collection<UInt8>) -> Bool { bytes.starts(with: [0x1F, 0x8B]) }

    /// A regular file from `range.lowerBound`: read in place, or inflated when it is gzip.
    private static func regular(name: String, fd: Int32, owns: Bool, range: Range<Int64>) throws(ReadError) -> ByteStream {
        var magic: [UInt8] = [0, 0]
        let n = magic.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 2, off_t(range.lowerBound)) }
        guard n == 2 && isGzip(magic) else { return ByteStream(name: name, fd: fd, owns: owns, range: range) }
        let stream = ByteStream(name: name, fd: fd, owns: owns, range: nil)
        _ = lseek(fd, off_t(range.lowerBound), SEEK_SET)
        stream.inflater = try GzipInflater(fd: fd, name: name)
        return stream
    }

    /// A pipe: its first two bytes say whether it is gzip, and are read again either way.
    private static func piped(name: String, fd: Int32, owns: Bool) throws(ReadError) -> ByteStream {
        let stream = ByteStream(name: name, fd: fd, owns: owns, range: nil)
        var first: [UInt8] = []
        var byte: UInt8 = 0
        while first.count < 2 {
            let n = Glibc.read(fd, &byte, 1)
            if n == 1 { first.append(byte) } else if n == 0 || errno != EINTR { break }
        }
        if isGzip(first) {
            stream.inflater = try GzipInflater(fd: fd, name: name, prefix: first)
        } else {
            stream.peeked = first
        }
        return stream
    }

    /// A reader over `range` of a file another owner keeps open (a followed file's new lines).
    static func region(of fd: Int32, name: String, range: Range<Int64>) -> ByteStream {
        ByteStream(name: name, fd: fd, owns: false, range: range)
    }

    /// A second reader over `range` of the same regular file.
    func slice(_ range: Range<Int64>) -> ByteStream {
        let part = ByteStream(name: name, fd: fd, owns: false, range: range)
        part.progress = progress
        part.copyCut = copyCut
        return part
    }

    /// Stops this reader at `offset` (regular files only).
    func limit(to offset: Int64) {
        limit = offset
    }

    /// A regular file ends, for this reader, after its last line end: bytes
    /// after it are a line still being written (`ReadOptions.endsAtLastLine`).
    func endAtLastLine() {
        guard let range = fileRange else { return }
        let end = Self.lastLineEnd(in: fd, from: range.lowerBound, to: range.upperBound) ?? range.lowerBound
        fileRange = range.lowerBound..<end
        limit = end
    }

    /// The offset just past the last newline in `[from, to)` of `fd`, nil when there is none.
    static func lastLineEnd(in fd: Int32, from: Int64, to: Int64) -> Int64? {
        var end = to
        let size = 1 << 16
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { buffer.deallocate() }
        while end > from {
            let start = max(from, end - Int64(size))
            let n = pread(fd, buffer, Int(end - start), off_t(start))
            guard n > 0 else { return nil }
            if let i = (0..<n).last(where: { buffer[$0] == UInt8(ascii: "\n") }) { return start + Int64(i) + 1 }
            end = start
        }
        return nil
    }

    var fdForSplit: Int32 { fd }

    /// The file offset of the next byte to be read.
    var position: Int64 { offset }

    /// Reads up to `count` bytes; 0 at the end.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadError) -> Int {
        let n: Int
        do {
            n = try readSome(into: buffer, count: count)
        } catch {
            // The input itself failed (not gzip, a read error): a copy of it would be another input.
            spool?.fail(error.message)
            throw error
        }
        offset += Int64(n)
        if n > 0 { spool?.append(buffer, count: n) }
        if let progress {
            guard progress.add(bytes: n) else { throw .unreadable(file: name, reason: "a newer load replaced this one") }
            if Self.readDelay > 0 { usleep(Self.readDelay) }
        }
        return n
    }

    /// `STRATA_READ_DELAY_MS=N`: a load that reports progress (the full
    /// load, not a first look) waits N ms after each buffer it reads, so a
    /// small file shows what a big one would while it loads (tests, demos).
    static let readDelay: UInt32 = {
        guard let text = getenv("STRATA_READ_DELAY_MS"), let ms = UInt32(String(cString: text)), ms > 0 else { return 0 }
        return min(ms, 10_000) * 1000
    }()

    private func readSome(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadError) -> Int {
        if let (copy, next) = replay {
            let n = copy.read(at: next, into: buffer, count: count)
            if n > 0 {
                replay = (copy, next + Int64(n))
                return n
            }
            replay = nil
        }
        if !peeked.isEmpty {
            let n = min(count, peeked.count)
            buffer.update(from: peeked, count: n)
            peeked.removeFirst(n)
            return n
        }
        if let inflater { return try inflater.read(into: buffer, count: count) }
        while true {
            let n: Int
            if fileRange != nil {
                let want = Int(min(Int64(count), limit - offset))
                if want <= 0 { return 0 }
                n = pread(fd, buffer, want, off_t(offset))
                // The file ends before the bytes it held when opened: it was cut while read.
                if n == 0 { shrunk = "the file ends at byte \(offset), before byte \(limit) it had when opened: it changed while it was read" }
            } else {
                n = Glibc.read(fd, buffer, count)
            }
            if n >= 0 { return n }
            if errno == EINTR { continue }
            if errno == EISDIR { throw .cannotOpen(file: name, reason: "is a directory") }
            throw .unreadable(file: name, reason: "read failed: \(String(cString: strerror(errno)).lowercased())")
        }
    }

    /// A pipe read with a screen waiting: the scanner says when it has
    /// nothing more for now (`RecordScanner.Next.stalled`).
    var reportsStalls = false

    /// Whether a read would return at once: always for files and gzip
    /// (whose inflater may hold bytes a poll cannot see); for a pipe,
    /// whether bytes or its end come within `milliseconds`.
    func hasData(within milliseconds: Int32) -> Bool {
        guard fileRange == nil, inflater == nil, peeked.isEmpty, replay == nil else { return true }
        var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&watch, 1, milliseconds) != 0
    }

    /// A regular file that ended before the size it had when opened.
    private var shrunk: String?

    /// Why the data ended before its end (gzip cut short, a file cut while
    /// read): the bytes before the cut are read.
    var cut: String? {
        if let inflater { return inflater.cut }
        if let shrunk { return shrunk }
        guard let copyCut, offset >= copyCut.end else { return nil }
        return copyCut.reason
    }

    /// Ends the stream: gzip data was checked whole as it was read
    /// (`GzipInflater` stops at a cut or a corrupt byte); its buffers go now.
    /// A copy being made gets the rest of the input first, however the read ended.
    func finish() {
        if let copy = spool {
            _ = try? copy.drain(self)
            copy.cut = cut
            spool = nil
        }
        inflater = nil
    }

    /// After a copy that stopped part-way (a full disk): the stream gives
    /// the copied bytes again, then `pending` (read but not copied), then
    /// the rest of the input, from its start, so it is read once after all.
    func resume(after copy: Spool, pending: [UInt8]) {
        spool = nil
        replay = (copy, 0)
        peeked = pending
        offset = 0
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

    /// Where to split a pretty-printed JSON array: just after the first
    /// newline at or after `offset` that ends a line with `,` and starts one
    /// with `{`, most likely between two records (the split is checked, not
    /// trusted). Within 1 MB, else any newline.
    func elementStart(after offset: Int64) -> Int64? {
        elementStart(after: offset, indent: nil) ?? newline(after: offset)
    }

    /// As above, with the `{` after `indent` spaces when given (a record's,
    /// where a nested object's is deeper); nil when none is within 1 MB.
    func elementStart(after offset: Int64, indent: Int?) -> Int64? {
        guard let range = fileRange else { return nil }
        var window = [UInt8](repeating: 0, count: 1 << 20)
        let n = window.withUnsafeMutableBytes { pread(fdForSplit, $0.baseAddress, $0.count, off_t(offset)) }
        let isSpace = { (b: UInt8) in b == ByteText.space || b == ByteText.tab || b == 13 }
        var i = 0
        while i < n, let newline = window[i..<n].firstIndex(of: UInt8(ascii: "\n")) {
            var before = newline - 1, after = newline + 1
            while before >= 0, isSpace(window[before]) { before -= 1 }
            while after < n, isSpace(window[after]) { after += 1 }
            if before >= 0, window[before] == UInt8(ascii: ","), after < n, window[after] == UInt8(ascii: "{"),
               indent.map({ after - newline - 1 == $0 }) ?? true {
                let next = offset + Int64(newline) + 1
                return next < range.upperBound ? next : nil
            }
            i = newline + 1
        }
        return nil
    }
}
