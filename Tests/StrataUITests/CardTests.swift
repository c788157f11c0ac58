@testable import StrataData
import Testing
@testable import StrataUI

/// The card: expanding a page, its cursor and scroll, paging with it open,
/// zooming into a sub-bucket, searching, and the screens it draws.
@Suite("Card")
struct CardTests {
    let env = AppEnvironment(dataset: ScreenTests.demo, now: ScreenTests.now)

    /// The demo on its month level, on the 23rd month.
    func monthState() -> AppState {
        let demo = ScreenTests.demo
        return AppState(navigation: Navigation(levels: demo.levels, periodCounts: demo.levels.map { demo.count($0) },
                                               positions: [700, 100, 22], levelIndex: 2))
    }

    /// `keys` pressed on `state`; with `rows`, each request for rows is answered with them, as the runner would.
    func run(_ state: AppState, _ keys: [Key], rows: CardRows? = nil) -> AppState {
        var state = state
        for key in keys {
            reduce(into: &state, event: .key(key), env: env)
            if let rows, let request = state.rowsRequest { reduce(into: &state, action: .rowsRead(request, rows), env: env) }
        }
        return state
    }

    /// What the card asks for on the demo's period at `position` of level `level`: its rows, in every series.
    func rowsRequest(level: Int = 2, position: Int = 22) -> RowsRequest {
        let demo = ScreenTests.demo
        let page = demo.page(demo.levels[level], index: position)
        return RowsRequest(key: [level, position, 0], from: page.start, to: page.end, series: 0)
    }

    /// `state` once the card asked for the rows of `periods` in turn: with the card
    /// still open, the last asked are on show as `rows`; nil: the card closed.
    func asked(_ state: AppState, _ periods: [RowsRequest], rows: CardRows? = .reading(0)) -> AppState {
        var state = state
        state.requests = periods.map(DataRequest.cardRows)
        state.rowsRequest = rows == nil ? nil : periods.last
        state.cardRows = rows
        return state
    }

    @Test func enterOpensTheCardOnTheFirstLine() {
        var expected = monthState()
        expected.route = .card(CardState())
        #expect(run(monthState(), [.enter]) == asked(expected, [rowsRequest()]))
    }

    @Test func enterAsksForThePeriodsRowsAndWhatIsReadFillsTheCard() {
        var state = monthState()
        reduce(into: &state, event: .key(.enter), env: env)
        var expected = monthState()
        expected.route = .card(CardState())
        expected.rowsRequest = rowsRequest()
        expected.cardRows = .reading(0)
        expected.requests = [.cardRows(rowsRequest())]
        #expect(state == expected)
        // The runner takes the request once.
        #expect(state.takeRequests() == [.cardRows(rowsRequest())])
        expected.requests = []
        #expect(state == expected)
        reduce(into: &state, action: .rowsRead(rowsRequest(), .reading(0.5)), env: env)
        expected.cardRows = .reading(0.5)
        #expect(state == expected)
        let rows = CardRows.rows([CardRow(location: "a.csv:2", text: "x,1")], complete: true)
        reduce(into: &state, action: .rowsRead(rowsRequest(), rows), env: env)
        expected.cardRows = rows
        #expect(state == expected)
        // The next period asks for its own rows; those of the one left come too late and are dropped.
        reduce(into: &state, event: .key(.right), env: env)
        reduce(into: &state, action: .rowsRead(rowsRequest(), rows), env: env)
        expected.navigation.positions[2] = 23
        expected.rowsRequest = rowsRequest(position: 23)
        expected.cardRows = .reading(0)
        expected.requests = [.cardRows(rowsRequest(position: 23))]
        #expect(state == expected)
        // Closed, the card wants nothing: no request, no rows.
        reduce(into: &state, event: .key(.escape), env: env)
        expected.route = .pager
        expected.rowsRequest = nil
        expected.cardRows = nil
        #expect(state == expected)
    }

