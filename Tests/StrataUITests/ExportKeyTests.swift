import Foundation
import StrataData
import Testing
@testable import StrataUI

/// `e`: the reducer asks for the level on show's periods and changes
/// nothing else; what the runner says came of it is the footer; the app
/// writes once the load has ended, not before.
@Suite("e exports the view")
struct ExportKeyTests {
    let reducer = ReducerTests()

    static func written(rows: Int, series: Int = 0, notes: [String] = []) -> ExportFile.Written {
        ExportFile.Written(path: "./strata-big-day-20240110-120000.csv", level: .day, rows: rows, series: series, notes: notes)
    }

    @Test func eAsksForTheLevelOnShowAndChangesNothingElse() {
        let start = reducer.makeState()
        var expected = start
        expected.requests = [.export(.day)]
        #expect(reducer.run(start, events: [.key(.character("e"))]) == expected)
        // On the week level (↓), the weeks.
        var weeks = reducer.run(start, events: [.key(.down)])
        let before = weeks
        weeks = reducer.run(weeks, events: [.key(.character("e"))])
        expected = before
        expected.requests = [.export(.week)]
        #expect(weeks == expected)
    }

    @Test func everyScreenWithAHeaderExports() {
        for map in [KeyMap.pager, .card, .overview, .map, .timeline] {
            #expect(map.action(for: .character("e")) == .exportLevel)
        }
    }

    @Test func theFooterSaysWhereTheFileIsAndHowManyPeriods() {
        let start = reducer.makeState()
        var expected = start
        expected.notice = "exported 1 day period to ./strata-big-day-20240110-120000.csv"
        #expect(reducer.run(start, [.exported(.written(Self.written(rows: 1)))]) == expected)
        expected.notice = "exported 1,234 day periods to ./strata-big-day-20240110-120000.csv"
        #expect(reducer.run(start, [.exported(.written(Self.written(rows: 1234)))]) == expected)
        // With series, each one's periods are rows: 3 series of 31 days.
        expected.notice = "exported 93 day periods of 3 series to ./strata-big-day-20240110-120000.csv"
        #expect(reducer.run(start, [.exported(.written(Self.written(rows: 93, series: 3)))]) == expected)
        // What the export left out follows, without the `export: ` of stderr, where the width has room.
        let notes = ["export: p99 of days left empty"]
        var wide = start
        wide.size = Size(width: 120, height: 24)
        expected = wide
        expected.notice = "exported 2 day periods to ./strata-big-day-20240110-120000.csv; p99 of days left empty"
        #expect(reducer.run(wide, [.exported(.written(Self.written(rows: 2, notes: notes)))]) == expected)
        // 80 columns, 78 for the notice: the note gives way (86 columns against 62); at 60, the count too.
        expected = start
        expected.notice = "exported 2 day periods to ./strata-big-day-20240110-120000.csv"
        #expect(reducer.run(start, [.exported(.written(Self.written(rows: 2, notes: notes)))]) == expected)
        var narrow = start
        narrow.size = Size(width: 60, height: 24)
        expected = narrow
        expected.notice = "exported to ./strata-big-day-20240110-120000.csv"
        #expect(reducer.run(narrow, [.exported(.written(Self.written(rows: 2, notes: notes)))]) == expected)
    }

    @Test func aFailureSaysWhyAndChangesNothingElse() {
        let start = reducer.makeState()
        var expected = start
        let failure = ExportFile.Failure(step: "create", path: "./strata-big-day-20240110-120000.csv", reason: "Permission denied")
        var wide = start
        wide.size = Size(width: 120, height: 24)
        expected = wide
        expected.notice = "not exported: cannot create ./strata-big-day-20240110-120000.csv: Permission denied"
        #expect(reducer.run(wide, [.exported(.failed(failure))]) == expected)
        // 80 columns, 78 for the notice (the whole is 83): why, and where, before the file's name.
        expected = start
        expected.notice = "not exported to ./: Permission denied"
        #expect(reducer.run(start, [.exported(.failed(failure))]) == expected)
    }

    /// Counts what the app asked to write, and answers as a runner would.
    final class FakeExporter: @unchecked Sendable {
        private(set) var asked: [(days: Int, level: Level, now: Int64)] = []

        func export(_ dataset: Dataset, _ level: Level, _ now: Int64) -> ExportOutcome {
            asked.append((dataset.count(.day), level, now))
            return .written(ExportFile.Written(path: "./strata-big-\(level.rawValue).csv", level: level, rows: dataset.count(level),
                                               series: 0, notes: []))
        }
    }

