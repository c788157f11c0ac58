import StrataData
import Testing
@testable import StrataUI

/// The map: a heatmap of the current level whose cursor row is the shared
/// position, scrolled to keep the cursor in view one axis at a time, panned
/// by drags locked to one axis, and left for the pager where it points.
@Suite("Map")
struct MapTests {
    let env = AppEnvironment(dataset: ScreenTests.demo, now: ScreenTests.now)

    /// The demo's day, week and month levels, on the last day (the one holding now).
    func state(size: Size = Size(width: 80, height: 24), day: Int = 729) -> AppState {
        let demo = ScreenTests.demo
        return AppState(navigation: Navigation(levels: demo.levels, periodCounts: demo.levels.map { demo.count($0) },
                                               positions: [day, 9, 2]), size: size)
    }

    func run(_ state: AppState, _ keys: [Key], env: AppEnvironment? = nil) -> AppState {
        var state = state
        for key in keys { reduce(into: &state, event: .key(key), env: env ?? self.env) }
        return state
    }

    /// The demo with an hour level: 60 minute columns, wider than 80 columns of screen.
    static let hourly: Dataset = {
        let demo = DemoData.load(now: ScreenTests.now, calendar: ScreenTests.utc, levels: [.hour, .day, .week])
        return Dataset(loaded: demo, levels: demo.levels)
    }()

    func hourlyState(size: Size = Size(width: 80, height: 24)) -> AppState {
        let data = Self.hourly
        let last = data.levels.map { data.count($0) - 1 }
        return AppState(navigation: Navigation(levels: data.levels, periodCounts: data.levels.map { data.count($0) },
                                               positions: last), size: size)
    }

