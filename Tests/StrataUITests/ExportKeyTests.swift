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
}
