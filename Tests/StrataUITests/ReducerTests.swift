import StrataData
import Testing
@testable import StrataUI

@Suite("Navigation reducer")
struct ReducerTests {
    /// The demo's day, week and month levels (730, 105 and 24 periods), on day 65.
    func makeState() -> AppState {
        let demo = ScreenTests.demo
        return AppState(navigation: Navigation(levels: demo.levels, periodCounts: demo.levels.map { demo.count($0) },
                                               positions: [64, 9, 2]))
    }

    let env = AppEnvironment(dataset: ScreenTests.demo, now: ScreenTests.now)

    func run(_ state: AppState, _ actions: [Action], env: AppEnvironment? = nil) -> AppState {
        var state = state
        for action in actions { reduce(into: &state, action: action, env: env ?? self.env) }
        return state
    }

    func run(_ state: AppState, events: [Event], env: AppEnvironment? = nil) -> AppState {
        var state = state
        for event in events { reduce(into: &state, event: event, env: env ?? self.env) }
        return state
    }

    @Test func levelsKeepTheirOwnIndex() {
        let start = makeState()
        let end = run(start, [.move(periods: -1), .move(periods: -1), .coarserLevel, .finerLevel])
        var expected = start
        expected.navigation.positions = [62, 9, 2]
        #expect(end == expected)
    }

    @Test func pagingAWeekLeavesDaysAlone() {
        let end = run(makeState(), [.coarserLevel, .move(periods: 3), .coarserLevel, .move(periods: -1)])
        var expected = makeState()
        expected.navigation.levelIndex = 2
        expected.navigation.positions = [64, 12, 1]
        #expect(end == expected)
    }

    @Test func clampsAtBothEndsWithoutWrapping() {
        var expected = makeState()
        expected.navigation.positions = [0, 9, 2]
        #expect(run(makeState(), [.move(periods: -100)]) == expected)
        expected.navigation.positions = [729, 9, 2]
        #expect(run(makeState(), [.move(periods: 5000)]) == expected)
        expected.navigation.positions = [0, 9, 2]
        #expect(run(makeState(), [.move(periods: 5000), .firstPeriod]) == expected)
        expected.navigation.positions = [729, 9, 2]
        #expect(run(makeState(), [.lastPeriod, .move(periods: 1)]) == expected)
        expected.navigation.positions = [64, 9, 2]
        expected.navigation.levelIndex = 2
        #expect(run(makeState(), [.coarserLevel, .coarserLevel, .coarserLevel]) == expected)
        expected.navigation.levelIndex = 0
        #expect(run(makeState(), [.finerLevel]) == expected)
    }

    @Test func aCountMovesThatManyLevelsAndStopsAtTheLast() {
        var expected = makeState()
        expected.navigation.levelIndex = 2
        #expect(run(makeState(), [.countDigit(2), .coarserLevel]) == expected)
        #expect(run(makeState(), [.countDigit(9), .coarserLevel]) == expected)
        expected.navigation.levelIndex = 0
        #expect(run(makeState(), [.countDigit(9), .coarserLevel, .countDigit(3), .finerLevel]) == expected)
    }

    @Test func countsRepeatTheNextMove() {
        var expected = makeState()
        expected.navigation.positions = [59, 9, 2]
        #expect(run(makeState(), [.countDigit(5), .move(periods: -1)]) == expected)
        expected.navigation.positions = [64 + 120, 9, 2]
        #expect(run(makeState(), [.countDigit(1), .countDigit(2), .move(periods: 10)]) == expected)
        // A count is used once, and Esc cancels it.
        expected.navigation.positions = [63, 9, 2]
        #expect(run(makeState(), [.countDigit(5), .cancel, .move(periods: -1)]) == expected)
        var pending = makeState()
        pending.pendingCount = 42
        #expect(run(makeState(), [.countDigit(4), .countDigit(2)]) == pending)
    }

    @Test func nowGoesToThePeriodContainingTheClock() {
        var expected = makeState()
        expected.navigation.levelIndex = 1
        expected.navigation.positions = [64, 104, 2]
        #expect(run(makeState(), [.coarserLevel, .nowPeriod]) == expected)
        // The clock is injected: an earlier "now" is an earlier period.
        var earlier = env
        earlier.now = ScreenTests.now - 7 * 86_400
        expected.navigation.positions = [64, 103, 2]
        #expect(run(makeState(), [.coarserLevel, .nowPeriod], env: earlier) == expected)
    }