    /// St John's, 25 Oct 1987: the clock went from 00:01 back to 23:01 on
    /// the 24th, so the 24th's last hour starts at the 25th's first
    /// midnight. It goes in the 24th's 23:00 column, not over its 00:00.
    @Test func theHourAClockGoesBackAcrossMidnightIsTheDaysLastColumn() throws {
        let calendar = CalendarSystem(zone: try #require(ZoneRules(named: "America/St_Johns")))
        var accumulator = Accumulator(calendar: calendar, baseUnit: .hour)
        // A row every 15 minutes from 24 Oct 00:00 -02:30 (02:30 UTC) for two days.
        let from = Int64(CivilDate(year: 1987, month: 10, day: 24).dayNumber) * 86_400 + 9000
        for k in 0..<192 { accumulator.add(seconds: from + Int64(k) * 900, value: 1) }
        let dataset = Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "rows.csv", valueName: "v"), levels: [.day])
        let navigation = Navigation(levels: [.day], periodCounts: [dataset.count(.day)], positions: [0])
        let cells = MapGrid(dataset: dataset, navigation: navigation, rowsAreSeries: false).cells(ofRow: 0, columns: 0..<24)
        func rows(_ cell: MapGrid.Cell) -> Int? { if case .stats(let stats, _) = cell { stats.count } else { nil } }
        #expect(rows(cells[0]) == 4)
        #expect(rows(cells[23]) == 8)
    }

    @Test func mOpensOnTheCurrentPeriodInTheColumnOfNowAndMOrEscGoesBack() {
        // Now is 15:30 on the last day. 80×24: 21 rows of grid, 2 of them the sticky header;
        // the last of 730 days at the bottom.
        var expected = state()
        expected.route = .map(MapState(column: 15, scroll: Viewport.Offset(x: 0, y: 730 - 19)))
        #expect(run(state(), [.character("m")]) == expected)
        #expect(run(state(), [.character("m"), .character("m")]) == state())
        #expect(run(state(), [.character("m"), .escape]) == state())
        // A period that does not hold now starts in the first column.
        var earlier = state(day: 64)
        earlier.route = .map(MapState(column: 0, scroll: Viewport.Offset(x: 0, y: 64 - 18)))
        #expect(run(state(day: 64), [.character("m")]) == earlier)
    }

    @Test func theCursorRowIsTheSharedPositionAndMovesClamp() {
        var expected = state()
        expected.navigation.positions = [724, 9, 2]
        expected.route = .map(MapState(column: 17, scroll: Viewport.Offset(x: 0, y: 711)))
        #expect(run(state(), [.character("m"), .up, .character("4"), .character("k"), .right, .character("l")]) == expected)
        // Down past the last row and right past the last column stay on them.
        expected.navigation.positions = [729, 9, 2]
        expected.route = .map(MapState(column: 23, scroll: Viewport.Offset(x: 0, y: 711)))
        #expect(run(state(), [.character("m"), .down, .down, .character("3"), .character("0"), .right]) == expected)
        // Home scrolls to the top; leaving shows the pager on the row the map left.
        expected.navigation.positions = [0, 9, 2]
        expected.route = .map(MapState(column: 23, scroll: .zero))
        let home = run(state(), [.character("m"), .character("3"), .character("0"), .right, .home])
        #expect(home == expected)
        expected.route = .pager
        #expect(run(home, [.character("m")]) == expected)
    }

    @Test func pagesMoveAScreenOfRowsAndTheGridFollowsOneAxisAtATime() throws {
        var state = run(state(), [.character("m"), .pageUp])
        #expect(state.navigation.position == 729 - 19)
        guard case .map(let map) = state.route else { throw MapError.notOnTheMap }
        #expect(map.scroll == Viewport.Offset(x: 0, y: 710))
        // At the hour level 60 columns of 2 do not fit in 80: moving right scrolls sideways only.
        // The cursor starts on minute 30, the minute of now.
        state = run(hourlyState(), [.character("m"), .character("2"), .character("5"), .right],
                    env: AppEnvironment(dataset: Self.hourly, now: ScreenTests.now))
        guard case .map(let hourly) = state.route else { throw MapError.notOnTheMap }
        #expect(hourly.column == 55)
        let rows = Self.hourly.count(.hour)
        // Row header 23 columns (`Sun 22 Nov 2026 14:00`, a mark, a space); 57 columns of body:
        // 56 shows the cursor's cell, on a cell's edge.
        #expect(hourly.scroll == Viewport.Offset(x: 56, y: rows - 19))
    }

    @Test func theWheelScrollsWithoutMovingTheCursorAndAMoveBringsItBack() throws {
        var state = run(state(), [.character("m")])
        for _ in 0..<4 { reduce(into: &state, event: .mouse(MouseEvent(.wheel(.up), x: 40, y: 10)), env: env) }
        guard case .map(let scrolled) = state.route else { throw MapError.notOnTheMap }
        #expect(scrolled.scroll == Viewport.Offset(x: 0, y: 711 - 12))
        #expect(state.navigation.position == 729)
        state = run(state, [.left])
        guard case .map(let back) = state.route else { throw MapError.notOnTheMap }
        #expect(back.scroll == Viewport.Offset(x: 0, y: 711))
    }

    @Test func aDragPansLockedToTheAxisItFirstMovesAlong() {
        var lock = DragLock(x: 40, y: 10, offset: Viewport.Offset(x: 20, y: 100))
        #expect(lock.offset(x: 41, y: 11) == nil) // not two cells yet
        #expect(lock.offset(x: 37, y: 11) == Viewport.Offset(x: 23, y: 100))
        #expect(lock.axis == .horizontal)
        #expect(lock.offset(x: 37, y: 20) == Viewport.Offset(x: 23, y: 100)) // locked: down moves nothing
        var vertical = DragLock(x: 40, y: 10, offset: Viewport.Offset(x: 20, y: 100))
        #expect(vertical.offset(x: 41, y: 13) == Viewport.Offset(x: 20, y: 97))
        #expect(vertical.offset(x: 60, y: 13) == Viewport.Offset(x: 20, y: 97))
    }

    @Test func aDragFromTheTerminalPansTheGridAndAClickMovesTheCursor() throws {
        var app = StrataApp(dataset: Self.hourly, clock: TestClock(now: ScreenTests.now))
        let body = 4 // the grid's first row on screen: header, legend, two sticky rows, then rows
        func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) -> BackendInput { .event(.mouse(MouseEvent(kind, x: x, y: y))) }
        var backend = FakeBackend(size: Size(width: 80, height: 24), inputs: [
            .event(.key(.character("m"))),
            mouse(.press(.left), 50, body + 10), mouse(.release, 50, body + 10),
            mouse(.press(.left), 50, body + 10), mouse(.drag(.left), 49, body + 10),
            mouse(.drag(.left), 40, body + 11), mouse(.drag(.left), 30, body + 2), mouse(.release, 30, body + 2),
            .event(.key(.character("q"))),
        ])
        RunLoop.run(&app, on: &backend) { _, _ in }
        guard case .map(let map) = app.state.route else { throw MapError.notOnTheMap }
        let rows = Self.hourly.count(.hour)
        // The map opened on minute 30, scrolled 6 columns to show it (to a cell's edge). The click
        // picked the cell under it: 9 rows up from the last, column (50 - 23 + 6) / 2 = 16.
        #expect(app.state.navigation.position == rows - 1 - 8)
        #expect(map.column == 16)
        // Then a drag: 20 columns left, locked sideways, so the rows and the cursor did not move.
        #expect(map.scroll == Viewport.Offset(x: 6 + 20, y: rows - 19))
        #expect(map.drag == nil)
    }

    @Test func theNowLineMovesAsTimePassesWhileTheMapIsOpen() throws {
        let clock = TestClock(now: ScreenTests.now, moves: true)
        var app = StrataApp(dataset: ScreenTests.demo, clock: clock)
        app.handle(.resize(Size(width: 80, height: 24)))
        app.handle(.key(.character("m")))
        func nowMark(_ frame: Frame) -> Int? { Array(frame.grid.line(3)).firstIndex(of: "▼") }
        let before = app.render()
        // A live clock wakes the loop at the next minute; an hour on, the line is a column (2 cells) on.
        #expect(before.wakeUp != nil)
        clock.wall += 3600
        app.handle(.tick)
        let after = app.render()
        let from = try #require(nowMark(before)), to = try #require(nowMark(after))
        #expect(to == from + 2)
        #expect(after.grid.line(0).contains("Day"))
    }

    @Test func enterOpensTheCellOnTheFinerLevelAndRSwapsRowsForSeries() {
        // On the week level, the third column is Wednesday: the day level moves there.
        var week = state()
        week.navigation.levelIndex = 1
        let opened = run(week, [.character("m"), .home, .right, .right, .enter])
        #expect(opened.route == .pager)
        #expect(opened.navigation.levelIndex == 0)
        #expect(opened.navigation.position == ScreenTests.demo.index(.day, containing: ScreenTests.demo.page(.week, index: 0).buckets[2].start))
        // `r` on data without series: one row, "all"; columns are the days.
        let swapped = run(state(), [.character("m"), .character("r"), .left])
        guard case .map(let map) = swapped.route else { Issue.record("not on the map"); return }
        #expect(map.rowsAreSeries)
        #expect(swapped.navigation.position == 728)
    }

    @Test func aResizeKeepsTheCursorInView() throws {
        let opened = run(state(size: Size(width: 120, height: 40)), [.character("m"), .home])
        var state = opened
        reduce(into: &state, event: .resize(Size(width: 40, height: 10)), env: env)
        guard case .map(let map) = state.route else { throw MapError.notOnTheMap }
        // 40×10: 7 rows of grid, 2 sticky; the cursor (row 0, column 15) in view both ways.
        #expect(map.scroll.y == 0)
        let layout = MapLayout(size: state.size, grid: MapGrid(dataset: env.dataset, navigation: state.navigation, rowsAreSeries: false))
        let viewport = layout.viewport(offset: map.scroll)
        let cell = layout.rect(row: 0, column: 15)
        #expect(cell.x - map.scroll.x >= layout.rowHeaderWidth && cell.maxX - map.scroll.x <= 40)
        #expect(viewport.bodyArea.width == 40 - layout.rowHeaderWidth)
    }

    @Test func rowsOfSeriesStartOnARealSeriesTabWalksThemAndRGoesBackToAll() throws {
        let (stations, _, _) = try RealDataGoldenTests.loadWithNoFlags("shapes/stations.csv")
        let env = AppEnvironment(dataset: stations, now: ScreenTests.now)
        let start = AppState(navigation: Navigation(levels: stations.levels, periodCounts: stations.levels.map { stations.count($0) },
                                                    positions: stations.levels.map { stations.count($0) - 1 },
                                                    seriesCount: stations.series.count))
        let rows = run(start, [.character("m"), .character("r")], env: env)
        #expect(rows.navigation.seriesIndex == 1)
        // Shift-Tab from the first row wraps to the last series, never to "all" (which has no row).
        #expect(run(rows, [.backTab], env: env).navigation.seriesIndex == stations.series.count - 1)
        // Back to rows of periods without moving: "all" again.
        #expect(run(rows, [.character("r")], env: env).navigation.seriesIndex == 0)
        // Moved to another series: it stays on show.
        #expect(run(rows, [.down, .character("r")], env: env).navigation.seriesIndex == 2)
        // Levels start overlaid: a row is one series, and going back overlays them again.
        var overlaid = start
        overlaid.navigation.allSeries = true
        let rowsOfOverlaid = run(overlaid, [.character("m"), .character("r")], env: env)
        #expect(!rowsOfOverlaid.navigation.allSeries && rowsOfOverlaid.navigation.seriesIndex == 1)
        let back = run(rowsOfOverlaid, [.character("r")], env: env).navigation
        #expect(back.allSeries && back.seriesIndex == 0)
    }

    @Test func enterOpensTheLevelOfTheCellsOwnUnit() {
        // A week's days open on the day level; the cell's date is the day's position.
        var week = state()
        week.navigation.levelIndex = 1
        let opened = run(week, [.character("m"), .right])
        let day = run(opened, [.enter])
        #expect(day.navigation.levelIndex == 0)
        let page = ScreenTests.demo.page(.week, index: 9)
        #expect(day.navigation.position == ScreenTests.demo.index(.day, containing: page.buckets[1].start))
    }

    @Test func aJumpAndTMoveTheColumnToo() throws {
        let jumped = run(state(), [.character("m"), .character(":")] + "2026-11-03T20:00".map { .character($0) } + [.enter])
        guard case .map(let map) = jumped.route else { throw MapError.notOnTheMap }
        #expect(map.column == 20)
        #expect(jumped.navigation.position == ScreenTests.demo.index(.day, containing: ScreenTests.utc.instant(forReference: "2026-11-03")!))
        let now = run(jumped, [.character("t")])
        guard case .map(let back) = now.route else { throw MapError.notOnTheMap }
        #expect(back.column == 15 && now.navigation.position == 729)
    }

    @Test func slashFindsARowByItsLabelAndNTheNext() {
        // Forward from the last row, wrapping to the top: the first Monday, then the next.
        let found = run(state(), [.character("m"), .character("/")] + "mon".map { .character($0) } + [.enter])
        #expect(found.overlay == nil)
        let firstMonday = ScreenTests.demo.index(.day, containing: ScreenTests.utc.instant(forReference: "2024-11-25")!)
        #expect(found.navigation.position == firstMonday)
        #expect(run(found, [.character("n")]).navigation.position == firstMonday + 7)
        let missing = run(state(), [.character("m"), .character("/"), .character("x"), .enter])
        #expect(missing.overlay == .search(text: "x", error: "no row matches"))
    }
}

