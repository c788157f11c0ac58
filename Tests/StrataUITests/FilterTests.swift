import Foundation
import StrataData
import Testing
@testable import StrataUI

/// `f`, its prompt's history, `F`, and the header that names the filter,
/// on an hour of nginx access lines (`Tests/Fixtures/logs/access-hour.log`).
@Suite("Filters in the app")
struct FilterTests {
    static let path = RealDataGoldenTests.fixtures.appendingPathComponent("logs/access-hour.log").path

    /// The fixture as the command reads it with no flags, only the rows `filter` passes.
    static func load(filter: String? = nil) throws -> LoadResult {
        var options = ReadOptions()
        options.filter = try filter.map { try RowFilter.parse($0) }
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        return try DataLoader.load([.file(path)], options: options, setup: setup)
    }

    static let unfiltered = Result { try load() }

    /// The fixture's lines whose status (the ninth word) is 500 or more, counted here, not by strata.
    static func linesWithStatus(atLeast low: Int) throws -> (passing: Int, all: Int) {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let passing = lines.count { line in
            let words = line.split(separator: " ")
            return words.count > 8 && Int(words[8]).map { $0 >= low } == true
        }
        return (passing, lines.count)
    }

    func state(on dataset: Dataset) -> AppState {
        AppState(navigation: Navigation(levels: dataset.levels, periodCounts: dataset.levels.map { dataset.count($0) },
                                        positions: dataset.levels.map { _ in 0 }))
    }

    func run(_ state: AppState, _ actions: [Action], on dataset: Dataset) -> AppState {
        var state = state
        let env = AppEnvironment(dataset: dataset, now: RealDataGoldenTests.now)
        for action in actions { reduce(into: &state, action: action, env: env) }
        return state
    }

    static func typing(_ text: String) -> [Action] { text.map { .promptInput($0) } }

    @Test func typingOpensThePromptAndShowsTheText() throws {
        let dataset = Dataset(loaded: try Self.unfiltered.get(), levels: try Self.unfiltered.get().levels)
        let start = state(on: dataset)
        var expected = start
        expected.overlay = .filter(text: "status", error: nil, recalled: nil)
        #expect(run(start, [.openFilter] + Self.typing("statuss") + [.promptBackspace], on: dataset) == expected)
    }

    @Test func aBadExpressionSaysWhatAndWhereAndTheViewStays() throws {
        let dataset = Dataset(loaded: try Self.unfiltered.get(), levels: try Self.unfiltered.get().levels)
        let start = state(on: dataset)
        var expected = start
        expected.overlay = .filter(text: "status >= 5xx", error: "status >= 5xx: not a number at column 11", recalled: nil)
        #expect(run(start, [.openFilter] + Self.typing("status >= 5xx") + [.promptSubmit], on: dataset) == expected)
        // A name the log lines do not have, at its column.
        expected.overlay = .filter(text: "method = GET and staus = 500",
                                   error: "no field staus at column 18 (fields: time, client, method, path, protocol, status, bytes, agent, request_time)",
                                   recalled: nil)
        #expect(run(start, [.openFilter] + Self.typing("method = GET and staus = 500") + [.promptSubmit], on: dataset) == expected)
        // Where the name is a field, not where its letters first appear (here inside a regular expression).
        expected.overlay = .filter(text: "path ~ staus and staus = 500",
                                   error: "no field staus at column 18 (fields: time, client, method, path, protocol, status, bytes, agent, request_time)",
                                   recalled: nil)
        #expect(run(start, [.openFilter] + Self.typing("path ~ staus and staus = 500") + [.promptSubmit], on: dataset) == expected)
    }

