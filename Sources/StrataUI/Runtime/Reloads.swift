import Foundation
import StrataData

/// What a load's failure says, without `strata: ` (the command line adds
/// it, the footer does not), and the exit status it ends strata with.
public protocol LoadFailure: Error {
    var message: String { get }
    var exitCode: Int32 { get }
}

/// The input read again as the app asks (`f`, `F`, `g`): each reload opens
/// a road of its own (`open`: a file's or a database's, the runner's
/// `Road`) and loads it on a worker thread as the first load was, posting
/// to a feed of its own, its first rows included; the road is opened on
/// that thread too, as a table's plan asks the server (its columns, a
/// sample, its span) and the keys must not wait for it. The load it replaces is
/// stopped once the app has taken the new one's first rows (`adopted`):
/// until then the old one goes on, so that a reload that fails, or one
/// asked after it that does, leaves the view and its load as they were. A
/// reload asked before the app took the one before stops that one.
public final class Reloads<Road: Sendable, Failure: LoadFailure>: @unchecked Sendable {
    private let lock = NSLock()
    /// The load on show, and the reload asked last, each with the feed it posts to.
    private var shown: (road: Road, feed: DatasetFeed)
    /// The reload's road is nil until its worker has opened it.
    private var asked: (road: Road?, feed: DatasetFeed, number: Int)?
    private var count = 0
    /// A road over the same inputs with the change, in the levels and zone of the load on show.
    private let open: (ReadChange, LoadResult) throws(Failure) -> Road
    /// The load on show, as far as it has come.
    private let latest: () -> LoadResult?
    /// Loads a road into a feed and returns its first rows.
    private let load: (Road, DatasetFeed) throws(Failure) -> (Dataset, StrataApp.RowReader?)
    /// Stops a road's load if it still runs, and whatever follows its file.
    private let stop: (Road) -> Void

    public init(shown road: Road, feed: DatasetFeed, latest: @escaping () -> LoadResult?,
                open: @escaping (ReadChange, LoadResult) throws(Failure) -> Road,
                load: @escaping (Road, DatasetFeed) throws(Failure) -> (Dataset, StrataApp.RowReader?),
                stop: @escaping (Road) -> Void) {
        shown = (road, feed)
        self.latest = latest
        self.open = open
        self.load = load
        self.stop = stop
    }

    /// Starts a reload with `change`, or says why there can be none: a
    /// road that cannot be opened posts its failure, which the app refuses as a reload's.
    public func reload(_ change: ReadChange) -> StrataApp.Reloading {
        guard let result = latest() else { return .refused("nothing has been read yet") }
        let feed = DatasetFeed()
        let number = lock.withLock {
            if let earlier = asked { retire(earlier.road, earlier.feed) }
            count += 1
            asked = (nil, feed, count)
            return count
        }
        let worker = Thread { [self] in
            do throws(Failure) {
                let road = try open(change, result)
                // A reload asked meanwhile has retired this one: its road stops at once.
                let current = lock.withLock {
                    guard asked?.number == number else { return false }
                    asked?.road = road
                    return true
                }
                guard current else { return stop(road) }
                let (dataset, rows) = try load(road, feed)
                feed.postFirst(.dataset(dataset, rows: rows))
            } catch {
                feed.post(.failed(message: error.message, exitCode: error.exitCode))
                lock.withLock { if asked?.number == number { asked = nil } }
            }
        }
        worker.stackSize = 8 << 20
        worker.start()
        return .started(feed, adopted: { [self] in adopted(number) })
    }

    /// The app shows reload `number`'s rows: the load shown before it stops.
    private func adopted(_ number: Int) {
        lock.withLock {
            guard let taken = asked, taken.number == number, let road = taken.road else { return }
            retire(shown.road, shown.feed)
            (shown, asked) = ((road, taken.feed), nil)
        }
    }

    /// Stops a load no screen will show (a road not yet opened is stopped once it is).
    private func retire(_ road: Road?, _ feed: DatasetFeed) {
        feed.close()
        road.map(stop)
    }
}
