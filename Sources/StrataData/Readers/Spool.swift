import Foundation

/// A copy of an input that can be read only once, as it is read: the bytes
/// of a pipe, or of gzip once inflated, in an unlinked file of the
/// temporary folder (`TMPDIR`, else `/tmp`). When the input ends, the copy
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

    /// Nil when the temporary folder takes no file; the input is then read once.
    init?(name: String, modified: Int64?) {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(folder)/strata-copy-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        self.name = name
        self.fd = fd
        self.modified = modified
    }

    deinit { close(fd) }

    /// The copy opened again by this process: `/proc/self/fd/N` (the file has no other name).
    var path: String { "/proc/self/fd/\(fd)" }

    /// Whether every byte read was copied.
    var isWhole: Bool { failure == nil }

    /// Adds `count` bytes read from the input; after a failed write, nothing more.
    func append(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard failure == nil else { return }
        var written = 0
        while written < count {
            let n = write(fd, bytes + written, count - written)
            if n > 0 {
                written += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                failure = String(cString: strerror(n < 0 ? errno : ENOSPC)).lowercased()
                return
            }
        }
        length += Int64(count)
    }

    /// Copies what `stream` has not yet given (a read stopped by an error):
    /// the copy then holds the whole input, and reading it says where it fails.
    func drain(_ stream: ByteStream) {
        var buffer = [UInt8](repeating: 0, count: 1 << 18)
        while failure == nil {
            // A read that fails marks the copy failed (`ByteStream.read`).
            guard let n = try? buffer.withUnsafeMutableBufferPointer({ (b) throws(ReadError) in try stream.read(into: b.baseAddress!, count: b.count) }),
                  n > 0 else { return }
        }
    }

    /// The input failed as it was read: the copy is not the input.
    func fail(_ reason: String) {
        if failure == nil { failure = reason }
    }

    /// The note said when the copy stopped: the input was read once, with the picks of its first rows.
    var note: String? {
        failure.map { "\(name): no copy kept (\($0) in the temporary folder after \(length >> 20) MB): read once, picks from its first rows" }
    }
}

extension Spool: Equatable {
    public static func == (a: Spool, b: Spool) -> Bool { a === b }
}
