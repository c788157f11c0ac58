import Foundation
import StrataData
import Testing
@testable import StrataUI

/// The timeline on `tv-guide.csv` (16 channels over two weeks in
/// Europe/Berlin): golden screens at two zooms with the now line, the
/// 25-hour 2024-10-27 with its repeated 02:00, and the reducer's moves.
@Suite("Timeline")
struct TimelineTests {
    static let berlin = ZoneRules(named: "Europe/Berlin")!
    /// 2024-10-27T20:00+01:00
    static let evening = Int64(1_730_055_600)

    static let guide = Result { try load(ReadOptions()) }
    /// `--series none`: every programme in one row named "all".
    static let oneRow = Result {
        var options = ReadOptions()
        options.seriesColumn = "none"
        return try load(options)
    }

    /// The guide as read so far by a load still running, with `loading`.
    static func load(_ options: ReadOptions, loading: LoadingState? = nil) throws -> (Dataset, RowLocator) {
        var setup = LoadSetup()
        setup.zone = berlin
        let path = RealDataGoldenTests.fixtures.appendingPathComponent("tv-guide.csv").path
        var result = try DataLoader.load([.file(path)], options: options, setup: setup)
        result.loading = loading
        return (Dataset(loaded: result, levels: result.levels), result.rowLocator)
    }

    static func app(now: Int64, size: Size, data: Result<(Dataset, RowLocator), any Error> = guide,
                    glyphs: Glyphs = .unicode) throws -> StrataApp {
        let (dataset, locator) = try data.get()
        return StrataApp(dataset: dataset, clock: TestClock(now: now), glyphs: glyphs, at: dataset.calendar.instant(forReference: "2024-10-27"),
                         size: size, readRows: CardRows.reader(locator))
    }

    static func replay(_ keys: String, now: Int64 = evening, size: Size = Size(width: 120, height: 24),
                       data: Result<(Dataset, RowLocator), any Error> = guide, glyphs: Glyphs = .unicode, colors: Bool = false,
                       frames: Bool = false) throws -> String {
        var app = try app(now: now, size: size, data: data, glyphs: glyphs)
        app.colors = colors
        var output = ""
        HeadlessRunner.run(&app, tokens: try KeyScript.parse(keys), options: .init(size: size, frames: frames), to: &output)
        return output
    }

    /// 2024-10-27T02:30+01:00, in the second 02:00 hour.
    static let repeatedHour = Int64(1_729_992_600)

    @Test("golden timelines of 2024-10-27", arguments: [
        // The whole 25-hour day fits at 15 minutes a column; the now line at 20:00.
        ("timeline-tv-day-15min", "m", evening),
        // 5 minutes a column around the repeated hour: 02:00 twice on the axis, now at the second 02:30.
        ("timeline-tv-day-5min-dst", "m + +", repeatedHour),
        ("timeline-tv-card", "m right enter", evening),
        ("timeline-tv-help", "m ?", evening),
    ] as [(String, String, Int64)])
    func golden(name: String, keys: String, now: Int64) throws {
        Golden.check(try Self.replay(keys, now: now), named: name)
    }

    /// The first `count` lines of the last screen of `keys`.
    static func top(_ count: Int, of keys: String, size: Size, data: Result<(Dataset, RowLocator), any Error> = guide) throws -> String {
        try lines(0..<count, of: keys, size: size, data: data)
    }

    static func lines(_ range: Range<Int>, of keys: String, now: Int64 = evening, size: Size, data: Result<(Dataset, RowLocator), any Error> = guide,
                      glyphs: Glyphs = .unicode, colors: Bool = false) throws -> String {
        try replay(keys, now: now, size: size, data: data, glyphs: glyphs, colors: colors).split(separator: "\n")[range].joined(separator: "\n")
    }

