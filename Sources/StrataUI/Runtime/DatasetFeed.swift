import Foundation
import StrataData

/// Where a background load leaves what it has read for the app: the latest
/// dataset (each replaces the one before; the app only ever needs the
/// newest), or the error that ended the load. The loader posts from its
/// thread; the app takes on its own, between events.
public final class DatasetFeed: @unchecked Sendable {
    public enum Delivery {
        /// What has been read so far, or (with `loading == nil`) all of it;
        /// `rows` reads a period's raw rows back, once the load has ended.
        /// `notice`: what happened to a followed input (`log.txt rotated`), said until the next key.
        case dataset(Dataset, rows: StrataApp.RowReader?, notice: String? = nil)
        /// The load stopped: what went wrong (without `strata: `), printed once the terminal is restored, and the exit code.
        case failed(message: String, exitCode: Int32)
    }

    private let lock = NSCondition()
    private var pending: Delivery?
    /// Whether anything has been posted; a closed feed takes nothing more.
    private var posted = false
    private var closed = false

    public init() {}

    public func post(_ delivery: Delivery) {
        lock.withLock {
            guard !closed else { return }
            posted = true
            defer { lock.broadcast() }
            // A notice not taken yet goes with the newer dataset that replaces it.
            if case .dataset(let dataset, let rows, nil) = delivery, case .dataset(_, _, let notice?)? = pending {
                pending = .dataset(dataset, rows: rows, notice: notice)
            } else {
                pending = delivery
            }
        }
    }

    /// Posts what a load returned at once, unless what its thread went on to
    /// read (fuller, or the end) was posted before it.
    public func postFirst(_ delivery: Delivery) {
        lock.withLock {
            guard !closed, !posted else { return }
            posted = true
            pending = delivery
            lock.broadcast()
        }
    }

    /// No more is taken from the load that posts here (a reload replaced it); a follower stops looking.
    public func close() {
        lock.withLock {
            closed = true
            pending = nil
        }
    }

    public var isClosed: Bool { lock.withLock { closed } }

    /// Waits until a delivery is there to take, or `milliseconds` have passed.
    public func wait(milliseconds: Int) {
        let deadline = Date(timeIntervalSinceNow: Double(milliseconds) / 1000)
        lock.withLock {
            while pending == nil, lock.wait(until: deadline) {}
        }
    }

    /// The newest delivery not yet taken, if any.
    public func take() -> Delivery? {
        lock.withLock {
            defer { pending = nil }
            return pending
        }
    }
}