    @Test func theAppWritesAtOnceWhenTheDataIsAllThere() {
        let exporter = FakeExporter()
        var app = StrataApp(dataset: LoadingTests.read(Array(1...10)), clock: TestClock(now: ScreenTests.now), exporter: exporter.export)
        app.handle(.resize(LoadingTests.size))
        app.handle(.key(.character("e")))
        #expect(exporter.asked.map(\.days) == [10] && exporter.asked.map(\.level) == [.day] && exporter.asked.map(\.now) == [ScreenTests.now])
        #expect(app.state.notice == "exported 10 day periods to ./strata-big-day.csv")
        #expect(app.state.requests.isEmpty)
    }

    /// A load still reading has periods not all read: the file waits for its
    /// end, once, whatever keys come meanwhile, and holds every row.
    @Test func theAppWaitsForTheLoadToEnd() {
        let (feed, exporter) = (DatasetFeed(), FakeExporter())
        var app = StrataApp(dataset: LoadingTests.read(Array(1...10), through: (10, 0)), clock: TestClock(now: ScreenTests.now),
                            feed: feed, exporter: exporter.export)
        app.handle(.resize(LoadingTests.size))
        app.handle(.key(.character("e")))
        #expect(exporter.asked.isEmpty)
        #expect(app.state.notice == "the day periods are exported once the load ends")
        // A fuller dataset, still loading: nothing yet.
        feed.post(.dataset(LoadingTests.read(Array(1...20), through: (20, 0)), rows: nil))
        app.handle(.tick)
        #expect(exporter.asked.isEmpty)
        // The load ends: the whole of January.
        feed.post(.dataset(LoadingTests.read(Array(1...31)), rows: nil))
        app.handle(.tick)
        #expect(exporter.asked.map(\.days) == [31])
        #expect(app.state.notice == "exported 31 day periods to ./strata-big-day.csv")
        app.handle(.tick)
        #expect(exporter.asked.count == 1)
    }

    /// A source that answers percentiles as a database does, in the background: day d's p95 is d·100 + 21.5.
    final class AnsweringSource: Source, @unchecked Sendable {
        private let lock = NSLock()
        private var levelReads = 0
        /// A level's answers fail as a statement past `--statement-timeout` does.
        var levelsTimeOut = false
        /// How often the answers of a level's every period (not a page's) were asked.
        var levelsAsked: Int { lock.withLock { levelReads } }

        func describe() throws(ReadError) -> SourceDescription { throw .cannotOpen(file: "answers", reason: "not described") }
        func coarse(update: @escaping @Sendable (BackgroundLoad.Update) -> Void) throws(ReadError) -> LoadResult {
            throw .cannotOpen(file: "answers", reason: "not loaded")
        }
        func fine(from start: Int64, to end: Int64, unit: TimeUnit, progress: ((Double) -> Bool)?) throws(ReadError) -> FineBuckets? { nil }
        func rows(from start: Int64, to end: Int64, series: Int, limit: Int) throws(ReadError) -> [RawRow] { [] }
        func intervals(from start: Int64, to end: Int64, progress: ((Double) -> Bool)?) throws(ReadError) -> IntervalIndex? { nil }
        func percentiles(of unit: TimeUnit, from start: Int64, to end: Int64, whole: Bool) throws(ReadError) -> AnsweredPercentiles? {
            if !whole { lock.withLock { levelReads += 1 } }
            if !whole && levelsTimeOut { throw .unavailable(source: "table", reason: "canceling statement due to statement timeout") }
            var answers = AnsweredPercentiles(unit: unit, range: start..<end, seriesCount: 0)
            for day in stride(from: start, to: end, by: 86_400) {
                let number = Double((day - LoadingTests.january) / 86_400 + 1)
                answers.insert(QuantileSketch(answers: [950: number * 100 + 21.5], count: 24), series: 0, start: day)
            }
            return answers
        }
    }

    /// `e` with `--agg p95` on a table: the level's percentiles are asked of
    /// the source in the background, as a page's are, and the file waits for
    /// them; the app's thread never runs the level's statement (seconds on
    /// a large table, with no key working meanwhile). The file then has
    /// every day's answer, and the level is asked once, not again by the export.
    static let p95 = Aggregate.percentile(950)

    /// Days 1 to 3 of January, day d's hours valued d·100 + hour, from `source`, its pages kept within `budget` bytes;
    /// and an app on them whose exporter keeps the files it writes in `files`.
    static func answeringApp(_ source: AnsweringSource, budget: Int, files: Files) -> StrataApp {
        var accumulator = Accumulator(calendar: LoadingTests.calendar, baseUnit: .hour)
        for day in 1...3 {
            for hour in 0..<24 { accumulator.add(seconds: LoadingTests.instant(day: day, hour: hour), value: Double(day * 100 + hour)) }
        }
        var result = LoadResult(accumulator: accumulator, sourceName: "table", valueName: "v")
        result.answersPercentiles = true
        let dataset = Dataset(loaded: result, levels: [.day, .week], finePages: FinePages(source: source, mode: .background, budget: budget))
        let exporter: StrataApp.LevelExporter = { dataset, level, _ in
            var file = ""
            let notes = Exporter.write(dataset, format: .csv, levels: [level], percentiles: [p95], to: &file).notes
            files.written.append(file)
            return .written(ExportFile.Written(path: "./strata-table-day.csv", level: level, rows: dataset.count(level), series: 0, notes: notes))
        }
        var app = StrataApp(dataset: dataset, clock: TestClock(now: ScreenTests.now), aggregate: p95, exporter: exporter)
        app.handle(.resize(LoadingTests.size))
        return app
    }