/// The map's screens, compared with golden files.
@Suite("Map goldens")
struct MapGoldenTests {
    static func replay(_ dataset: Dataset, _ keys: String, size: Size = Size(width: 80, height: 24),
                       glyphs: Glyphs = .unicode, color: Bool = false) throws -> String {
        var app = StrataApp(dataset: dataset, clock: TestClock(now: ScreenTests.now), glyphs: glyphs)
        app.colors = color
        var output = ""
        HeadlessRunner.run(&app, tokens: try KeyScript.parse(keys), options: .init(size: size, color: color), to: &output)
        return output
    }

    @Test("the demo's days", arguments: [
        ("map-demo-day", "m", Glyphs.unicode, false),
        ("map-demo-day-ascii", "m", Glyphs.ascii, false),
        ("map-demo-day-color", "m", Glyphs.unicode, true),
        ("map-demo-week-up", "down m up*3 left", Glyphs.unicode, false),
        ("map-demo-help", "m ?", Glyphs.unicode, false),
    ])
    func demo(name: String, keys: String, glyphs: Glyphs, color: Bool) throws {
        Golden.check(try Self.replay(ScreenTests.demo, keys, glyphs: glyphs, color: color), named: name)
    }

    @Test func birthsWeeksByWeekdayAndMonthsByDay() throws {
        let births = try RealDataGoldenTests.births.get()
        let weeks = try Self.replay(births, "down m")
        Golden.check(weeks, named: "map-births-week")
        // 7 columns share the 80: cells 9 wide.
        #expect(weeks.contains("Weeks × days") && weeks.contains("Mo       Tu       We       Th       Fr       Sa       Su"))
        let months = try Self.replay(births, "down down m")
        Golden.check(months, named: "map-births-month")
        #expect(months.contains("1978-12 Fri 1  sum 9,592"))
        // Now (2026) is long after the data: no now mark, no now line.
        #expect(!weeks.contains("▼") && !months.contains("▼"))
        #expect(!months.split(separator: "\n").dropFirst(2).contains { $0.contains("│") })
    }