    @Test func theCursorMovesScrollsAndClamps() {
        // 80×24: the body shows 12 lines of September 2026's 30 days (and the rows' heading after them).
        var expected = monthState()
        expected.route = .card(CardState(cursor: 3, scroll: 0))
        #expect(run(monthState(), [.enter, .down, .character("j"), .down]) == asked(expected, [rowsRequest()]))
        expected.route = .card(CardState(cursor: 12, scroll: 1))
        #expect(run(monthState(), [.enter, .character("1"), .character("2"), .down]) == asked(expected, [rowsRequest()]))
        expected.route = .card(CardState(cursor: 11, scroll: 0))
        #expect(run(monthState(), [.enter, .pageDown]) == asked(expected, [rowsRequest()]))
        expected.route = .card(CardState(cursor: 29, scroll: 18))
        expected.notice = "already on the last line"
        #expect(run(monthState(), [.enter, .end, .down, .down]) == asked(expected, [rowsRequest()]))
        expected.notice = nil
        expected.route = .card(CardState(cursor: 0, scroll: 0))
        #expect(run(monthState(), [.enter, .end, .home]) == asked(expected, [rowsRequest()]))
    }

    @Test func upOnTheFirstLineEscOrBackspaceCollapse() {
        for keys: [Key] in [[.enter, .up], [.enter, .down, .escape], [.enter, .backspace]] {
            #expect(run(monthState(), keys) == asked(monthState(), [rowsRequest()], rows: nil))
        }
        var expected = monthState()
        expected.route = .card(CardState(cursor: 0, scroll: 0))
        #expect(run(monthState(), [.enter, .down, .up]) == asked(expected, [rowsRequest()]))
    }

    @Test func pagingWithTheCardOpenGoesBackToTheTop() {
        var expected = monthState()
        expected.navigation.positions = [700, 100, 21]
        expected.route = .card(CardState())
        #expect(run(monthState(), [.enter, .character("5"), .down, .left]) == asked(expected, [rowsRequest(), rowsRequest(position: 21)]))
        // The day and week positions are untouched: only the card's level moved.
        expected.navigation.positions = [700, 100, 23]
        #expect(run(monthState(), [.enter, .end, .right]) == asked(expected, [rowsRequest(), rowsRequest(position: 23)]))
    }

    @Test func enterOnASubBucketZoomsIntoTheFinerLevel() {
        let zoomed = run(monthState(), [.enter, .down, .down, .enter])
        let demo = ScreenTests.demo
        let month = demo.page(.month, index: 22)
        var expected = monthState()
        expected.navigation.levelIndex = 1
        expected.navigation.positions = [700, demo.index(.week, containing: month.buckets[2].start), 22]
        #expect(zoomed == asked(expected, [rowsRequest()], rows: nil))
        #expect(demo.calendar.periodID(.month, ordinal: month.ordinal) == "2026-09")
        #expect(demo.calendar.periodID(.week, ordinal: demo.ordinal(.week, index: zoomed.navigation.positions[1])) == "2026-W36")
        // On the finest level there is nothing finer: Enter stays on the card and says why.
        var day = monthState()
        day.navigation.levelIndex = 0
        var stays = day
        stays.route = .card(CardState())
        stays.notice = "day is the finest level (--levels adds finer ones)"
        #expect(run(day, [.enter, .enter]) == asked(stays, [rowsRequest(level: 0, position: 700)]))
    }

    @Test func searchFindsTheNextMatchingLine() {
        let rows = CardRows.rows([CardRow(location: "a.csv:2", text: "x,1"), CardRow(location: "a.csv:9", text: "needle,2"),
                                  CardRow(location: "a.csv:12", text: "needle,3")], complete: true)
        let found = run(monthState(), [.enter, .character("/")] + "NEEDLE".map(Key.character) + [.enter], rows: rows)
        var expected = monthState()
        // 30 days, then the rows: the second row is line 31 (after the heading, 32 on screen).
        expected.route = .card(CardState(cursor: 30 + 1, scroll: 21, query: "NEEDLE"))
        #expect(found == asked(expected, [rowsRequest()], rows: rows))
        expected.route = .card(CardState(cursor: 30 + 2, scroll: 22, query: "NEEDLE"))
        #expect(run(found, [.character("n")], rows: rows) == asked(expected, [rowsRequest()], rows: rows))
        let missing = run(monthState(), [.enter, .character("/"), .character("z"), .character("z"), .enter], rows: rows)
        expected.route = .card(CardState())
        expected.overlay = .search(text: "zz", error: "not found")
        #expect(missing == asked(expected, [rowsRequest()], rows: rows))
    }