    /// The prompt names what the load takes: JSON fields by name only (a
    /// table's column by its number too); lines of no known shape have none.
    @Test func thePromptTakesTheNamesTheLoadTakes() throws {
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        let json = """
            {"time": "2026-03-02T14:00:00Z", "level": "error", "ms": 12}
            {"time": "2026-03-02T14:00:01Z", "level": "info", "ms": 7}

            """
        let loaded = try withTemporaryFile(named: "app.jsonl", holding: json) { path in
            try DataLoader.load([.file(path)], options: ReadOptions(), setup: setup)
        }
        let dataset = Dataset(loaded: loaded, levels: loaded.levels)
        let start = state(on: dataset)
        var expected = start
        expected.overlay = .filter(text: "2 = error", error: "no field 2 at column 1 (fields: time, level, ms)", recalled: nil)
        #expect(run(start, [.openFilter] + Self.typing("2 = error") + [.promptSubmit], on: dataset) == expected)
        // --where refuses it too, naming the same fields.
        var options = ReadOptions()
        options.filter = try RowFilter.parse("2 = error")
        #expect(throws: ReadError.self) {
            try withTemporaryFile(named: "app.jsonl", holding: json) { path in
                try DataLoader.load([.file(path)], options: options, setup: setup)
            }
        }
    }

    /// Where the fields are not known (the demo, a database), the prompt does
    /// not say there are none: it asks for the reload, which says what it can do.
    @Test func fieldsNotKnownAreLeftToTheReload() throws {
        var accumulator = Accumulator(calendar: CalendarSystem(zone: .utc), baseUnit: .hour)
        accumulator.add(seconds: 1_772_460_000, value: 1)
        let dataset = Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "demo", valueName: "v"), levels: [.day])
        let start = state(on: dataset)
        var expected = start
        expected.filterHistory = ["status >= 500"]
        expected.reloading = ReadChange(filter: try TypedFilter(parsing: "status >= 500"))
        expected.requests = [.reload(ReadChange(filter: try TypedFilter(parsing: "status >= 500")))]
        #expect(run(start, [.openFilter] + Self.typing("status >= 500") + [.promptSubmit], on: dataset) == expected)
    }

    @Test func aGoodExpressionAsksForTheRowsItPasses() throws {
        let dataset = Dataset(loaded: try Self.unfiltered.get(), levels: try Self.unfiltered.get().levels)
        let start = state(on: dataset)
        var expected = start
        // The text as trimmed, and as parsed: the reload reads with the parse, and no one parses it again.
        let typed = TypedFilter(text: "status >= 500", parsed: .compare(field: "status", .greaterOrEqual, try operand("500")))
        expected.filterHistory = ["status >= 500"]
        expected.reloading = ReadChange(filter: typed)
        expected.requests = [.reload(ReadChange(filter: typed))]
        #expect(run(start, [.openFilter] + Self.typing(" status >= 500 ") + [.promptSubmit], on: dataset) == expected)
    }

    /// `500` as the parser reads it, unquoted: a number.
    func operand(_ text: String) throws -> RowFilter.Operand {
        guard case .compare(_, _, let operand) = try RowFilter.parse("x = \(text)") else { throw CancellationError() }
        return operand
    }

    @Test func upAndDownWalkTheFiltersOfTheSession() throws {
        let dataset = Dataset(loaded: try Self.unfiltered.get(), levels: try Self.unfiltered.get().levels)
        var start = state(on: dataset)
        start.filterHistory = ["status >= 500", "method = POST", "path ~ ^/api/"]
        start.read.filter = try TypedFilter(parsing: "path ~ ^/api/")
        var expected = start
        expected.overlay = .filter(text: "method = POST", error: nil, recalled: 1)
        #expect(run(start, [.openFilter, .recallFilter(older: true), .recallFilter(older: true)], on: dataset) == expected)
        // Past the oldest it stays there; down past the newest is the empty line again.
        expected.overlay = .filter(text: "status >= 500", error: nil, recalled: 0)
        #expect(run(start, [.openFilter] + Array(repeating: .recallFilter(older: true), count: 5), on: dataset) == expected)
        expected.overlay = .filter(text: "", error: nil, recalled: nil)
        #expect(run(start, [.openFilter, .recallFilter(older: true), .recallFilter(older: false)], on: dataset) == expected)
        // A recalled filter submitted again goes to the end of the history, once.
        expected.overlay = nil
        expected.filterHistory = ["method = POST", "path ~ ^/api/", "status >= 500"]
        expected.reloading = ReadChange(filter: try TypedFilter(parsing: "status >= 500"))
        expected.requests = [.reload(ReadChange(filter: try TypedFilter(parsing: "status >= 500")))]
        #expect(run(start, [.openFilter] + Array(repeating: .recallFilter(older: true), count: 3) + [.promptSubmit], on: dataset) == expected)
    }

    @Test func capitalFClearsTheFilterOrSaysThereIsNone() throws {
        let dataset = Dataset(loaded: try Self.unfiltered.get(), levels: try Self.unfiltered.get().levels)
        var start = state(on: dataset)
        start.read.filter = try TypedFilter(parsing: "status >= 500")
        var expected = start
        expected.reloading = ReadChange(filter: nil)
        expected.requests = [.reload(ReadChange(filter: nil))]
        #expect(run(start, [.clearFilter], on: dataset) == expected)

        var none = state(on: dataset)
        none.notice = "no filter to clear: f filters the rows"
        var after = state(on: dataset)
        reduce(into: &after, event: .key(.character("F")), env: AppEnvironment(dataset: dataset, now: RealDataGoldenTests.now))
        #expect(after == none)
    }

    @Test func aRefusedReloadGoesBackToTheFilterBefore() throws {
        let dataset = Dataset(loaded: try Self.unfiltered.get(), levels: try Self.unfiltered.get().levels)
        var start = state(on: dataset)
        start.read.filter = try TypedFilter(parsing: "status >= 500")
        start.reloading = ReadChange(filter: try TypedFilter(parsing: "status >= 900"))
        var expected = state(on: dataset)
        expected.read.filter = try TypedFilter(parsing: "status >= 500")
        expected.notice = "access-hour.log: no row passes --where (1,205 rows read)"
        #expect(run(start, [.reloadRefused(why: "access-hour.log: no row passes --where (1,205 rows read)")], on: dataset) == expected)
    }

    @Test func theHeaderNamesTheFilterAndTheRowsThatPass() throws {
        let (passing, all) = try Self.linesWithStatus(atLeast: 500)
        let loaded = try Self.load(filter: "status >= 500")
        let dataset = Dataset(loaded: loaded, levels: loaded.levels)
        var navigation = state(on: dataset).navigation
        navigation.aggregate = .count
        let header = HeaderLine(navigation: navigation, dataset: dataset, glyphs: .unicode, filter: "status >= 500", reloading: false)
        #expect((passing, all) == (22, 1205))
        #expect(widgetScreen(header, width: 100, height: 1) == """
             strata  access-hour.log         Hour  status >= 500 · 22 of 1,205 rows · count rows · y:page · UTC
            """)
        let asked = HeaderLine(navigation: navigation, dataset: dataset, glyphs: .unicode, filter: "method = POST", reloading: true)
        #expect(widgetScreen(asked, width: 100, height: 1) == """
             strata  access-hour.log                 Hour  method = POST · reading… · count rows · y:page · UTC
            """)
    }

    @Test func theHeaderSaysHowManyRowsLackedAField() throws {
        // logfmt lines, some without a level: they pass no comparison on it.
        let text = """
            time=2026-03-02T14:00:00Z level=error msg=a
            time=2026-03-02T14:00:01Z msg=b
            time=2026-03-02T14:00:02Z level=info msg=c
            time=2026-03-02T14:00:03Z msg=d
            time=2026-03-02T14:00:04Z level=error msg=e

            """
        var options = ReadOptions()
        options.filter = try RowFilter.parse("level = error")
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        let loaded = try withTemporaryFile(named: "app.log", holding: text) { path in
            try DataLoader.load([.file(path)], options: options, setup: setup)
        }
        let dataset = Dataset(loaded: loaded, levels: loaded.levels)
        let header = HeaderLine(navigation: state(on: dataset).navigation, dataset: dataset, glyphs: .unicode,
                                filter: "level = error", reloading: false)
        // Two of the five lines say level=error; two others have no level.
        #expect(widgetScreen(header, width: 80, height: 1) == """
             app.log    Hour  level = error · 2 of 5 rows · 2 lack a field · sum rows · UTC
            """)
    }

    /// `f status >= 500 Enter`, then the card: the bars, the header and the
    /// card's raw rows are those of the 5xx lines only, read again in the
    /// background as the runner reads them.
    @Test func aScriptFiltersTheLogAndTheCardShowsItsRows() throws {
        Golden.check(try Self.replay("f s t a t u s space > = space 5 0 0 enter enter end", height: 40), named: "filter-access-hour-5xx-card")
    }

    /// `keys` replayed on the fixture as the command reads it, reloads and all, 100 columns wide.
    static func replay(_ keys: String, height: Int) throws -> String {
        let first = try unfiltered.get()
        var app = StrataApp(dataset: Dataset(loaded: first, levels: first.levels), clock: TestClock(now: RealDataGoldenTests.now),
                            aggregate: first.suggestedAggregate, readRows: CardRows.reader(first.rowLocator), reloader: reloader)
        var output = ""
        HeadlessRunner.run(&app, tokens: try KeyScript.parse(keys), options: .init(size: Size(width: 100, height: height)), to: &output)
        return output
    }

    /// Reads the fixture again as the runner would, on a thread of its own, with the change's filter and series.
    static func reloader(_ change: ReadChange) -> StrataApp.Reloading {
        let feed = DatasetFeed()
        Thread {
            do throws(ReadError) {
                var options = ReadOptions()
                options.filter = change.filter?.parsed
                options.seriesColumn = change.series
                options.seriesCap = change.series.map { $0 == "none" ? nil : SeriesRule.breakdownCap } ?? nil
                var setup = LoadSetup()
                setup.fallbackZone = .utc
                let result = try DataLoader.load([.file(path)], options: options, setup: setup)
                feed.post(.dataset(Dataset(loaded: result, levels: result.levels), rows: CardRows.reader(result.rowLocator)))
            } catch {
                feed.post(.failed(message: error.bareMessage, exitCode: error.exitCode))
            }
        }.start()
        return .started(feed, adopted: {})
    }
}
