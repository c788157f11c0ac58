import Foundation
import StrataData
import Testing
@testable import StrataUI

/// The app while a background load posts ever-fuller datasets: keys keep
/// their period, a view on the last period follows new ones, the progress
/// line moves then goes, periods not read in full are marked, and a failed
/// load or `q` ends the app at once.
@Suite("Loading in the background")
struct LoadingTests {
    static let calendar = ScreenTests.utc
    static let january = calendar.instant(forReference: "2024-01-01")!
    static let size = Size(width: 80, height: 24)

    /// What a load has read of January 2024: each day of `days` holds 24
    /// hourly rows of value `day`; `through` (a day, an hour into it) is how
    /// far the rows are all read, nil when the load has ended.
    static func read(_ days: [Int], through: (day: Int, hour: Int)? = nil, bytes: Int64 = 120_600_000) -> Dataset {
        var accumulator = Accumulator(calendar: calendar, baseUnit: .hour)
        for day in days {
            for hour in 0..<24 { accumulator.add(seconds: instant(day: day, hour: hour), value: Double(day)) }
        }
        var result = LoadResult(accumulator: accumulator, sourceName: "big.csv", valueName: "v")
        result.loading = through.map {
            LoadingState(bytesRead: bytes, bytesTotal: 268_000_000, rowsRead: 3_200_000, elapsed: 0.3,
                         complete: [instant(day: days.min()!, hour: 0)..<instant(day: $0.day, hour: $0.hour)])
        }
        return Dataset(loaded: result, levels: [.day, .week, .month])
    }

    static func instant(day: Int, hour: Int) -> Int64 { january + Int64(day - 1) * 86_400 + Int64(hour) * 3600 }

    static func app(_ dataset: Dataset, feed: DatasetFeed, clock: TestClock = TestClock(now: ScreenTests.now), at day: Int? = nil) -> StrataApp {
        var app = StrataApp(dataset: dataset, clock: clock, at: day.map { instant(day: $0, hour: 0) }, feed: feed)
        app.handle(.resize(size))
        return app
    }

    /// The day on show, as its period id.
    static func shownDay(_ app: StrataApp) -> String {
        app.dataset.calendar.periodID(.day, ordinal: app.dataset.ordinal(.day, index: app.state.navigation.position))
    }

    @Test func aKeyDuringALoadMovesFromThePeriodOnShowWhenEarlierDataArrives() {
        let feed = DatasetFeed()
        var app = Self.app(Self.read(Array(10...20), through: (20, 0)), feed: feed, at: 15)
        let fuller = Self.read(Array(1...20), through: (20, 0))
        feed.post(.dataset(fuller, rows: nil))
        app.handle(.key(.left))
        #expect(Self.shownDay(app) == "2024-01-14")
        // Whole state: as if the fuller data had been there from the start.
        var fresh = Self.app(fuller, feed: DatasetFeed(), at: 15)
        fresh.handle(.key(.left))
        #expect(app.state == fresh.state)
    }

    @Test func aViewOnTheLastPeriodFollowsNewOnesAndOneElsewhereStays() {
        let feed = DatasetFeed()
        var last = Self.app(Self.read(Array(1...10), through: (10, 0)), feed: feed)
        var earlier = Self.app(Self.read(Array(1...10), through: (10, 0)), feed: feed, at: 5)
        #expect(Self.shownDay(last) == "2024-01-10")
        let later = Self.read(Array(1...12), through: (12, 0))
        feed.post(.dataset(later, rows: nil))
        last.handle(.tick)
        feed.post(.dataset(later, rows: nil))
        earlier.handle(.tick)
        #expect(Self.shownDay(last) == "2024-01-12")
        #expect(last.state.navigation.periodCounts == [12, 2, 1])
        #expect(Self.shownDay(earlier) == "2024-01-05")
        // Whole state: as if opened on the fuller data (the week, W02, holds the day shown from the start).
        #expect(last.state == Self.app(later, feed: DatasetFeed()).state)
    }