    @Test func aggregateAndSeriesCycle() {
        var state = AppState(navigation: Navigation(levels: [.day], periodCounts: [10], positions: [9], seriesCount: 3))
        reduce(into: &state, action: .cycleAggregate, env: env)
        #expect(state.navigation.aggregate == .count)
        for _ in 0..<4 { reduce(into: &state, action: .cycleAggregate, env: env) }
        #expect(state.navigation.aggregate == .sum)
        reduce(into: &state, action: .previousSeries, env: env)
        #expect(state.navigation.seriesIndex == 2)
        reduce(into: &state, action: .nextSeries, env: env)
        #expect(state.navigation.seriesIndex == 0)
    }

    @Test func countedRowsCycleOnlySumAndCount() {
        // Every counted row is 1: its mean, min and max say nothing.
        var accumulator = Accumulator(calendar: ScreenTests.utc, baseUnit: .hour)
        accumulator.add(seconds: 0, value: 1)
        let counted = Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "log", valueName: ColumnNames.countedRows), levels: [.day])
        let env = AppEnvironment(dataset: counted, now: ScreenTests.now)
        var state = AppState(navigation: Navigation(levels: [.day], periodCounts: [1], positions: [0]))
        var seen: [Aggregate] = []
        for _ in 0..<4 {
            reduce(into: &state, action: .cycleAggregate, env: env)
            seen.append(state.navigation.aggregate)
        }
        #expect(seen == [.count, .sum, .count, .sum])
    }

    @Test func escapeWithACountPendingCancelsOnlyTheCount() {
        var state = run(makeState(), events: [.key(.character("o")), .key(.character("5"))])
        #expect(state.pendingCount == 5)
        state = run(state, events: [.key(.escape)])
        #expect(state.pendingCount == nil)
        #expect(state.route == .overview(OverviewState(scroll: 0)))
    }

    @Test func valueColumnsCycleEachWithItsOwnAggregate() {
        var state = AppState(navigation: Navigation(levels: [.day], periodCounts: [10], positions: [9],
                                                    valueAggregates: [.mean, .sum]))
        let expected = state
        for key: Character in ["v", "a", "v", "v"] { reduce(into: &state, event: .key(.character(key)), env: env) }
        // Value 1 went from mean to min; value 0 kept its sum; three v's came back round.
        #expect(state.navigation.valueIndex == 0)
        #expect(state.navigation.aggregates == [.sum, .min, .sum])
        reduce(into: &state, event: .key(.character("V")), env: env)
        #expect(state.navigation.aggregate == .sum)
        var back = expected
        back.navigation.valueIndex = 2
        back.navigation.aggregates = [.sum, .min, .sum]
        #expect(state == back)
    }

    @Test func promptJumpsEveryLevelOrSaysWhy() {
        let typed = run(makeState(), events: [.key(.character(":")), .key(.character("x"))])
        var expected = makeState()
        expected.overlay = .prompt(text: "x", error: nil)
        #expect(typed == expected)
        let refused = run(typed, events: [.key(.enter)])
        expected.overlay = .prompt(text: "x", error: "not a date or period id: x")
        #expect(refused == expected)
        let jumped = run(makeState(), events: ":2025-W10".map { .key(.character($0)) } + [.key(.enter)])
        let demo = ScreenTests.demo
        let ids = zip(demo.levels, jumped.navigation.positions).map { demo.calendar.periodID($0, ordinal: demo.ordinal($0, index: $1)) }
        #expect(ids == ["2025-03-03", "2025-W10", "2025-03"])
        // A week's id on the day level goes to the week level: a day cannot show the whole week.
        expected = makeState()
        expected.navigation.positions = jumped.navigation.positions
        expected.navigation.levelIndex = 1
        #expect(jumped == expected)
        // A day's id on the week level stays on the week that holds it.
        let onWeek = run(jumped, events: ":2025-03-05".map { .key(.character($0)) } + [.key(.enter)])
        expected.navigation.positions[0] += 2
        #expect(onWeek == expected)
        // A month's id from the week level goes to the month level.
        let month = run(jumped, events: ":2025-04".map { .key(.character($0)) } + [.key(.enter)])
        #expect(month.navigation.levelIndex == 2)
        #expect(demo.calendar.periodID(.month, ordinal: demo.ordinal(.month, index: month.navigation.positions[2])) == "2025-04")
    }

    @Test func helpOverTheScreenKeepsItsState() {
        let paged = run(makeState(), [.coarserLevel, .move(periods: -2), .countDigit(3)])
        let helped = run(paged, events: [.key(.character("?"))])
        var expected = paged
        expected.pendingCount = nil
        expected.overlay = .help(offset: 0)
        #expect(helped == expected)
        // Paging keys mean nothing under help; closing it shows the screen as it was.
        let closed = run(helped, events: [.key(.left), .key(.escape)])
        expected.overlay = nil
        #expect(closed == expected)
    }

    @Test func helpNamesTheLevelsAndLeavesOutKeysTheDataHasNoUseFor() {
        // The demo: one value column, no series.
        let demo = KeyMap.pager.helpLines(for: makeState().navigation)
        #expect(demo.contains { $0.label == "↓ j" && $0.summary == "coarser level (day → week → month)" })
        #expect(!demo.contains { ["v", "V", "Tab", "S-Tab", "s"].contains($0.label) })
        let wide = Navigation(levels: [.week, .month, .quarter], periodCounts: [60, 14, 5], positions: [0, 0, 0],
                              seriesCount: 4, valueAggregates: [.sum, .mean])
        let lines = KeyMap.pager.helpLines(for: wide)
        #expect(lines.contains { $0.summary == "coarser level (week → month → quarter)" })
        #expect(["v", "V", "Tab", "S-Tab", "s"].allSatisfy { label in lines.contains { $0.label == label } })
    }

    @Test func helpScrollsWhenTallerThanTheScreenAndClamps() {
        let help = KeyMap.pager.helpLines(for: makeState().navigation)
        let lines = help.count
        // 80×24: a box of 22 rows shows 19 lines of the list.
        #expect(HelpLayout(lines: help, size: Size(width: 80, height: 24)).viewport(offset: .max).offset.y == lines - 19)
        var expected = makeState()
        expected.overlay = .help(offset: lines - 19)
        // Past either end, a scroll says so.
        expected.notice = "the end of help"
        #expect(run(makeState(), events: [.key(.character("?"))] + Array(repeating: .key(.down), count: 40)) == expected)
        expected.overlay = .help(offset: 0)
        expected.notice = "the top of help"
        #expect(run(makeState(), events: [.key(.character("?")), .key(.pageDown), .key(.pageUp), .key(.up)]) == expected)
        // At 80×40 everything fits: nothing to scroll.
        #expect(HelpLayout(lines: help, size: Size(width: 80, height: 40)).viewport(offset: .max).offset.y == 0)
    }

    @Test func keysThatDoNotApplyChangeNothingAndSayWhy() {
        let state = makeState()
        #expect(KeyMap.pager.action(for: .character("z")) == nil)
        #expect(KeyMap.pager.action(for: .character("x")) == nil)
        #expect(KeyMap.help.action(for: .left) == nil)
        #expect(run(state, [.selectLevel(7)]) == state)
        // A click on nothing is quiet; a key is not.
        #expect(run(state, events: [.mouse(MouseEvent(.press(.left), x: 5, y: 5))]) == state)
        var said = state
        said.notice = "z does nothing here: ? lists the keys"
        #expect(run(state, events: [.key(.character("z"))]) == said)
        // The next key clears it.
        #expect(run(said, events: [.key(.character("z")), .key(.right), .key(.left)]) == state)
    }

    /// Every key of every screen's map that can do nothing on the demo (one value column, no series) says why.
    @Test("a key with nothing to do says why", arguments: [
        ("tab", "no series: --series COL splits the rows"),
        ("backtab", "no series: --series COL splits the rows"),
        ("s", "no series: --series COL splits the rows"),
        ("v", "one value column: amount"),
        ("V", "one value column: amount"),
        ("k", "day is the finest level (--levels adds finer ones)"),
        ("j j j", "month is the coarsest level (--levels adds coarser ones)"),
        ("home left", "no day before 2024-11-23"),
        ("home h", "no day before 2024-11-23"),
        ("end l", "no day after 2026-11-22"),
        ("end pgdn", "no day after 2026-11-22"),
        ("home home", "already on the first day"),
        ("end G", "already on the last day"),
        ("end ]", "no day after 2026-11-22"),
        ("= =", "every level is already on this period"),
        ("0", "a count starts with 1-9"),
        ("esc", "nothing to close (q quits)"),
        ("enter esc esc", "nothing to close (q quits)"),
        ("enter end down", "already on the last line"),
        ("enter pgup", "already on the first line"),
        ("enter n", "no search yet: / searches"),
        ("enter / 0 5 : enter n", "no other line holds \"05:\""),
        ("o k", "day is the finest level (--levels adds finer ones)"),
        ("o end right", "no day after 2026-11-22"),
        ("m end down", "already on the last row"),
        ("m home up", "already on the first row"),
        ("m 3 0 left left", "already on the first column"),
        ("m 3 0 right right", "already on the last column"),
        ("m n", "no search yet: / searches"),
        ("? ? ? up", "the top of help"),
        ("? left", "← does nothing in help: Esc closes it"),
    ])
    func aKeyWithNothingToDoSaysWhy(keys: String, notice: String) throws {
        let screen = try ScreenTests.replay(ScreenTests.demo, keys)
        #expect(screen.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } == notice)
    }

    /// The timeline's keys, on the TV guide's 16 channels (whose rows need not all show).
    @Test("a timeline key with nothing to do says why", arguments: [
        ("m left*400", "no earlier block in this row"),
        ("m up*40", "no block in a row above"),
        ("m n", "no search yet: / searches"),
        ("m enter x", "x does nothing here: ? lists the keys"),
    ])
    func aTimelineKeyWithNothingToDoSaysWhy(keys: String, notice: String) throws {
        let screen = try TimelineTests.replay(keys, size: Size(width: 100, height: 60))
        #expect(screen.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } == notice)
    }

    @Test func clicksHitTheZonesThatWereDrawn() {
        var env = self.env
        env.zones = [HitZone(rect: Rect(x: 10, y: 0, width: 5, height: 1), action: .selectLevel(2)),
                     HitZone(rect: Rect(x: 3, y: 22, width: 3, height: 1), action: .jump(toIndex: 60))]
        var expected = makeState()
        expected.navigation.levelIndex = 2
        #expect(run(makeState(), events: [.mouse(MouseEvent(.press(.left), x: 14, y: 0))], env: env) == expected)
        expected = makeState()
        expected.navigation.positions = [60, 9, 2]
        #expect(run(makeState(), events: [.mouse(MouseEvent(.press(.left), x: 3, y: 22))], env: env) == expected)
        // Outside every zone, or a release or a drag: nothing.
        #expect(run(makeState(), events: [.mouse(MouseEvent(.press(.left), x: 15, y: 0)),
                                          .mouse(MouseEvent(.release, x: 12, y: 0)),
                                          .mouse(MouseEvent(.drag(.left), x: 12, y: 0))], env: env) == makeState())
    }

    @Test func theWheelPagesInFourDirections() {
        var expected = makeState()
        expected.navigation.positions = [62, 9, 2]
        #expect(run(makeState(), events: [.mouse(MouseEvent(.wheel(.up), x: 0, y: 0)),
                                          .mouse(MouseEvent(.wheel(.left), x: 0, y: 0))]) == expected)
        expected.navigation.positions = [66, 9, 2]
        #expect(run(makeState(), events: [.mouse(MouseEvent(.wheel(.down), x: 0, y: 0)),
                                          .mouse(MouseEvent(.wheel(.down), x: 0, y: 0, modifiers: .shift))]) == expected)
    }

    @Test func aMoveStartsASlideThatATickEnds() {
        var env = self.env
        env.animates = true
        env.time = 1000
        let moved = run(makeState(), [.move(periods: -1)], env: env)
        var expected = makeState()
        expected.navigation.positions = [63, 9, 2]
        expected.transition = Transition(.slide(fromIndex: 64, direction: -1), start: 1000, duration: 120)
        #expect(moved == expected)
        env.time = 1119
        #expect(run(moved, events: [.tick], env: env) == moved)
        env.time = 1120
        expected.transition = nil
        #expect(run(moved, events: [.tick], env: env) == expected)
        // A level switch does not slide, and a key ends a slide at once.
        #expect(run(makeState(), [.coarserLevel], env: env).transition == nil)
        #expect(run(moved, events: [.key(.character("a"))], env: env).transition == nil)
    }

    @Test func cCyclesTheChartFromTheAggregatesOwn() {
        // Sums start as bars; c goes to a line, a band, and back to bars.
        var expected = makeState()
        expected.navigation.chosenChart = .line
        #expect(run(makeState(), [.cycleChart]) == expected)
        expected.navigation.chosenChart = .band
        #expect(run(makeState(), [.cycleChart, .cycleChart]) == expected)
        expected.navigation.chosenChart = .bar
        #expect(run(makeState(), [.cycleChart, .cycleChart, .cycleChart]) == expected)
        // Untouched, the chart follows the aggregate: a mean is a line.
        let mean = run(makeState(), [.cycleAggregate, .cycleAggregate])
        #expect(mean.navigation.chart == .line)
        #expect(mean.navigation.chosenChart == nil)
        expected = mean
        expected.navigation.chosenChart = .band
        #expect(run(mean, [.cycleChart]) == expected)
    }

    @Test func countedRowsHaveNoBandToCycleTo() throws {
        let data = try SeriesScreenTests.dataset("time\n2024-05-01T09:00:00Z\n2024-05-01T09:10:00Z\n") { $0.countOnly = true }
        let env = AppEnvironment(dataset: data, now: ScreenTests.now)
        let start = AppState(navigation: Navigation(levels: data.levels, periodCounts: data.levels.map { data.count($0) },
                                                    positions: data.levels.map { _ in 0 }, aggregate: .count))
        var expected = start
        expected.navigation.chosenChart = .line
        #expect(run(start, [.cycleChart], env: env) == expected)
        expected.navigation.chosenChart = .bar
        #expect(run(start, [.cycleChart, .cycleChart], env: env) == expected)
    }

    @Test func yTogglesOneScaleForTheLevel() {
        var expected = makeState()
        expected.navigation.yScale = .level
        #expect(run(makeState(), [.toggleYScale]) == expected)
        // The scale stays as the pages and levels change.
        expected.navigation.positions = [63, 9, 2]
        expected.navigation.levelIndex = 1
        #expect(run(makeState(), [.toggleYScale, .move(periods: -1), .coarserLevel]) == expected)
        #expect(run(makeState(), [.toggleYScale, .toggleYScale]) == makeState())
    }

    @Test func sShowsEverySeriesAndTabPicksOne() {
        let demo = ScreenTests.demo
        let start = AppState(navigation: Navigation(levels: demo.levels, periodCounts: demo.levels.map { demo.count($0) },
                                                    positions: [64, 9, 2], seriesCount: 4))
        var expected = start
        expected.navigation.allSeries = true
        #expect(run(start, [.toggleAllSeries]) == expected)
        #expect(run(start, [.toggleAllSeries, .toggleAllSeries]) == start)
        // Tab leaves the overlay for the next series; Shift-Tab for the previous one.
        expected.navigation.allSeries = false
        expected.navigation.seriesIndex = 1
        #expect(run(start, [.toggleAllSeries, .nextSeries]) == expected)
        expected.navigation.seriesIndex = 3
        #expect(run(start, [.toggleAllSeries, .previousSeries]) == expected)
        // With one series (or none) there is nothing to overlay: s is ignored.
        #expect(run(makeState(), [.toggleAllSeries]) == makeState())
        var one = start
        one.navigation = Navigation(levels: demo.levels, periodCounts: demo.levels.map { demo.count($0) },
                                    positions: [64, 9, 2], seriesCount: 2)
        #expect(run(one, [.toggleAllSeries]) == one)
    }

    @Test func keyMapCoversTheSpec() {
        let expectations: [(Key, Action)] = [
            (.left, .move(periods: -1)), (.character("h"), .move(periods: -1)),
            (.right, .move(periods: 1)), (.character("l"), .move(periods: 1)),
            (.down, .coarserLevel), (.character("j"), .coarserLevel),
            (.up, .finerLevel), (.character("k"), .finerLevel),
            (.home, .firstPeriod), (.character("g"), .openBreakdowns),
            (.end, .lastPeriod), (.character("G"), .lastPeriod),
            (.character("t"), .nowPeriod), (.pageUp, .move(periods: -10)), (.pageDown, .move(periods: 10)),
            (.character("a"), .cycleAggregate), (.tab, .nextSeries), (.backTab, .previousSeries),
            (.character("c"), .cycleChart), (.character("y"), .toggleYScale), (.character("s"), .toggleAllSeries),
            (.character("?"), .toggleHelp), (.escape, .cancel), (.character(":"), .openPrompt),
            (.character("q"), .quit), (.ctrlC, .quit), (.character("7"), .countDigit(7)),
        ]
        for (key, action) in expectations {
            #expect(KeyMap.pager.action(for: key) == action, "\(key)")
        }
        #expect(KeyMap.prompt.action(for: .character("7")) == .promptInput("7"))
        #expect(KeyMap.prompt.action(for: .enter) == .promptSubmit)
    }
}