    /// At 400×120 the cells share the width: the grid's rows reach past 380 columns (95%) on every level
    /// (31 day columns of 12 leave 18 over).
    @Test("a wide terminal's width is used", arguments: ["down m", "down down m", "down down down m"])
    func aWideTerminalsWidthIsUsed(keys: String) throws {
        let screen = try Self.replay(RealDataGoldenTests.births.get(), keys, size: Size(width: 400, height: 120))
        let rows = screen.split(separator: "\n").dropFirst(4).dropLast()
        #expect(rows.map { TextWidth.columns(of: String($0)) }.max()! >= 380)
    }

    @Test func theHourLevelScrollsSidewaysUnderStickyLabels() throws {
        let screen = try Self.replay(MapTests.hourly, "m 2 5 right")
        Golden.check(screen, named: "map-hour-scrolled")
        let lines = screen.split(separator: "\n")
        // Scrolled right, the row labels and the minute header still show.
        #expect(lines[2].hasPrefix(" minute") && lines[2].contains("30  32"))
        #expect(lines[4].hasPrefix(" Sat 21 Nov 2026 21:00"))
    }

    /// A 23-hour and a 25-hour day in New York: the skipped hour hatched, the repeated one folded.
    @Test func dstDaysHatchTheSkippedHourAndFoldTheRepeatedOne() throws {
        func newYork(at day: String, _ keys: String) throws -> String {
            try RealDataGoldenTests.replayWithNoFlags("new-york-dst.csv", keys, size: Size(width: 90, height: 14), at: day) { setup in
                setup.zone = ZoneRules(named: "America/New_York")
                setup.levels = [.day, .week, .month]
            }
        }
        let spring = try newYork(at: "2013-03-10", "m right*2")
        Golden.check(spring, named: "map-dst-spring-forward")
        #expect(spring.contains("╳") && spring.contains("2013-03-10 02:00  skipped by the clock change"))
        let fall = try newYork(at: "2013-11-03", "m right")
        Golden.check(fall, named: "map-dst-fall-back")
        #expect(fall.contains("2013-11-03 01:00–02:00 twice  sum 37  (15 at UTC-04:00, 22 at UTC-05:00)"))
    }

    @Test func rowsOfSeriesScrollTheirCellsWithTheHeader() throws {
        // 210 weeks do not fit in 100 columns: the cells, labels and cursor scroll together.
        let screen = try Self.replay(RealDataGoldenTests.weather.get(), "down m r left*3", size: Size(width: 100, height: 10))
        Golden.check(screen, named: "map-weather-series-scrolled")
        #expect(screen.contains("all  2015-W50  sum 122"))
    }

    @Test func rowsOfSeries() throws {
        let screen = try RealDataGoldenTests.replayWithNoFlags("shapes/stations.csv", "m r down", size: Size(width: 80, height: 12))
        Golden.check(screen, named: "map-stations-series")
        #expect(screen.contains("Series × days"))
    }
}

enum MapError: Error { case notOnTheMap }