    /// A load that ends before any key puts the view where the whole input
    /// opens, as a dump of it does: its first rows' last day is not where it ends.
    @Test func aLoadThatEndsBeforeAnyKeyOpensWhereTheWholeInputDoes() {
        let feed = DatasetFeed()
        var app = Self.app(Self.read(Array(1...10), through: (10, 0)), feed: feed)
        #expect(Self.shownDay(app) == "2024-01-10")
        let whole = Self.read(Array(1...25))
        feed.post(.dataset(whole, rows: nil))
        app.handle(.tick)
        #expect(Self.shownDay(app) == "2024-01-25")
        #expect(app.state == Self.app(whole, feed: DatasetFeed()).state)
    }

    /// A dump takes the terminal's road: it opens on the first rows, waits
    /// for the load a worker posts, then replays its keys and prints what
    /// the terminal shows once settled — the same as a dump of the whole input.
    @Test func aDumpWaitsForTheLoadAndPrintsWhereTheWholeInputOpens() throws {
        let feed = DatasetFeed()
        var app = Self.app(Self.read(Array(1...10), through: (10, 0)), feed: feed)
        let whole = Self.read(Array(1...25))
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            feed.post(.dataset(whole, rows: nil))
        }
        var printed = ""
        HeadlessRunner.run(&app, tokens: try KeyScript.parse("left"), options: .init(size: Self.size), to: &printed)
        var direct = Self.app(whole, feed: DatasetFeed())
        var expected = ""
        HeadlessRunner.run(&direct, tokens: try KeyScript.parse("left"), options: .init(size: Self.size), to: &expected)
        #expect(Self.shownDay(app) == "2024-01-24")
        #expect(printed == expected)
    }

    /// A load that fails under a dump prints no screen: the command prints the failure.
    @Test func aDumpWhoseLoadFailsPrintsNothing() throws {
        let feed = DatasetFeed()
        var app = Self.app(Self.midway, feed: feed)
        feed.post(.failed(message: "big.csv: read error", exitCode: 74))
        var printed = ""
        HeadlessRunner.run(&app, tokens: try KeyScript.parse("left"), options: .init(size: Self.size), to: &printed)
        #expect(printed == "")
        #expect(app.loadFailure?.exitCode == 74)
    }

    /// Once a key has moved the view, the load's end leaves it on its period.
    @Test func aLoadThatEndsAfterAKeyLeavesTheViewWhereItIs() {
        let feed = DatasetFeed()
        var app = Self.app(Self.read(Array(1...10), through: (10, 0)), feed: feed)
        app.handle(.key(.left))
        feed.post(.dataset(Self.read(Array(1...25)), rows: nil))
        app.handle(.tick)
        #expect(Self.shownDay(app) == "2024-01-09")
    }

    /// A pipe's first rows spanned days; the whole of it spans a year, and
    /// the full load ends on other levels: the day level stays, with its day.
    @Test func levelsTheFullLoadEndsWithReplaceThoseOfTheFirstRows() {
        let feed = DatasetFeed()
        var app = Self.app(Self.read(Array(1...10), through: (5, 0)), feed: feed, at: 4)
        var accumulator = Accumulator(calendar: Self.calendar, baseUnit: .hour)
        for day in 1...40 { accumulator.add(seconds: Self.instant(day: day, hour: 0), value: 1) }
        let whole = Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "big.csv", valueName: "v"),
                            levels: [.hour, .day, .month])
        feed.post(.dataset(whole, rows: nil))
        app.handle(.key(.down))
        #expect(app.state.navigation.levels == [.hour, .day, .month])
        #expect(app.state.navigation.level == .month)
        app.handle(.key(.up))
        #expect(Self.shownDay(app) == "2024-01-04")
        #expect(app.state.navigation.periodCounts == [whole.count(.hour), 40, 2])
    }

    /// A pipe's first rows spanned hours; later ones add day and week
    /// levels. The view follows the end on its hours, so the new levels open
    /// on their last periods, not on those the first rows ended in.
    @Test func levelsAddedWhileTheViewFollowsTheEndOpenOnTheirLast() {
        func hours(_ days: ClosedRange<Int>, levels: [Level]) -> Dataset {
            var accumulator = Accumulator(calendar: Self.calendar, baseUnit: .minute)
            for day in days { for hour in 0..<24 { accumulator.add(seconds: Self.instant(day: day, hour: hour), value: 1) } }
            var result = LoadResult(accumulator: accumulator, sourceName: "stdin", valueName: "v")
            result.loading = LoadingState(bytesRead: 1000, bytesTotal: nil, rowsRead: 24 * days.count, elapsed: 0.1, complete: [])
            return Dataset(loaded: result, levels: levels)
        }
        let feed = DatasetFeed()
        var app = Self.app(hours(1...1, levels: [.hour]), feed: feed)
        app.handle(.key(.end))
        feed.post(.dataset(hours(1...15, levels: [.hour, .day, .week]), rows: nil))
        app.handle(.tick)
        feed.post(.dataset(hours(1...20, levels: [.hour, .day, .week]), rows: nil))
        app.handle(.tick)
        let navigation = app.state.navigation
        #expect(navigation.level == .hour && navigation.positions == navigation.periodCounts.map { $0 - 1 })
        #expect(navigation.periodCounts == [480, 20, 3])
    }

    /// A pipe past the budget kept hours, not their minutes: an hour's
    /// page shows its total and says why it has no bars; a day's has its hours.
    @Test func anHourWhoseMinutesWereNotKeptSaysSo() {
        var accumulator = Accumulator(calendar: Self.calendar, baseUnit: .hour)
        for day in 1...3 { for hour in 0..<24 { accumulator.add(seconds: Self.instant(day: day, hour: hour), value: Double(hour)) } }
        let dataset = Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "stdin", valueName: "v"), levels: [.hour, .day])
        var app = Self.app(dataset, feed: DatasetFeed())
        let hour = app.render().grid.plainText
        #expect(hour.contains("minutes not kept: the input is read once (--memory MB keeps more)"))
        #expect(hour.contains("total 23") && !hour.contains("reading"))
        app.handle(.key(.down))
        #expect(!app.render().grid.plainText.contains("not kept"))
    }

    /// Between inputs the loader posts; the run loop redraws every 25 ms
    /// while loading, and its idle calls say whether the load still runs.
    @Test func theRunLoopRedrawsTheProgressWhileLoadingThenGoesIdle() {
        let feed = DatasetFeed()
        let clock = TestClock(now: ScreenTests.now)
        var app = Self.app(Self.read(Array(1...20), through: (20, 0)), feed: feed, clock: clock)
        let further = Self.read(Array(1...20), through: (20, 0), bytes: 201_000_000)
        var posts: [DatasetFeed.Delivery] = [.dataset(further, rows: nil), .dataset(further, rows: nil),
                                             .dataset(Self.read(Array(1...21)), rows: nil)]
        var backend = FakeBackend(size: Self.size, inputs: [.timeout, .event(.key(.left)), .timeout, .event(.key(.character("q")))])
        // Each wait lasts as long as the loop asked, and the loader posts meanwhile.
        backend.onWait = { timeout in
            if let timeout { clock.time += Int64(timeout) }
            if timeout != nil, !posts.isEmpty { feed.post(posts.removeFirst()) }
        }
        var idle: [String] = []
        RunLoop.run(&app, on: &backend) { inputs, activity in idle.append("idle \(inputs)\(activity == .loading ? " loading" : "")") }
        #expect(backend.timeouts == [25, 25, 25, nil])
        #expect(idle == ["idle 0 loading", "idle 0 loading", "idle 1 loading", "idle 1"])
        let footers = backend.drawn.map { $0.line(23) }
        #expect(footers[0] == " reading 121 MB of 268 MB · 45% · 402 MB/s · 1 s left · 3.2M rows")
        #expect(footers[1] == " reading 201 MB of 268 MB · 75% · 670 MB/s · 1 s left · 3.2M rows")
        #expect(footers[3] == " ←→ day  ↑↓ level  ⏎ expand  o overview  m map  : jump  a agg  ? help  q quit")
        // `←` left the last day: the view stays on the 19th as the 21st comes in.
        #expect(Self.shownDay(app) == "2024-01-19")
        #expect(app.shouldQuit)
    }

    /// `--keys` in a terminal waits for the load, as a dump does: `←`
    /// lands on the 20th of the whole input, not on the 19th of the part
    /// read when the terminal opened, and no idle is said before it ran.
    @Test func aScriptIsReplayedOnceTheLoadHasEnded() throws {
        let feed = DatasetFeed()
        var app = Self.app(Self.read(Array(1...20), through: (20, 0)), feed: feed)
        var backend = FakeBackend(size: Self.size, inputs: [.timeout, .event(.key(.character("q")))])
        backend.onWait = { _ in feed.post(.dataset(Self.read(Array(1...21)), rows: nil)) }
        var idle: [String] = []
        RunLoop.run(&app, on: &backend, script: try KeyScript.parse("left")) { inputs, activity in
            idle.append("idle \(inputs)\(activity == .loading ? " loading" : "")")
        }
        #expect(Self.shownDay(app) == "2024-01-20")
        #expect(idle == ["idle 0"])
        #expect(app.shouldQuit)
    }

    /// Days 1–18 and the 21st read, every row up to noon on the 18th.
    static let midway = read(Array(1...18) + [21], through: (18, 12))

    static func screen(_ dataset: Dataset, keys: [Key], size: Size) -> Grid {
        var app = StrataApp(dataset: dataset, clock: TestClock(now: ScreenTests.now))
        app.handle(.resize(size))
        for key in keys { app.handle(.key(key)) }
        return app.render().grid
    }

    @Test func aPageWithNoRowsYetSaysHowFarTheLoadIs() {
        let grid = Self.screen(Self.midway, keys: [.left], size: Size(width: 60, height: 14))
        #expect(grid.plainText == """
             strata  big.csv   Day │ Week │ Month  sum v · y:page · UTC
             ‹ 2024-01-1…  Sat 20 Jan 2024  · 2024-01-20   Sun 2024-01…
            ╭──────────────────────────────────────────────────────────╮
            │                                                          │
            │                                                          │
            │                                                          │
            │                       reading… 45%                       │
            │                                                          │
            │                                                          │
            │                                                          │
            ╰──────────────────────────────────────────────────────────╯
              total …
                             ·  ·  ·  ·  ∙  •  •  ●  •        day 20/21
             reading 121 MB of 268 MB · 45% · 402 MB/s · 1 s left
            """)
        // Without a known size: no %, no time left.
        var unknown = LoadingState(bytesRead: 5_000_000, bytesTotal: nil, rowsRead: 1200, elapsed: 2, complete: [])
        #expect(ReadingProgress(loading: unknown, glyphs: .unicode).lines.first == "reading 5 MB · 2.5 MB/s · 1.2k rows")
        #expect(ReadingProgress(loading: unknown, glyphs: .unicode).note == "reading…")
        unknown.elapsed = 0
        #expect(ReadingProgress(loading: unknown, glyphs: .ascii).lines == ["reading 5 MB - 1.2k rows", "reading 5 MB", "reading..."])
    }

    /// A file taken for sorted whose rows go back in time: every period waits, and the line says why.
    @Test func rowsOutOfTimeOrderMakeEveryPeriodWaitAndTheLineSaysSo() {
        let sorted = Self.read(Array(1...20), through: (20, 0))
        var result = LoadResult(accumulator: Accumulator(calendar: Self.calendar, baseUnit: .hour), sourceName: "big.csv", valueName: "v")
        result.loading = sorted.loading!.outOfOrder
        #expect(sorted.isFinal(.day, index: 5))
        let loading = result.loading!
        #expect(loading.complete.isEmpty && loading.wentBack)
        #expect(ReadingProgress(loading: loading, glyphs: .unicode).lines.first
                == "reading 121 MB of 268 MB · 45% · 1 s left · not in time order: numbers final when read")
        #expect(ReadingProgress(loading: loading, glyphs: .unicode).lines.contains("reading 45% · not in time order: numbers final when read"))
    }

    @Test func beforeAnyPeriodIsReadThePagerSaysHowFarTheLoadIs() {
        var nothing = LoadResult(accumulator: Accumulator(calendar: Self.calendar, baseUnit: .hour), sourceName: "big.csv", valueName: "v")
        nothing.loading = LoadingState(bytesRead: 0, bytesTotal: nil, rowsRead: 0, elapsed: 0, complete: [])
        let grid = Self.screen(Dataset(loaded: nothing, levels: [.day]), keys: [], size: Size(width: 60, height: 14))
        #expect(grid.line(6) == "                          reading…")
        #expect(grid.line(13) == " reading 0 B · 0 rows")
    }

    @Test func aPeriodStillBeingReadIsDimmedAndItsTotalReadsAnEllipsis() {
        let grid = Self.screen(Self.midway, keys: [.left, .left, .left], size: Size(width: 60, height: 14))
        #expect(grid.line(1) == " ‹ 2024-01-1…  Thu 18 Jan 2024  · 2024-01-18   Fri 2024-01…")
        #expect(grid.line(11) == "  total …")
        // Its bars are dimmed; the day before, read in full, is not.
        func bars(_ grid: Grid) -> [Cell] { (3...9).flatMap { y in (0..<60).map { grid[$0, y] } }.filter { $0.scalar == "█" } }
        #expect(!bars(grid).isEmpty && bars(grid).allSatisfy(\.style.dim))
        let before = Self.screen(Self.midway, keys: [.left, .left, .left, .left], size: Size(width: 60, height: 14))
        #expect(before.line(11).hasPrefix("  total 408"))
        #expect(!bars(before).isEmpty && !bars(before).contains(where: \.style.dim))
    }

    @Test func neighboursPeekingInFollowTheSameRule() {
        let grid = Self.screen(Self.midway, keys: [.left, .left], size: Size(width: 110, height: 14))
        #expect(grid.line(6) == "      │ │                                        reading… 45%                                        │ │")
        // The next day's sliver (the 20th, no rows yet) is dimmed as every neighbour is.
        #expect(grid[108, 2].style.dim)
    }

    @Test func theCardShowsAnEllipsisForEveryHourNotReadInFull() {
        var app = StrataApp(dataset: Self.midway, clock: TestClock(now: ScreenTests.now))
        app.handle(.resize(Size(width: 60, height: 60)))
        for key: Key in [.left, .left, .left, .enter] { app.handle(.key(key)) }
        let text = app.render().grid.plainText
        #expect(app.render().grid.line(2) == "╭─ still reading this day: numbers not final ──────────────╮")
        #expect(text.contains("│ ▶ 00:00      1   18   18   18    18  ███████████████████ │"))
        #expect(text.contains("│   11:00      1   18   18   18    18  ███████████████████ │"))
        #expect(text.contains("│   12:00      …    …    …    …     …  ███████████████████ │"))
        // The rows wait for the end of the load.
        #expect(text.contains("│   rows come once the load ends"))
    }

    @Test func overviewCardsAndTotalsOfPeriodsStillBeingRead() {
        let grid = Self.screen(Self.midway, keys: [.character("o")], size: Self.size)
        #expect(grid.line(1) == " Day  21 periods  2024-01-01 – 2024-01-21  total …")
        #expect(grid.line(5) == " │384       │ │408       │ │…         │ │          │ │          │ ┃…         ┃")
        #expect(grid[30, 4].style.dim && !grid[17, 4].style.dim)
    }

    @Test func mapCellsOfPeriodsStillBeingReadAreDimmedWithAnEllipsisReadout() {
        let grid = Self.screen(Self.midway, keys: [.character("m")], size: Self.size)
        #expect(grid.line(23) == " 2024-01-21 00:00–01:00  sum …  reading 45% · 1 s left                day 21/21")
        #expect(grid[19, 19].style.dim && !grid[19, 18].style.dim)
    }

    @Test func qDuringALoadQuitsAtOnce() {
        let feed = DatasetFeed()
        var app = Self.app(Self.midway, feed: feed)
        var backend = FakeBackend(size: Self.size, inputs: [.event(.key(.character("q"))), .timeout])
        RunLoop.run(&app, on: &backend)
        #expect(app.shouldQuit)
        #expect(backend.drawn.count == 1)
        #expect(app.loadFailure == nil)
    }

    @Test func aFailedLoadQuitsWithItsMessage() {
        let feed = DatasetFeed()
        var app = Self.app(Self.midway, feed: feed)
        var backend = FakeBackend(size: Self.size, inputs: [.timeout, .event(.key(.left)), .timeout])
        backend.onWait = { _ in feed.post(.failed(message: "big.csv: read error", exitCode: 74)) }
        RunLoop.run(&app, on: &backend)
        #expect(app.shouldQuit)
        #expect(backend.drawn.count == 1)
        #expect(app.loadFailure?.message == "big.csv: read error")
        #expect(app.loadFailure?.exitCode == 74)
    }

    @Test func aCardOpenedDuringTheLoadShowsItsRowsOnceTheLoadEnds() {
        let feed = DatasetFeed()
        var app = Self.app(Self.read(Array(1...3), through: (3, 0)), feed: feed)
        app.handle(.resize(Size(width: 80, height: 60)))
        app.handle(.key(.enter))
        #expect(app.render().grid.plainText.contains("rows come once the load ends"))
        let reader: StrataApp.RowReader = { _, _, _ in
            CardRowsRead { _, _ in ([CardRow(location: "big.csv:50", text: "2024-01-03T00:00,3")], true) }
        }
        feed.post(.dataset(Self.read(Array(1...3)), rows: reader))
        app.handle(.tick)
        #expect(app.render().grid.plainText.contains("big.csv:50  2024-01-03T00:00,3"))
        #expect(app.render().wakeUp == nil)
    }

    /// A day a load is still reading may gain blocks: they are dimmed until
    /// it is whole; read in full, it is drawn as ever.
    @Test func aTimelineDayStillBeingReadIsDimmed() throws {
        let day = try #require(TimelineTests.guide.get().0.calendar.instant(forReference: "2024-10-27"))
        func blocks(readUpTo end: Int64) throws -> [Cell] {
            let loading = LoadingState(bytesRead: 1, bytesTotal: 2, rowsRead: 10, elapsed: 1, complete: [0..<end])
            let (dataset, _) = try TimelineTests.load(ReadOptions(), loading: loading)
            var app = StrataApp(dataset: dataset, clock: TestClock(now: TimelineTests.evening), at: day, size: Size(width: 120, height: 24))
            app.handle(.key(.character("m")))
            let grid = app.render().grid
            return (4..<20).flatMap { y in (20..<120).map { grid[$0, y] } }.filter { $0.style.tint == .bar }
        }
        let reading = try blocks(readUpTo: day + 12 * 3600)
        #expect(!reading.isEmpty && reading.allSatisfy(\.style.dim))
        let whole = try blocks(readUpTo: day + 2 * 86_400)
        #expect(!whole.isEmpty && !whole.contains(where: \.style.dim))
    }
}
