import Foundation

/// How far a load has come, shared by the reading threads and whoever shows
/// it (the command's progress line). Readers add bytes per buffer and rows
/// in steps of thousands, so the lock is taken rarely.
public final class LoadProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var rows = 0
    private var bytes: Int64 = 0
    private var filteredOut = 0
    private var lackingField = 0
    private var stopped = false

    public init() {}

    /// Rows and bytes read so far.
    public var snapshot: (rows: Int, bytes: Int64) {
        lock.withLock { (rows, bytes) }
    }

    /// Of the rows read so far, those the filter did not pass, and of those, how many lacked a field it names.
    public var filtered: (out: Int, lacking: Int) {
        lock.withLock { (filteredOut, lackingField) }
    }

    func add(rows count: Int, filteredOut out: Int = 0, lacking: Int = 0) {
        lock.withLock {
            rows += count
            filteredOut += out
            lackingField += lacking
        }
    }

    /// Stops the load this tells of: its next read of the input fails (a newer load replaced it).
    public func stop() {
        lock.withLock { stopped = true }
    }

    /// Counts a buffer read; false once the load was stopped, so a reader
    /// takes the lock once per buffer, not twice.
    func add(bytes count: Int) -> Bool {
        lock.withLock {
            bytes += Int64(count)
            return !stopped
        }
    }
}
