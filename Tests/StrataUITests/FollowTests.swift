import StrataData
import Testing
@testable import StrataUI

/// The app while a followed input grows: a view on the latest period goes
/// on with it, a view elsewhere stays and counts the new rows, what
/// happened to the file is said until the next key, and frames wake often
/// enough for appended rows to reach the screen within 250 ms.
struct FollowTests {
    static let calendar = LoadingTests.calendar

    /// Days `days` of January 2024, 24 hourly rows each, every row counted as read.
    static func grown(_ days: [Int]) -> Dataset {
        var accumulator = Accumulator(calendar: calendar, baseUnit: .hour)
        for day in days {
            for hour in 0..<24 { accumulator.add(seconds: LoadingTests.instant(day: day, hour: hour), value: 1) }
        }
        var result = LoadResult(accumulator: accumulator, sourceName: "app.log", valueName: "v")
        result.accepted = days.count * 24
        return Dataset(loaded: result, levels: [.day, .week, .month])
    }

    static func app(_ dataset: Dataset, feed: DatasetFeed, at day: Int? = nil) -> StrataApp {
        var app = StrataApp(dataset: dataset, clock: TestClock(now: ScreenTests.now),
                            at: day.map { LoadingTests.instant(day: $0, hour: 0) }, feed: feed, follows: true)
        app.handle(.resize(LoadingTests.size))
        return app
    }

    @Test func aViewElsewhereCountsTheNewRowsUntilItIsOnTheLatest() {
        let feed = DatasetFeed()
        var app = Self.app(Self.grown(Array(1...10)), feed: feed, at: 5)
        feed.post(.dataset(Self.grown(Array(1...11)), rows: nil))
        app.handle(.tick)
        feed.post(.dataset(Self.grown(Array(1...12)), rows: nil))
        app.handle(.tick)
        #expect(LoadingTests.shownDay(app) == "2024-01-05")
        #expect(app.state.newRows == 48)
        #expect(app.render().grid.line(23) == " +48 new rows · End goes to the latest")
        app.handle(.key(.end))
        #expect(LoadingTests.shownDay(app) == "2024-01-12")
        #expect(!app.render().grid.line(23).contains("new rows"))
        // On the latest, rows that come follow the view: nothing to count.
        feed.post(.dataset(Self.grown(Array(1...13)), rows: nil))
        app.handle(.tick)
        #expect(LoadingTests.shownDay(app) == "2024-01-13")
        #expect(app.state.newRows == 0)
    }

    /// A background load's fuller datasets bring rows that were there all along: none is new.
    @Test func aLoadStillReadingCountsNoNewRows() {
        let feed = DatasetFeed()
        var app = Self.app(LoadingTests.read(Array(1...10), through: (10, 0)), feed: feed, at: 5)
        feed.post(.dataset(Self.grown(Array(1...12)), rows: nil))
        app.handle(.tick)
        #expect(app.state.newRows == 0)
    }

    @Test func whatHappenedToTheFileIsSaidUntilTheNextKeyEvenIfANewerDatasetCameFirst() {
        let feed = DatasetFeed()
        var app = Self.app(Self.grown(Array(1...10)), feed: feed)
        feed.post(.dataset(Self.grown(Array(1...10)), rows: nil, notice: "app.log rotated: following the new file"))
        // Posted before the app looked: the notice goes with the newer dataset.
        feed.post(.dataset(Self.grown(Array(1...11)), rows: nil))
        app.handle(.tick)
        #expect(app.dataset.rowsAccepted == 11 * 24)
        #expect(app.render().grid.line(23) == " app.log rotated: following the new file")
        app.handle(.key(.left))
        #expect(!app.render().grid.line(23).contains("rotated"))
    }

    @Test func framesWakeSoonEnoughAndTheIdleReportCountsTheRows() {
        let feed = DatasetFeed()
        var app = Self.app(Self.grown(Array(1...3)), feed: feed)
        let frame = app.render()
        #expect(frame.wakeUp.map { $0 - TestClock(now: ScreenTests.now).milliseconds() }.map { $0 <= 100 } == true)
        #expect(app.activity == .following(rows: 72))
    }
}
