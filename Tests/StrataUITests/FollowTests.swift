import Foundation
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

    // MARK: a file that a writer appends to, looked at as `-f` does

    /// The app on `path` loaded whole, with a `FollowLoop` whose looks the test makes.
    static func following(_ path: String) throws -> (app: StrataApp, loop: FollowLoop) {
        var setup = LoadSetup()
        setup.zone = .utc
        setup.levels = [.day, .week]
        let loaded = try DataLoader.load([.file(path)], options: ReadOptions(), setup: setup)
        let feed = DatasetFeed()
        let follower = try #require(FileFollower(path: path, result: loaded, options: ReadOptions()))
        var app = StrataApp(dataset: Dataset(loaded: loaded, levels: loaded.levels), clock: TestClock(now: ScreenTests.now),
                            aggregate: .count, feed: feed, follows: true)
        app.handle(.resize(LoadingTests.size))
        return (app, FollowLoop(follower, name: "app.csv", feed: feed))
    }

    /// `count` rows an hour apart on 2024-01-01 from hour `first`.
    static func hours(_ first: Int, _ count: Int) -> String {
        (first..<(first + count)).map { String(format: "2024-01-01T%02d:00:00Z\n", $0) }.joined()
    }

    static func append(_ text: String, to path: String) {
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try? handle.close()
    }

    /// One look, then the frame after the app's next tick.
    static func look(_ app: inout StrataApp, _ loop: FollowLoop) -> String {
        loop.step()
        app.handle(.tick)
        return app.render().grid.plainText
    }

    @Test func framesShowAWritersRowsAHalfLineOnlyOnceWholeAndEveryChangeToTheFile() throws {
        try withTemporaryFile(named: "app.csv", holding: "time\n" + Self.hours(0, 4)) { path in
            var (app, loop) = try Self.following(path)
            #expect(app.render().grid.plainText.contains("count 4 "))
            let writer = Thread { Self.append(Self.hours(4, 6), to: path) }
            writer.start()
            while !writer.isFinished { Thread.sleep(forTimeInterval: 0.001) }
            #expect(Self.look(&app, loop).contains("count 10 "))
            // Half a line waits for its newline.
            Self.append("2024-01-01T1", to: path)
            #expect(Self.look(&app, loop).contains("count 10 "))
            Self.append("0:00:00Z\n", to: path)
            #expect(Self.look(&app, loop).contains("count 11 "))
            // Cut short: read again from its start.
            try Data(("time\n" + Self.hours(0, 2)).utf8).write(to: URL(fileURLWithPath: path))
            var screen = Self.look(&app, loop)
            #expect(screen.contains("count 2 ") && screen.contains("app.csv was truncated: read again from its start"))
            // Renamed away and replaced: the rows read stay.
            try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
            try Data(("time\n" + Self.hours(2, 3)).utf8).write(to: URL(fileURLWithPath: path))
            screen = Self.look(&app, loop)
            #expect(screen.contains("count 5 ") && screen.contains("app.csv rotated: following the new file"))
            // Removed: waited for.
            try FileManager.default.removeItem(atPath: path)
            screen = Self.look(&app, loop)
            #expect(screen.contains("count 5 ") && screen.contains("app.csv was removed: waiting for it"))
            try Data(("time\n" + Self.hours(5, 1)).utf8).write(to: URL(fileURLWithPath: path))
            screen = Self.look(&app, loop)
            #expect(screen.contains("count 6 ") && screen.contains("app.csv is back: following it"))
            try? FileManager.default.removeItem(atPath: path + ".1")
        }
    }
}