    @Test func enterOnARawRowOpensItsRecordAndEscGoesBackWhereItWas() {
        let fields = (1...30).map { RecordField(name: "f\($0)", value: "\($0)") }
        let rows = CardRows.rows([CardRow(location: "a.csv:2", text: "x", fields: fields)], complete: true)
        // September 2026's 30 days, the heading, then the row: item 30, scrolled to show it.
        let onRow = run(monthState(), [.enter, .end], rows: rows)
        #expect(onRow.route == .card(CardState(cursor: 30, scroll: 20)))
        var expected = onRow
        expected.route = .card(CardState(cursor: 30, scroll: 20, record: RecordView(row: 0)))
        #expect(run(onRow, [.enter], rows: rows) == expected)
        // 80×24: 19 lines of the 30 fields show; the end is 11 lines down.
        expected.route = .card(CardState(cursor: 30, scroll: 20, record: RecordView(row: 0, scroll: 11)))
        #expect(run(onRow, [.enter, .end], rows: rows) == expected)
        expected.route = .card(CardState(cursor: 30, scroll: 20, record: RecordView(row: 0, scroll: 2)))
        #expect(run(onRow, [.enter, .down, .character("2"), .down, .up], rows: rows) == expected)
        expected.route = .card(CardState(cursor: 30, scroll: 20, record: RecordView(row: 0, scroll: 0)))
        expected.notice = "already on the first line of the record"
        #expect(run(onRow, [.enter, .pageDown, .pageUp, .up], rows: rows) == expected)
        for back: Key in [.escape, .backspace, .enter] {
            #expect(run(onRow, [.enter, .pageDown, back], rows: rows) == onRow)
        }
    }

