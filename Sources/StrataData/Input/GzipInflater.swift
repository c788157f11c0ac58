import CZlib
import Foundation

/// Gzip bytes read from a descriptor and inflated in-process by zlib: a
/// `.gz` file, or gzip piped in (`cat x.csv.gz | strata`). Several members
/// one after the other are read as one stream, as `gzip -dc` does, and
/// bytes after the last that are not a member are ignored, as its warning says.
/// A cut or a corrupt byte ends the data there, as `zcat` gives what it could.
final class GzipInflater {
    private static let inputSize = 256 << 10

    private let fd: Int32
    private let name: String
    private var stream = z_stream()
    private let input = UnsafeMutablePointer<UInt8>.allocate(capacity: GzipInflater.inputSize)
    private var inputEnded = false
    /// The member being read reached its end; the next bytes may start another.
    private var memberEnded = false
    private var finished = false
    /// Why the data ended early (cut short, or corrupt after some of it
    /// inflated): the bytes before it are read, and the reader says where it stopped.
    private(set) var cut: String?

    /// - Parameter prefix: bytes already read from `fd` (the magic number of a pipe).
    init(fd: Int32, name: String, prefix: [UInt8] = []) throws(ReadError) {
        self.fd = fd
        self.name = name
        input.update(from: prefix, count: prefix.count)
        stream.next_in = input
        stream.avail_in = UInt32(prefix.count)
        guard strata_inflate_init(&stream) == Z_OK else { throw .unreadable(file: name, reason: "zlib cannot start") }
    }

    deinit {
        inflateEnd(&stream)
        input.deallocate()
    }

    /// Inflates up to `count` bytes into `buffer`; 0 at the end of the data.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadError) -> Int {
        stream.next_out = buffer
        stream.avail_out = UInt32(count)
        while !finished && Int(stream.avail_out) == count {
            if stream.avail_in == 0 {
                guard !inputEnded else {
                    finished = true
                    if !memberEnded { try stop("it ends before its last member does") }
                    break
                }
                try refill()
                continue
            }
            if memberEnded {
                // Another member, or trailing bytes to ignore.
                guard stream.next_in[0] == 0x1F else {
                    finished = true
                    break
                }
                inflateReset(&stream)
                memberEnded = false
            }
            switch inflate(&stream, Z_NO_FLUSH) {
            case Z_STREAM_END: memberEnded = true
            case Z_OK, Z_BUF_ERROR: break
            default:
                finished = true
                try stop(stream.msg.map { String(cString: $0) } ?? "corrupt data")
            }
        }
        return count - Int(stream.avail_out)
    }

    private func refill() throws(ReadError) {
        while true {
            let n = Glibc.read(fd, input, Self.inputSize)
            if n >= 0 {
                stream.next_in = input
                stream.avail_in = UInt32(n)
                inputEnded = n == 0
                return
            }
            if errno == EINTR { continue }
            throw .unreadable(file: name, reason: "read failed: \(String(cString: strerror(errno)).lowercased())")
        }
    }

    /// Ends the data at a cut or a corrupt byte: what inflated before it
    /// is read; with nothing inflated, the input is not gzip data at all.
    private func stop(_ detail: String) throws(ReadError) {
        guard stream.total_out > 0 else { throw .unreadable(file: name, reason: "not valid gzip data (\(detail))") }
        cut = "gzip data cut short after \(stream.total_out) bytes (\(detail))"
    }
}
