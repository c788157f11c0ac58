import Foundation

/// Passes a load's updates on one at a time, and none after its end. The
/// first look's progress is told from a thread of its own: one told just
/// as the load ended reached the screen after the finished dataset and
/// replaced it (the screen kept saying `reading … 100%` for good).
final class UpdateGate: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private let update: @Sendable (BackgroundLoad.Update) -> Void

    init(_ update: @escaping @Sendable (BackgroundLoad.Update) -> Void) {
        self.update = update
    }

    /// A state of the load, unless it has ended.
    func pass(_ partial: @autoclosure () -> BackgroundLoad.Update) {
        lock.withLock { if !ended { update(partial()) } }
    }

    /// The load's end: the last update.
    func end(_ last: BackgroundLoad.Update) {
        lock.withLock {
            ended = true
            update(last)
        }
    }
}