    @Test func countedRowsShowOneCountColumn() throws {
        let calendar = CalendarSystem(zone: .utc)
        var accumulator = Accumulator(calendar: calendar, baseUnit: .hour)
        for (time, rows) in [("2024-01-01T10:00", 59), ("2024-01-01T11:00", 3)] {
            for _ in 0..<rows { accumulator.add(seconds: calendar.instant(forReference: time)!, value: 1) }
        }
        let counted = Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "events.log", valueName: ColumnNames.countedRows),
                              levels: [.day])
        let screen = try ScreenTests.replay(counted, "enter 1 1 down", size: Size(width: 40, height: 16))
        let lines = screen.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.contains("hour") })
        let cursor = try #require(lines.firstIndex { $0.contains("▶") })
        #expect([lines[header], lines[cursor - 2], lines[cursor - 1], lines[cursor]].joined(separator: "\n") == """
            │   hour   count  sum                  │
            │   09:00      0                       │
            │   10:00     59  ████████████████████ │
            │ ▶ 11:00      3  █                    │
            """)
    }

    @Test func aClickPicksALine() throws {
        var app = StrataApp(dataset: ScreenTests.demo, clock: TestClock(now: ScreenTests.now), startLevel: .month)
        app.handle(.resize(Size(width: 80, height: 24)))
        app.handle(.key(.enter))
        let screen = app.render().grid.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(screen.firstIndex { $0.contains("Fri 6 ") })
        app.handle(.mouse(MouseEvent(.press(.left), x: 10, y: row)))
        #expect(app.state.route == .card(CardState(cursor: 5, scroll: 0)))
    }

    /// A slow read (an unsorted file read whole) goes a slice per tick, the
    /// card saying how far it has come; keys are handled between slices.
    @Test func rowsAreReadASliceAtATime() throws {
        let clock = TestClock(now: ScreenTests.now)
        let reader: StrataApp.RowReader = { _, _, _ in
            var done = 0
            return CardRowsRead { _, keepGoing in
                var rows: [CardRow] = []
                // 5 rows cost 25 ms; 20 rows in all.
                while done < 20 {
                    rows += (done..<done + 5).map { CardRow(location: "slow.csv:\($0 + 2)", text: "row \($0)") }
                    done += 5
                    clock.time += 25
                    if done < 20, !keepGoing(Double(done) / 20) { return (rows, false) }
                }
                return (rows, true)
            }
        }
        var app = StrataApp(dataset: ScreenTests.demo, clock: clock, startLevel: .month, readRows: reader, readsRowsInSlices: true)
        app.handle(.resize(Size(width: 80, height: 60)))
        app.handle(.key(.enter))
        // 40 ms a slice: two steps of 25 ms, then the card shows where it is and asks to wake at once.
        let reading = app.render()
        #expect(reading.grid.plainText.contains("reading rows… 50%"))
        #expect(reading.wakeUp == clock.time)
        app.handle(.key(.down))
        app.handle(.tick)
        let read = app.render()
        #expect(read.grid.plainText.contains("rows: 20 · file:line  record"))
        #expect(read.grid.plainText.contains("slow.csv:6  row 4"))
        #expect(read.grid.plainText.contains("row 2/50"))
        #expect(read.wakeUp == nil)
        #expect(app.state.route == .card(CardState(cursor: 1, scroll: 0)))
    }

    /// A week whose sum and max are 1e20, past a double's digits, and one of 1,234,567.89.
    static let huge: Dataset = {
        let calendar = CalendarSystem(zone: .utc)
        var accumulator = Accumulator(calendar: calendar, baseUnit: .day)
        for (day, value) in [("2024-01-01", 1e20), ("2024-01-02", 3.5), ("2024-01-08", 1), ("2024-01-09", 1_234_567.8)] {
            accumulator.add(seconds: calendar.instant(forReference: day)!, value: value)
        }
        return Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "huge.csv", valueName: "v"), levels: [.week, .month])
    }()

    /// The table's header and first `rows` rows, without the box's border.
    func tableLines(_ keys: String, _ size: Size, rows: Int = 1) throws -> [String] {
        let screen = try ScreenTests.replay(Self.huge, keys, size: size)
        let lines = screen.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.contains("day ") && $0.contains("count") })
        return lines[header...(header + rows)].map { String($0.dropFirst(2).dropLast(2)) }
    }

    @Test func hugeNumbersKeepEveryColumnInScientificNotation() throws {
        #expect(try tableLines("home enter", Size(width: 80, height: 24), rows: 2) == [
            "  day    count   sum   min   max  mean  sum                                 ",
            "▶ Mon 1      1  1e20  1e20  1e20  1e20  ████████████████████████████████████",
            "  Tue 2      1   3.5   3.5   3.5   3.5                                      ",
        ])
    }

    @Test func aNarrowCardClosesTheGapsThenShortensTheNumbers() throws {
        #expect(try tableLines("home right enter", Size(width: 80, height: 24), rows: 2) == [
            "  day     count          sum          min          max         mean  sum    ",
            "▶ Mon 8       1            1            1            1            1         ",
            "  Tue 9       1  1,234,567.8  1,234,567.8  1,234,567.8  1,234,567.8  ███████",
        ])
        #expect(try tableLines("home right enter", Size(width: 40, height: 14), rows: 2) == [
            "  day    count  sum  min  max mean  ",
            "▶ Mon 8      1    1    1    1    1  ",
            "  Tue 9      1 1.2M 1.2M 1.2M 1.2M  ",
        ])
    }

    @Test func columnsThatCannotFitAreMarkedNotDropped() throws {
        #expect(try tableLines("home enter", Size(width: 33, height: 14)) == [
            "  day   count  sum  min …    ",
            "▶ Mon 1     1 1e20 1e20      ",
        ])
    }

    @Test("card goldens", arguments: [
        ("card-demo-month", "down down enter down*3", 80, 24),
        ("card-demo-day-narrow", "enter", 38, 11),
        ("card-demo-help", "enter ?", 80, 24),
        ("card-demo-search", "down enter / W e d", 80, 24),
    ])
    func cardGolden(name: String, keys: String, width: Int, height: Int) throws {
        Golden.check(try ScreenTests.replay(ScreenTests.demo, keys, size: Size(width: width, height: height)), named: name)
    }

    /// Hourly readings in New York around both 2013 changes, from a fixture, rows read back.
    func newYork(at day: String, _ keys: String) throws -> String {
        try RealDataGoldenTests.replayWithNoFlags("new-york-dst.csv", keys, size: Size(width: 80, height: 44), at: day) { setup in
            setup.zone = ZoneRules(named: "America/New_York")
            setup.levels = [.day, .week, .month]
        }
    }

    @Test func dstDaysHave23And25HourRows() throws {
        let fallBack = try newYork(at: "2013-11-03", "enter")
        Golden.check(fallBack, named: "card-dst-fall-back")
        #expect(fallBack.contains("01:00 UTC-4") && fallBack.contains("01:00 UTC-5"))
        // 25 hours and the day's 25 rows.
        #expect(fallBack.contains("row 1/50"))
        let springForward = try newYork(at: "2013-03-10", "enter")
        Golden.check(springForward, named: "card-dst-spring-forward")
        #expect(springForward.contains("row 1/46"))
        #expect(springForward.contains("01:00") && springForward.contains("03:00"))
        #expect(!springForward.contains("02:00"))
        let lastRow = try newYork(at: "2013-03-10", "enter end")
        #expect(lastRow.contains("new-york-dst.csv:48  2013-03-10T23:00:00-04:00,1"))
    }
}
