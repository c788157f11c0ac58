import Foundation

/// A copy of an input that can be read only once, as it is read: the bytes
/// of a pipe, or of gzip once inflated, in an unlinked file of `TMPDIR`,
/// else `/var/tmp` (on disk, where `/tmp` is often memory), else `/tmp`. When the input ends, the copy
/// is read again as a plain file is, so a pipe and a `.gz` get the file's
/// picks, periods and pages, and its rows can be read back for a card. The
/// file has no name from the start and goes when the process does.
public final class Spool: @unchecked Sendable {
    /// The input's name in messages and on screen (`stdin`, `access.log.gz`).
    public let name: String
    private let fd: Int32
    /// Bytes copied so far.
    private(set) var length: Int64 = 0
    /// The input's modification time, when it is a file (a `.gz`): it dates times without a year.
    let modified: Int64?
    /// Why the copy stopped (a full disk, a read that failed): the input is then what was read once.
    private(set) var failure: String?
    /// Why gzip data ended before its end: the copy holds the bytes before the cut.
    var cut: String?
    /// How much of the first bytes is looked at for a NUL byte.
    static let binaryLook = 64 << 10
    /// The most the copy may take: half the folder's free room when it was
    /// made, at most 16 GiB (a pipe that never ends, `journalctl -f`, must
    /// not fill the disk).
    private let limit: Int64
    /// A copy made as the input is read is of no use once it stops: its
    /// room is given back at once. A copy read again after it stops keeps it.
    var givesRoomBack = true

    /// Nil when the temporary folder takes no file; the input is then read once.
    init?(name: String, modified: Int64?) {
        let folders = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : [$0] } ?? ["/var/tmp", "/tmp"]
        guard let fd = folders.lazy.compactMap(Self.unnamedFile(in:)).first else { return nil }
        self.name = name
        self.fd = fd
        self.modified = modified
        var room = statvfs()
        let free = fstatvfs(fd, &room) == 0 ? Int64(room.f_bavail) * Int64(room.f_frsize) : 0
        limit = min(free / 2, 16 << 30)
    }

    deinit { close(fd) }

    /// A new file in `folder`, its name removed at once; nil when the folder takes none.
    private static func unnamedFile(in folder: String) -> Int32? {
        var template = Array("\(folder)/strata-copy-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        return fd
    }

    /// The copy opened again by this process: `/proc/self/fd/N` (the file has no other name).
    var path: String { "/proc/self/fd/\(fd)" }

    /// Adds `count` bytes read from the input; after a failed write, nothing more
    /// (the bytes of a write that failed are not counted in `length`).
    func append(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard failure == nil else { return }
        // Text has no NUL byte: a binary input (`/dev/urandom`, an image) is refused as it is read, never copied whole.
        if length < Int64(Self.binaryLook), memchr(bytes, 0, min(count, Self.binaryLook - Int(length))) != nil {
            fail("binary data")
            return
        }
        guard length + Int64(count) <= limit else {
            fail("it would take more than \(Self.size(limit))")
            return
        }
        var written = 0
        while written < count {
            let n = write(fd, bytes + written, count - written)
            if n > 0 {
                written += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                fail(String(cString: strerror(n < 0 ? errno : ENOSPC)).lowercased())
                return
            }
        }
        length += Int64(count)
    }

    /// Copies what `stream` (which copies into this) has not yet given. A
    /// read that fails marks the copy failed (`ByteStream.read`) and is
    /// thrown; a write that fails stops the copy, and the bytes read for it
    /// are returned, for the input to be read once after all.
    @discardableResult
    func drain(_ stream: ByteStream) throws(ReadError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        while failure == nil {
            let n = try buffer.withUnsafeMutableBufferPointer { (b) throws(ReadError) in try stream.read(into: b.baseAddress!, count: b.count) }
            if n == 0 { return [] }
            if failure != nil { return Array(buffer[0..<n]) }
        }
        return []
    }

    /// Reads copied bytes from `offset` (`pread`: any number of readers at once); 0 at the copy's end.
    func read(at offset: Int64, into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        let want = Int(min(Int64(count), length - offset))
        guard want > 0 else { return 0 }
        return max(0, pread(fd, buffer, want, off_t(offset)))
    }

    /// The input failed as it was read: the copy is not the input.
    func fail(_ reason: String) {
        guard failure == nil else { return }
        failure = reason
        if givesRoomBack { _ = ftruncate(fd, 0) }
    }

    /// `12 MB`, `3 kB`.
    private static func size(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes >> 10) kB"
    }

    /// The note said when the copy stopped: the input was read once, with the picks of its first rows.
    var note: String? {
        failure.map { Self.uncopied(name, why: "\($0) in the temporary folder after \(Self.size(length))") }
    }

    /// What stderr says of an input that is read once, not copied, and why.
    static func uncopied(_ name: String, why: String) -> String {
        "\(name): no copy kept (\(why)): read once, picks from its first rows"
    }
}

extension Spool: Equatable {
    public static func == (a: Spool, b: Spool) -> Bool { a === b }
}
