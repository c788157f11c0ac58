import Foundation
import Testing
import StrataData
@testable import StrataUI

/// `Reloads`, the runner's side of `f`, `F` and `g`, with roads of the
/// test's own: a reload is refused before anything was read or when its
/// road cannot be opened; its first rows are posted to a feed of its own;
/// the load on show stops only once the app has taken them, and a reload
/// asked before the one before was taken stops that one.
@Suite("Reloads on the runner's side")
struct ReloadsTests {
    /// A road as the runner's is to `Reloads`: something to load and to stop.
    final class TestRoad: @unchecked Sendable {
        let name: String
        private let condition = NSCondition()
        private var stopped = false
        init(_ name: String) { self.name = name }
        func stop() { condition.withLock { stopped = true; condition.broadcast() } }
        var isStopped: Bool { condition.withLock { stopped } }

        /// Returns once the road is stopped, from whichever thread stops it.
        func waitForStop() {
            condition.withLock { while !stopped { condition.wait() } }
        }
    }

    struct TestFailure: LoadFailure {
        let message: String
        let exitCode: Int32
    }

    /// Reloads from `shown` (posting to `feed`): each opened road is named by the
    /// change's series and kept in `opened`; a road named `fails` fails its load.
    final class Harness: @unchecked Sendable {
        let shown = TestRoad("shown")
        let feed = DatasetFeed()
        private let condition = NSCondition()
        private var roads: [TestRoad] = []
        var opened: [TestRoad] { condition.withLock { roads } }

        /// The road opened for the series `name`, once a worker has opened it.
        func road(_ name: String) -> TestRoad {
            condition.withLock {
                while true {
                    if let road = roads.first(where: { $0.name == name }) { return road }
                    condition.wait()
                }
            }
        }
        var result: LoadResult? = ReloadsTests.loaded

        lazy var reloads = Reloads<TestRoad, TestFailure>(shown: shown, feed: feed, latest: { [unowned self] in result },
            open: { [unowned self] (change, _) throws(TestFailure) -> TestRoad in
                guard change.series != "closed" else { throw TestFailure(message: "access.log was read once, with no copy kept", exitCode: 64) }
                let road = TestRoad(change.series ?? "")
                condition.withLock { roads.append(road); condition.broadcast() }
                return road
            },
            load: { (road, _) throws(TestFailure) -> (Dataset, StrataApp.RowReader?) in
                guard road.name != "fails" else { throw TestFailure(message: "access.log: no row passes --where (1,205 rows read)", exitCode: 65) }
                return (LoadingTests.read([1, 2, 3]), nil)
            },
            stop: { $0.stop() })
    }

    static let loaded: LoadResult = {
        var accumulator = Accumulator(calendar: LoadingTests.calendar, baseUnit: .hour)
        accumulator.add(seconds: LoadingTests.instant(day: 1, hour: 0), value: 1)
        return LoadResult(accumulator: accumulator, sourceName: "access.log", valueName: "v")
    }()

    /// The first delivery of `feed`, waited for as long as it takes.
    static func first(_ feed: DatasetFeed) -> DatasetFeed.Delivery {
        while true {
            if let delivery = feed.take() { return delivery }
            feed.wait(milliseconds: 50)
        }
    }

    /// Nothing read yet is refused at once; a road that cannot be opened (on
    /// the worker, as a table's plan asks the server) posts why, which the app refuses.
    @Test func nothingReadOrARoadThatCannotOpenIsRefused() {
        let harness = Harness()
        harness.result = nil
        guard case .refused(let why) = harness.reloads.reload(ReadChange(series: "path")) else { Issue.record("started"); return }
        #expect(why == "nothing has been read yet")
        harness.result = Self.loaded
        guard case .started(let feed, _) = harness.reloads.reload(ReadChange(series: "closed")) else { Issue.record("refused"); return }
        guard case .failed(let closed, let exitCode) = Self.first(feed) else { Issue.record("a dataset"); return }
        #expect(closed == "access.log was read once, with no copy kept" && exitCode == 64)
        #expect(harness.opened.isEmpty && !harness.shown.isStopped && !harness.feed.isClosed)
    }

    @Test func theLoadOnShowStopsOnceTheReloadsRowsAreTaken() {
        let harness = Harness()
        guard case .started(let feed, let adopted) = harness.reloads.reload(ReadChange(series: "path")) else { Issue.record("refused"); return }
        guard case .dataset(let dataset, _, _) = Self.first(feed) else { Issue.record("failed"); return }
        #expect(dataset.count(.day) == 3)
        #expect(!harness.shown.isStopped && !harness.feed.isClosed)
        adopted()
        #expect(harness.shown.isStopped && harness.feed.isClosed)
        #expect(harness.opened.map(\.isStopped) == [false])
    }

    @Test func aReloadAskedBeforeTheOneBeforeWasTakenStopsThatOne() {
        let harness = Harness()
        guard case .started(let first, let adoptedFirst) = harness.reloads.reload(ReadChange(series: "path")),
              case .started(let second, let adoptedSecond) = harness.reloads.reload(ReadChange(series: "method")) else {
            Issue.record("refused")
            return
        }
        #expect(first.isClosed && !second.isClosed)
        // The first one's road, opened before it was retired or after, is stopped.
        harness.road("path").waitForStop()
        guard case .dataset = Self.first(second) else { Issue.record("failed"); return }
        // The first one's rows, taken late, stop nothing.
        adoptedFirst()
        #expect(!harness.shown.isStopped)
        adoptedSecond()
        #expect(harness.shown.isStopped && !harness.road("method").isStopped)
    }

    @Test func aLoadThatFailsPostsItsMessageAndLeavesTheLoadOnShow() {
        let harness = Harness()
        guard case .started(let feed, _) = harness.reloads.reload(ReadChange(series: "fails")) else { Issue.record("refused"); return }
        guard case .failed(let message, let exitCode) = Self.first(feed) else { Issue.record("a dataset"); return }
        #expect(message == "access.log: no row passes --where (1,205 rows read)" && exitCode == 65)
        #expect(!harness.shown.isStopped && !harness.feed.isClosed)
    }
}
