import Foundation

/// A file descriptor written in 64 KiB blocks: an export or a run of frames
/// streams without being held whole in memory, and without a system call
/// per row. The first error stops the writing and is kept. Call `flush()` when done.
public struct DescriptorOutput: TextOutputStream {
    let descriptor: Int32
    private var pending: [UInt8] = []
    /// The `errno` of the first write that failed.
    public private(set) var failure: Int32?

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public mutating func write(_ string: String) {
        guard failure == nil else { return }
        pending.append(contentsOf: string.utf8)
        if pending.count >= 1 << 16 { flush() }
    }

    public mutating func flush() {
        var done = 0
        while failure == nil, done < pending.count {
            let n = pending[done...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if n < 0, errno != EINTR { failure = errno } else if n > 0 { done += n }
        }
        pending.removeAll(keepingCapacity: true)
    }
}
