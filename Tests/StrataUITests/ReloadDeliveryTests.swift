import Foundation
import StrataData
import Testing
@testable import StrataUI

/// The app's side of a reload (`f`): the load on show is told it may stop
/// only when the app shows the reload's rows; a reload that fails, or one
/// asked before the one before was shown, leaves the load on show going on.
@Suite("Reloads as the app takes them")
struct ReloadDeliveryTests {
    /// Hands each reload a feed of its own and notes which the app said it showed.
    final class FakeReloads: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var feeds: [DatasetFeed] = []
        private var shown: [Int] = []
        var adopted: [Int] { lock.withLock { shown } }

        func reload(_ change: ReadChange) -> StrataApp.Reloading {
            let feed = DatasetFeed()
            feeds.append(feed)
            let number = feeds.count
            return .started(feed, adopted: { [self] in lock.withLock { shown.append(number) } })
        }
    }

    /// An app on the first ten days of a load still running, posting to `feed`.
    static func app(feed: DatasetFeed, reloads: FakeReloads) -> StrataApp {
        var app = StrataApp(dataset: LoadingTests.read(Array(1...10), through: (10, 0)), clock: TestClock(now: ScreenTests.now),
                            feed: feed, reloader: reloads.reload)
        app.handle(.resize(LoadingTests.size))
        return app
    }

    /// `f`, the word, Enter: a bare word names no field, so any dataset takes it.
    static func filter(_ word: String, in app: inout StrataApp) {
        for key in [Key.character("f")] + word.map(Key.character) + [.enter] { app.handle(.key(key)) }
    }

    @Test func theLoadOnShowIsToldToStopOnlyOnceTheReloadsRowsAreShown() {
        let (feed, reloads) = (DatasetFeed(), FakeReloads())
        var app = Self.app(feed: feed, reloads: reloads)
        Self.filter("x", in: &app)
        #expect(reloads.feeds.count == 1 && app.state.reloading != nil)
        reloads.feeds[0].post(.dataset(LoadingTests.read(Array(1...4), through: (4, 0)), rows: nil))
        #expect(reloads.adopted == [])
        app.handle(.tick)
        #expect(reloads.adopted == [1])
        #expect(app.state.filter == "x" && app.state.reloading == nil && app.dataset.count(.day) == 4)
    }

    @Test func aReloadThatFailsLeavesTheLoadOnShowGoingOn() {
        let (feed, reloads) = (DatasetFeed(), FakeReloads())
        var app = Self.app(feed: feed, reloads: reloads)
        Self.filter("x", in: &app)
        // A load's failure comes without `strata: `, which only the command line's line has: the footer says it as it is.
        reloads.feeds[0].post(.failed(message: "big.csv: no row passes --where (3,200,000 rows read)", exitCode: 65))
        app.handle(.tick)
        #expect(reloads.adopted == [])
        #expect(app.state.filter == nil && app.state.reloading == nil)
        #expect(app.state.notice == "big.csv: no row passes --where (3,200,000 rows read)")
        // The load on show posts on, and the view follows it.
        feed.post(.dataset(LoadingTests.read(Array(1...12), through: (12, 0)), rows: nil))
        app.handle(.tick)
        #expect(LoadingTests.shownDay(app) == "2024-01-12")
    }

    /// A second `f` before the first reload's rows came, which fails: the
    /// first reload's rows, posted after it, are never shown, and neither
    /// reload replaces the load on show.
    @Test func aReloadAskedBeforeTheOneBeforeWasShownThatFailsLeavesTheLoadOnShow() {
        let (feed, reloads) = (DatasetFeed(), FakeReloads())
        var app = Self.app(feed: feed, reloads: reloads)
        Self.filter("x", in: &app)
        Self.filter("y", in: &app)
        #expect(reloads.feeds.count == 2)
        // The first reload's rows come once the second was asked.
        reloads.feeds[0].post(.dataset(LoadingTests.read(Array(1...4), through: (4, 0)), rows: nil))
        reloads.feeds[1].post(.failed(message: "big.csv: no row passes --where (3,200,000 rows read)", exitCode: 65))
        app.handle(.tick)
        #expect(reloads.adopted == [])
        #expect(app.state.filter == nil && app.dataset.count(.day) == 10)
        feed.post(.dataset(LoadingTests.read(Array(1...12), through: (12, 0)), rows: nil))
        app.handle(.tick)
        #expect(LoadingTests.shownDay(app) == "2024-01-12")
    }
}