    @Test func withoutColourABlockIsFilledToItsEndAndGapsStayBlank() throws {
        // KiKA's "Heroes Gold Night" runs 00:00–02:00, 24 columns; then nothing until 04:30. WELT starts on two narrow blocks.
        // (Now long before, so the day shows from its start.)
        let size = Size(width: 120, height: 24)
        #expect(try Self.lines(3..<5, of: "m + +", now: 0, size: size) == """
            ▶ KiKA         ┃Heroes Gold Night ░░░░░                                          │Heroes C…│Report ░│Hunters Fa…│G…▌░▌░│
              WELT         ▌░▌░│City ░░░░│Secrets ░░░                        │Heroes Road ░░│Express…│Station ░░░░░░░░░│Crime Ocean
            """)
        #expect(try Self.lines(3..<5, of: "m + +", now: 0, size: size, glyphs: .ascii) == """
            > KiKA         #Heroes Gold Night .....                                          |Heroes...|Report .|Hunters ...|..|.|.|
              WELT         |.|.|City ....|Secrets ...                        |Heroes Road ..|Expre...|Station .........|Crime Ocean
            """)
        // With colours, reverse video shows the extent: no fill.
        #expect(try Self.lines(3..<4, of: "m + +", now: 0, size: size, colors: true) == """
            ▶ KiKA         ┃Heroes Gold Night                                                │Heroes C…│Report  │Hunters Fa…│G…▌░▌░│
            """)
    }

    /// The last screen of `keys` as cells, with their styles.
    static func grid(_ keys: String, now: Int64, size: Size, colors: Bool) throws -> Grid {
        var app = try app(now: now, size: size)
        app.colors = colors
        for token in try KeyScript.parse(keys) { for event in token.events { app.handle(event) } }
        return app.render().grid
    }

    @Test func theNowLineGoesBehindTitlesAndThroughGapsFillsAndEdges() throws {
        // 02:30 in the repeated hour, 5 minutes a column: the line crosses ZDF's "Report Alpine"
        // and SAT.1's "Alpine" on a letter, 3sat's fill, DMAX's edge and KiKA's gap.
        let size = Size(width: 100, height: 24)
        let keys = "m + + +"
        let rows = try Self.lines(3..<18, of: keys, now: Self.repeatedHour, size: size).split(separator: "\n")
        #expect(rows[0] == "▶ KiKA         ┃Heroes Gold Night ░░░░░                  ┊                       │Heroes C…│Report ░")
        #expect(rows[2] == "  ZDF          │Weather Station Wild│Report Her…│Report Alpine…                  │Ocean Hunters │Pla")
        #expect(rows[5] == "  3sat         │Report ░░░░░░│Planet ░░░░░░░░░░░░░░░░░░░░┊░│Hunt…│Heroes Los…            │Secrets Oc")
        #expect(rows[6] == "  DMAX         │Ocea…│Express ░░░░░░░░░░░░░░░░░░░░░░░░░░░┊Scene Crime Planet ░░░░│N…      │News │Rep")
        #expect(rows[14] == "  SAT.1        │F…│Gold Fam…│Ocean He…▌            │Alpine ░░░░░░░░░░                  │Weather Crim")
        // With colours the line crosses a block's letter by colour alone, and its other cells in the same colour.
        let grid = try Self.grid(keys, now: Self.repeatedHour, size: size, colors: true)
        let x = try #require((0..<grid.width).first { grid[$0, 2].character == "▼" })
        #expect(grid[x, 5] == Cell("l", style: Style(.warning, reverse: true)))
        #expect(grid[x, 3] == Cell("┊", style: Style(.warning)))
        #expect(grid[x, 9] == Cell("┊", style: Style(.warning, reverse: true)))
    }

    @Test func theCornerKeepsTheDateAndZoomWholeBesideANarrowRowLabel() throws {
        #expect(try Self.top(4, of: "m", size: Size(width: 100, height: 30), data: Self.oneRow) == """
             strata  tv-guide.csv                        Day │ Week │ Month        sum duration · Europe/Berlin
             2024-10-27 00:00       03:00    06:00    09:00    12:00    15:00    18:00    21:00    24:00
             20 min/col ┬───────────┬────────┬────────┬────────┬────────┬────────┬─────▼──┬────────┐
            ▶ all       │SA▌▌░│ONE│DMAX ▌│ph▌│phoen│3…▌│n-t│n-▌│n│n-│n-tv│art▌░│D┃DMAX ┊DM…│D▌│Ki▌░
            """)
    }

    /// The day's 25 hours (1500 minutes) beside the 15-column row labels.
    @Test("opens at the finest step at which the day fits", arguments: [
        (60, 40), (100, 20), (120, 15), (160, 15), (200, 10),
    ])
    func fitsTheDayToTheWidth(width: Int, minutes: Int) throws {
        var app = try Self.app(now: Self.evening, size: Size(width: width, height: 24))
        app.handle(.key(.character("m")))
        let t = try #require(timeline(app.state))
        let layout = TimelineLayout(state: app.state, timeline: t, dataset: app.dataset)
        #expect(layout.zoom == minutes && layout.columns == (1500 + minutes - 1) / minutes)
        #expect(layout.columns <= layout.viewport.bodyArea.width)
    }

    @Test func aCardsRawRowWiderThanTheCardEndsInAnEllipsis() throws {
        let rows = try Self.replay("enter G", size: Size(width: 100, height: 30)).split(separator: "\n").filter { $0.contains("tv-guide.csv:") }
        #expect(rows.contains { $0.hasPrefix("│   tv-guide.csv:2411") && $0.hasSuffix("2024-10-28T00:25:00+01:00   │") })
        #expect(rows.contains { $0.hasPrefix("│   tv-guide.csv:2412") && $0.hasSuffix("2024-10-28T00:00:… │") })
    }

    @Test func theReadoutNamesADayOnlyWhereItIsNotTheOneBefore() throws {
        // The day's own block: clocks alone. The week's last block runs past midnight
        // into the next week: its start names its day, its end the next.
        #expect(try Self.replay("m").contains("Family Planet Heroes  ·  KiKA  ·  18:45–20:45  ·  2h"))
        #expect(try Self.replay("down m end").contains("Report  ·  KiKA  ·  Sun 3 Nov 23:15–Mon 4 Nov 00:15  ·  1h"))
    }

    @Test func theAxisHasLabelsAtTheCoarsestZoomOfAWeek() throws {
        // Six hours a column: a label every other day, from the week's Monday; the week's end is
        // labelled Mon 28, and Sun 27, which would touch it, gives way.
        #expect(try Self.top(3, of: "down m - -", size: Size(width: 60, height: 20)) == """
             tv-guide.csv     D │ W │ M  sum duration · all 16 combined
             2024-W43      Mon 21  Wed 23  Fri 25      Mon 28
             6 h/col       ┬───────┬───────┬──────────▼┐
            """)
        // An hour a column: midnights name their day.
        #expect(try Self.top(3, of: "down m", size: Size(width: 200, height: 20)).split(separator: "\n")[1].hasPrefix(
            " 2024-W43      Mon 21  08:00   16:00   Tue 22  08:00   16:00   Wed 23  08:00"))
    }

    @Test func theAxisStopsAtThePeriodsEndOnALabelledTick() throws {
        // 220 columns at 10 minutes a column: the 25-hour day's 150 columns end at column 15 + 150,
        // on a tick labelled 24:00; the 55 columns after it stay blank.
        let day = try Self.top(4, of: "m", size: Size(width: 220, height: 20)).split(separator: "\n")
        #expect(day[1].hasSuffix("20:00       22:00       24:00"))
        #expect(day[2].hasSuffix("─▼───────────┬───────────┐"))
        #expect(day[2].count == 15 + 150 + 1)
        #expect(day[3].count <= 15 + 150)
        // A month of 31 days at 12 hours a column ends on the next month's first day.
        #expect(try Self.lines(1..<3, of: "down down m", size: Size(width: 100, height: 20)) == """
             2024-10       Tue 1         Tue 8         Tue 15        Tue 22              Fri 1
             12 h/col      ┬─────────────┬─────────────┬─────────────┬──────────▼────────┐
            """)
        // Scrolled to the end, the end tick is the last column; its label has no room there.
        #expect(try Self.lines(1..<3, of: "m + + wheelright*40", size: Size(width: 100, height: 20)) == """
             2024-10-27    10:00       12:00       14:00       16:00       18:00       20:00       22:00
             10 min/col    ┬───────────┬───────────┬───────────┬───────────┬───────────▼───────────┬───────────┐
            """)
    }

    // MARK: the reducer

    func open(at now: Int64 = evening) throws -> (AppState, AppEnvironment) {
        let (dataset, _) = try Self.guide.get()
        let app = try Self.app(now: now, size: Size(width: 120, height: 24))
        let env = AppEnvironment(dataset: dataset, now: now)
        var state = app.state
        reduce(into: &state, action: .toggleMap, env: env)
        return (state, env)
    }

    func timeline(_ state: AppState) -> TimelineState? {
        if case .timeline(let t) = state.route { return t }
        return nil
    }

    @Test func opensOnTheFirstRowsBlockAtNow() throws {
        let (state, env) = try open()
        let kika = env.dataset.intervals!.bySeries[0]
        let t = try #require(timeline(state))
        let record = kika[try #require(t.cursor?.index(in: env.dataset.intervals!))]
        #expect(env.dataset.intervals!.label(record) == "Family Planet Heroes")
        #expect(record.start <= Self.evening && Self.evening < record.end)
        #expect(t == TimelineState(zoom: .fit, cursor: .init(series: 0, record)))
    }

    @Test func zoomingOutStopsWhereTheDayFitsAndSaysSo() throws {
        var (state, env) = try open()
        let fitted = state
        reduce(into: &state, event: .key(.character("-")), env: env)
        var expected = fitted
        expected.notice = "the whole day is in view"
        #expect(state == expected)
        // In, then out again: back to the fit, which follows the width from then on.
        reduce(into: &state, event: .key(.character("+")), env: env)
        var t = try #require(timeline(fitted))
        t.zoom = .chosen(10)
        t.left = try #require(timeline(state)).left
        expected = fitted
        expected.route = .timeline(t)
        #expect(state == expected)
        reduce(into: &state, event: .key(.character("-")), env: env)
        #expect(state == fitted)
    }

    @Test func aResizeRefitsUnlessAFinerZoomWasChosen() throws {
        var (state, env) = try open()
        let fitted = try #require(timeline(state))
        reduce(into: &state, event: .resize(Size(width: 200, height: 24)), env: env)
        #expect(try #require(timeline(state)) == fitted)
        #expect(TimelineLayout(state: state, timeline: fitted, dataset: env.dataset).zoom == 10)
        // 5 minutes a column, chosen at 120 columns, is kept at 200.
        reduce(into: &state, event: .resize(Size(width: 120, height: 24)), env: env)
        for key: Character in ["+", "+"] { reduce(into: &state, event: .key(.character(key)), env: env) }
        #expect(try #require(timeline(state)).zoom == .chosen(5))
        reduce(into: &state, event: .resize(Size(width: 200, height: 24)), env: env)
        #expect(try #require(timeline(state)).zoom == .chosen(5))
        // 15 minutes a column, chosen at 100 columns, is no finer than the fit at 200: fit again.
        reduce(into: &state, event: .resize(Size(width: 100, height: 24)), env: env)
        reduce(into: &state, event: .key(.character("-")), env: env)
        reduce(into: &state, event: .key(.character("-")), env: env)
        #expect(try #require(timeline(state)).zoom == .chosen(15))
        reduce(into: &state, event: .resize(Size(width: 200, height: 24)), env: env)
        #expect(try #require(timeline(state)).zoom == .fit)
    }

    @Test func nextBlockCrossesIntoTheNextDayAndTheLevelFollows() throws {
        var (state, env) = try open()
        let kika = env.dataset.intervals!.bySeries[0]
        let day = env.dataset.calendar.instant(forReference: "2024-10-28")!
        let lastOfDay = kika.lastIndex { $0.start < day }!
        var t = try #require(timeline(state))
        t.cursor = .init(series: 0, kika[lastOfDay])
        state.route = .timeline(t)
        let before = state
        reduce(into: &state, action: .blockStep(1), env: env)
        var expected = before
        expected.navigation.positions[0] += 1
        var moved = t
        moved.cursor = .init(series: 0, kika[lastOfDay + 1])
        moved.left = 0
        expected.route = .timeline(moved)
        #expect(state == expected)
        #expect(kika[lastOfDay + 1].start >= day)
        // Back: the block before runs past midnight, so the day stays; once more, and the level follows.
        #expect(kika[lastOfDay].end > day)
        reduce(into: &state, action: .blockStep(-1), env: env)
        moved.cursor = .init(series: 0, kika[lastOfDay])
        expected.route = .timeline(moved)
        #expect(state == expected)
        reduce(into: &state, action: .blockStep(-1), env: env)
        expected.navigation.positions[0] -= 1
        moved.cursor = .init(series: 0, kika[lastOfDay - 1])
        expected.route = .timeline(moved)
        #expect(state == expected)
    }

    @Test func downGoesToTheBlockRunningAtTheCursorsStartInTheNextRow() throws {
        var (state, env) = try open()
        let intervals = env.dataset.intervals!
        let t = try #require(timeline(state))
        let from = intervals.bySeries[0][t.cursor!.index(in: intervals)!]
        reduce(into: &state, action: .blockRow(1), env: env)
        let cursor = try #require(timeline(state)?.cursor)
        #expect(cursor.series == 1)
        let to = intervals.bySeries[1][cursor.index(in: intervals)!]
        #expect(to.start <= from.start && from.start < to.end)
        // Six rows down, the cursor has not drifted: its block is within an hour of that start.
        for _ in 0..<6 { reduce(into: &state, action: .blockRow(1), env: env) }
        let down = try #require(timeline(state)?.cursor)
        let far = intervals.bySeries[down.series][down.index(in: intervals)!]
        #expect(down.series == 7 && far.start < from.start + 3600 && from.start - 3600 < far.end)
    }

    @Test func searchFindsARowByItsLabelAndNFindsTheNext() throws {
        var (state, env) = try open()
        let start = state
        for action: Action in [.openSearch, .promptInput("s"), .promptInput("A"), .promptInput("t"), .promptSubmit] {
            reduce(into: &state, action: action, env: env)
        }
        let names = (0..<TimelineLayout.seriesCount(env.dataset)).map { TimelineLayout.seriesName(env.dataset, $0) }
        let period = env.dataset.calendar.instant(forReference: "2024-10-27")!
        func expected(_ name: String) throws -> AppState {
            let series = names.firstIndex(of: name)!
            let index = nearest(env.dataset.intervals!, series: series, to: period, within: period..<(period + 25 * 3600))!
            var expected = start
            var t = try #require(timeline(start))
            t.cursor = .init(series: series, env.dataset.intervals!.bySeries[series][index])
            t.search = TextSearch("sAt")
            t.left = 0
            expected.route = .timeline(t)
            return expected
        }
        // After the first row, "3sat" is the first named like it; `n` goes on to "SAT.1".
        #expect(state == (try expected("3sat")))
        reduce(into: &state, action: .searchNext, env: env)
        #expect(state == (try expected("SAT.1")))
        reduce(into: &state, action: .searchNext, env: env)
        #expect(state == (try expected("3sat")))
    }

    @Test func rowsThatAllFitDoNotScrollAway() throws {
        var (state, env) = try open()
        state.size = Size(width: 120, height: 40)
        for _ in 0..<5 { reduce(into: &state, action: .scrollTimeline(rows: 3, columns: 0), env: env) }
        #expect(try #require(timeline(state)).top == 0)
    }

    @Test func aDragLocksToTheFirstAxisMovedTwoCells() throws {
        var (state, env) = try open()
        reduce(into: &state, action: .zoomTimeline(finer: true), env: env)
        reduce(into: &state, action: .zoomTimeline(finer: true), env: env)
        // A screen shorter than the 16 rows, so they can scroll.
        state.size = Size(width: 120, height: 12)
        var t = try #require(timeline(state))
        t.left = 100
        t.top = 4
        state.route = .timeline(t)
        let start = state
        // One cell across and two down: locked to rows, then sideways moves do nothing.
        for action: Action in [.dragBegan(x: 60, y: 10), .dragMoved(x: 61, y: 10), .dragMoved(x: 61, y: 12), .dragMoved(x: 30, y: 11)] {
            reduce(into: &state, action: action, env: env)
        }
        var expected = start
        t.top = 3
        t.drag = timeline(state)?.drag
        expected.route = .timeline(t)
        #expect(state == expected)
        #expect(t.drag?.axis == .vertical)
        reduce(into: &state, action: .dragEnded, env: env)
        t.drag = nil
        expected.route = .timeline(t)
        #expect(state == expected)
        // Sideways first: locked to time, vertical moves do nothing.
        for action: Action in [.dragBegan(x: 60, y: 10), .dragMoved(x: 57, y: 11), .dragMoved(x: 50, y: 20)] {
            reduce(into: &state, action: action, env: env)
        }
        t.left = 110
        t.drag = timeline(state)?.drag
        expected.route = .timeline(t)
        #expect(state == expected)
        #expect(t.drag?.axis == .horizontal && t.drag?.startOffset == Viewport.Offset(x: 100, y: 3))
    }

    @Test func aJumpPutsTheCursorOnItsRowsBlockNearestTheNewPeriodsStart() throws {
        var (state, env) = try open()
        for action: Action in [.openPrompt] + "2024-10-30".map(Action.promptInput) + [.promptSubmit] {
            reduce(into: &state, action: action, env: env)
        }
        #expect(state.navigation.positions[0] == 9)
        let day = env.dataset.calendar.instant(forReference: "2024-10-30")!
        let cursor = try #require(timeline(state)?.cursor)
        #expect(cursor.series == 0)
        #expect(cursor.index(in: env.dataset.intervals!) == nearest(env.dataset.intervals!, series: 0, to: day, within: day..<(day + 86_400)))
    }

    @Test func aClickPicksTheBlockDrawnThereAndADragDoesNot() throws {
        var app = try Self.app(now: Self.evening, size: Size(width: 120, height: 24))
        app.handle(.key(.character("m")))
        let frame = app.render()
        // A block of the fourth row (arte), away from the cursor's.
        let zone = try #require(frame.zones.first { if case .pickBlock(3, _) = $0.action { true } else { false } })
        guard case .pickBlock(_, let index) = zone.action else { return }
        for kind: MouseEvent.Kind in [.press(.left), .release] {
            app.handle(.mouse(MouseEvent(kind, x: zone.rect.x, y: zone.rect.y)))
        }
        #expect(timeline(app.state)?.cursor == TimelineState.Cursor(series: 3, app.dataset.intervals!.bySeries[3][index]))
        let before = app.state
        _ = app.render()
        app.handle(.mouse(MouseEvent(.press(.left), x: zone.rect.x, y: zone.rect.y + 3)))
        app.handle(.mouse(MouseEvent(.drag(.left), x: zone.rect.x, y: zone.rect.y + 1)))
        app.handle(.mouse(MouseEvent(.release, x: zone.rect.x, y: zone.rect.y + 1)))
        #expect(timeline(app.state)?.cursor == timeline(before)?.cursor)
    }

    /// The guide loaded with a budget it does not fit: no interval kept,
    /// the timeline's windows read back from the file (`inline`: at once, as
    /// a dump reads them; `background`: on a worker, as the terminal does).
    static func windowed(_ mode: FinePages.Mode) throws -> (Dataset, RowLocator) {
        var options = ReadOptions()
        options.memoryBudget = 40 * 4 * 100
        var setup = LoadSetup()
        setup.zone = berlin
        let path = RealDataGoldenTests.fixtures.appendingPathComponent("tv-guide.csv").path
        let result = try DataLoader.load([.file(path)], options: options, setup: setup)
        #expect(result.intervals == nil)
        let source = FileSource([.file(path)], options: options, setup: setup, loaded: result)
        return (Dataset(loaded: result, levels: result.levels, finePages: FinePages(source: source, mode: mode, budget: 1 << 20)),
                result.rowLocator)
    }

    /// Every frame of a walk through the timeline is the same whether the
    /// load kept every interval or the timeline reads its windows.
    @Test func windowsReadBackDrawWhatEveryIntervalKeptDraws() throws {
        let walk = "m right*6 down*3 enter escape pgdn left*9 pgup + + right*12 - end up*2 / A t enter n home : 2 0 2 4 - 1 0 - 3 0 enter right*40 m"
        let windowed = Result { try Self.windowed(.inline) }
        for keys in [walk, "down " + walk] {
            let kept = try Self.replay(keys, frames: true)
            #expect(try Self.replay(keys, data: windowed, frames: true) == kept)
            #expect(kept.components(separatedBy: "--- frame").count > 100)
        }
    }

    /// The pager's "so far" and "vs same time" count each programme once,
    /// under every aggregate and series, whether the load kept every
    /// interval or they come from the day's window.
    @Test func aRunningDaysStatsCountEachIntervalOnceFromItsWindow() throws {
        let keys = "a a a a a tab a a a a a tab tab a a left a a right a a a"
        let kept = try Self.replay(keys, frames: true)
        #expect(try Self.replay(keys, data: Result { try Self.windowed(.inline) }, frames: true) == kept)
        #expect(kept.contains("so far") && kept.contains("same time"))
    }

    /// In the terminal a window not read yet says so, then the cursor goes
    /// where it would have gone had every interval been kept.
    @Test func aWindowStillReadSaysSoThenTheCursorIsPlaced() throws {
        var app = try Self.app(now: Self.evening, size: Size(width: 120, height: 24), data: Result { try Self.windowed(.background) })
        app.handle(.key(.character("m")))
        #expect(timeline(app.state)?.cursor == nil)
        #expect(app.render().grid.plainText.contains(" reading…"))
        // A key that needs the blocks says why it waits, not that there are none.
        app.handle(.key(.right))
        #expect(app.state.notice == "the day's blocks are being read…")
        let deadline = Date().addingTimeInterval(10)
        while app.isReading, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        app.handle(.tick)
        var kept = try Self.app(now: Self.evening, size: Size(width: 120, height: 24))
        kept.handle(.key(.character("m")))
        #expect(timeline(app.state)?.cursor != nil)
        #expect(app.state == kept.state)
        #expect(app.render().grid.plainText == kept.render().grid.plainText)
    }

    /// A move to a period still being read keeps the cursor's row: once
    /// the window comes, the cursor is on that row's block nearest the
    /// period's start, as it would have been with every interval kept.
    @Test func aMoveToAPeriodStillReadKeepsTheCursorsRow() throws {
        let keys: [Key] = [.character("m"), .down, .down, .down, .pageDown]
        var app = try Self.app(now: Self.evening, size: Size(width: 120, height: 24), data: Result { try Self.windowed(.background) })
        var kept = try Self.app(now: Self.evening, size: Size(width: 120, height: 24))
        for key in keys {
            kept.handle(.key(key))
            app.handle(.key(key))
            let deadline = Date().addingTimeInterval(10)
            while app.isReading, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            // The last key's window is read now, not placed: the next frame's arrival places it.
            if key != keys.last { app.handle(.tick) }
        }
        #expect(timeline(app.state)?.cursor == nil && timeline(app.state)?.awaitedRow == 3)
        app.handle(.tick)
        #expect(timeline(kept.state)?.cursor?.series == 3)
        #expect(app.state == kept.state)
        #expect(app.render().grid.plainText == kept.render().grid.plainText)
    }

    @Test func mAndEscGoBackToThePager() throws {
        var (state, env) = try open()
        reduce(into: &state, event: .key(.character("m")), env: env)
        #expect(state.route == .pager)
        reduce(into: &state, event: .key(.character("m")), env: env)
        reduce(into: &state, event: .key(.escape), env: env)
        #expect(state.route == .pager)
    }

    /// A block starting past the window's last column covers none of its columns: an empty
    /// range (two hours on, 60 columns of a minute), never a reversed one (random keys met it).
    @Test func aBlockPastTheColumnsCoversNone() {
        #expect(TimelineLayout.columns(from: 7200, to: 9000, period: 0, columnSeconds: 60, columns: 60) == 60..<60)
        #expect(TimelineLayout.columns(from: 600, to: 900, period: 0, columnSeconds: 60, columns: 60) == 10..<15)
    }
}

/// `→` and `←` stay among the blocks of the day shown while there are some:
/// after a flight that left the evening before comes the next one of this
/// day, not a short one of the evening before.
@Suite("Timeline steps across a day's edge")
struct TimelineStepTests {
    static let flights = """
        route,departure,arrival
        JFK-LHR,2013-07-03T20:00:00Z,2013-07-04T02:00:00Z
        JFK-LHR,2013-07-03T21:00:00Z,2013-07-03T22:00:00Z
        JFK-LHR,2013-07-04T08:00:00Z,2013-07-04T10:00:00Z
        JFK-LHR,2013-07-05T09:00:00Z,2013-07-05T11:00:00Z

        """

    func timeline(after keys: String) throws -> (cursor: Int?, day: String) {
        var options = ReadOptions()
        options.endColumn = "arrival"
        var setup = LoadSetup()
        setup.zone = .utc
        setup.levels = [.day, .week]
        let result = try withTemporaryFile(named: "flights.csv", holding: Self.flights) { path in
            try DataLoader.load([.file(path)], options: options, setup: setup)
        }
        let dataset = Dataset(loaded: result, levels: result.levels)
        var app = StrataApp(dataset: dataset, clock: TestClock(now: 1_400_000_000), at: dataset.calendar.instant(forReference: "2013-07-04"))
        for token in try KeyScript.parse("m " + keys) { for event in token.events { app.handle(event) } }
        guard case .timeline(let timeline) = app.state.route else { return (nil, "") }
        let navigation = app.state.navigation
        return (timeline.cursor?.index(in: dataset.intervals!), dataset.calendar.periodID(navigation.level, ordinal: dataset.ordinal(navigation.level, index: navigation.position)))
    }

    @Test func theNextBlockOfTheDayComesFirst() throws {
        // The cursor opens on the flight that left on the 3rd and lands on the 4th.
        #expect(try timeline(after: "").cursor == 0)
        #expect(try timeline(after: "right") == (2, "2013-07-04"))
        #expect(try timeline(after: "right left") == (0, "2013-07-04"))
        // Past the day's last block, on into the next day.
        #expect(try timeline(after: "right right") == (3, "2013-07-05"))
        #expect(try timeline(after: "2 right") == (3, "2013-07-05"))
        // Before the next day's first block: back into this day, on its last.
        #expect(try timeline(after: "right right left") == (2, "2013-07-04"))
        // Nothing in the row started before the first flight.
        #expect(try timeline(after: "left") == (0, "2013-07-04"))
    }
}
