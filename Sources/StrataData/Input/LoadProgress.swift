import Foundation

/// How far a load has come, shared by the reading threads and whoever shows
/// it (the command's progress line). Readers add bytes per buffer and rows
/// in steps of thousands, so the lock is taken rarely.
public final class LoadProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var rows = 0
    private var bytes: Int64 = 0

    public init() {}

    /// Rows and bytes read so far.
    public var snapshot: (rows: Int, bytes: Int64) {
        lock.withLock { (rows, bytes) }
    }

    func add(rows count: Int) {
        lock.withLock { rows += count }
    }

    func add(bytes count: Int) {
        lock.withLock { bytes += Int64(count) }
    }
}