    final class Files {
        var written: [String] = []
    }

    @Test func theAppWaitsForADatabasesPercentilesInTheBackground() throws {
        let (source, written) = (AnsweringSource(), Files())
        var app = Self.answeringApp(source, budget: 1 << 20, files: written)
        app.handle(.key(.character("e")))
        var files: [String] { written.written }
        #expect(files.isEmpty)
        #expect(app.state.notice == "the day periods are exported once their percentiles are read")
        _ = HeadlessRunner.settle(&app, options: HeadlessRunner.Options(size: LoadingTests.size))
        #expect(app.state.notice == "exported 3 day periods to ./strata-table-day.csv")
        let rows = try #require(files.count == 1 ? files[0].split(separator: "\n") : nil)
        #expect(rows.first?.hasSuffix(",mean,p95") == true)
        #expect(rows.dropFirst().map { $0.split(separator: ",").last! } == ["121.5", "221.5", "321.5"])
        #expect(source.levelsAsked == 1)
    }

    /// `--memory` holds a level's answers, its every period of every series
    /// and all together, within half the pages' budget (256 + 192 bytes a
    /// period): 3 days take 832 bytes, past half of 1,000. They are never
    /// asked, `e` writes at once with the column empty, and says why.
    @Test func aLevelWhoseAnswersWouldNotFitIsNotAsked() throws {
        let (source, files) = (AnsweringSource(), Files())
        var app = Self.answeringApp(source, budget: 1_000, files: files)
        // A week's one period takes 448 bytes: it fits.
        #expect(app.dataset.percentileNotes == ["percentiles: none per day: 3 periods would not fit in --memory"])
        // Wide enough for the footer to say what the file left out.
        app.handle(.resize(Size(width: 140, height: 24)))
        app.handle(.key(.character("e")))
        #expect(app.state.notice == "exported 3 day periods to ./strata-table-day.csv; p95 of days left empty: 3 periods would not fit in --memory")
        let rows = try #require(files.written.count == 1 ? files.written[0].split(separator: "\n") : nil)
        #expect(rows.dropFirst().map { $0.hasSuffix(",") } == [true, true, true])
        #expect(source.levelsAsked == 0)
    }

    /// A level's percentiles that fail (a statement timing out) leave the
    /// column empty and say why, and nothing else: rows are still read back,
    /// and a page's bars are not said to have failed for them.
    @Test func aLevelsPercentilesFailingLeaveTheRestReadable() throws {
        let (source, files) = (AnsweringSource(), Files())
        source.levelsTimeOut = true
        var app = Self.answeringApp(source, budget: 1 << 20, files: files)
        app.handle(.resize(Size(width: 160, height: 24)))
        app.handle(.key(.character("e")))
        _ = HeadlessRunner.settle(&app, options: HeadlessRunner.Options(size: Size(width: 160, height: 24)))
        #expect(app.state.notice == "exported 3 day periods to ./strata-table-day.csv; "
                + "p95 of days left empty: table: canceling statement due to statement timeout")
        #expect(source.levelsAsked == 1)
        #expect(app.dataset.readsRowsAgain)
        #expect(app.dataset.fetchReadiness == .loading)
    }

    /// A pipe still read may never end (`tail -f log | strata`): `e` is
    /// refused as `f` is, saying when it can be pressed, and nothing is
    /// written when the load does end.
    @Test func aPipeStillReadRefusesAndSaysWhen() {
        let (feed, exporter) = (DatasetFeed(), FakeExporter())
        var app = StrataApp(dataset: LoadingTests.read(Array(1...10), through: (10, 0)), clock: TestClock(now: ScreenTests.now),
                            feed: feed, exporter: exporter.export, pipe: "stdin")
        app.handle(.resize(LoadingTests.size))
        app.handle(.key(.character("e")))
        #expect(app.state.notice == "not exported: stdin is still being read: e exports it once it has ended")
        feed.post(.dataset(LoadingTests.read(Array(1...31)), rows: nil))
        app.handle(.tick)
        #expect(exporter.asked.isEmpty)
        // Once it has ended, e writes.
        app.handle(.key(.character("e")))
        #expect(exporter.asked.map(\.days) == [31])
    }
}
