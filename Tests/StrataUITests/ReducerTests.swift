import StrataData
import Testing
@testable import StrataUI

@Suite("Navigation reducer")
struct ReducerTests {
    /// Day, week and month levels with 1461, 209 and 48 periods, on day 64.
    func makeState() -> State {
        State(levels: [.day, .week, .month], periodCounts: [1461, 209, 48], nowIndices: [1460, 208, 47],
              startPositions: [64, 9, 2])
    }

    func run(_ state: State, _ actions: [Action]) -> State {
        var state = state
        for action in actions { reduce(into: &state, action: action) }
        return state
    }

    @Test func levelsKeepTheirOwnIndex() {
        let start = makeState()
        let end = run(start, [.move(periods: -1), .move(periods: -1), .coarserLevel, .finerLevel])
        var expected = start
        expected.positions = [62, 9, 2]
        #expect(end == expected)
    }

    @Test func pagingAWeekLeavesDaysAlone() {
        let end = run(makeState(), [.coarserLevel, .move(periods: 3), .coarserLevel, .move(periods: -1)])
        var expected = makeState()
        expected.levelIndex = 2
        expected.positions = [64, 12, 1]
        #expect(end == expected)
    }

    @Test func clampsAtBothEndsWithoutWrapping() {
        var expected = makeState()
        expected.positions = [0, 9, 2]
        #expect(run(makeState(), [.move(periods: -100)]) == expected)
        expected.positions = [1460, 9, 2]
        #expect(run(makeState(), [.move(periods: 5000)]) == expected)
        expected.positions = [0, 9, 2]
        #expect(run(makeState(), [.move(periods: 5000), .firstPeriod]) == expected)
        expected.positions = [1460, 9, 2]
        #expect(run(makeState(), [.lastPeriod, .move(periods: 1)]) == expected)
        expected.positions = [64, 9, 2]
        expected.levelIndex = 2
        #expect(run(makeState(), [.coarserLevel, .coarserLevel, .coarserLevel]) == expected)
        expected.levelIndex = 0
        #expect(run(makeState(), [.finerLevel]) == expected)
    }

    @Test func countsRepeatTheNextMove() {
        var expected = makeState()
        expected.positions = [59, 9, 2]
        #expect(run(makeState(), [.countDigit(5), .move(periods: -1)]) == expected)
        expected.positions = [64 + 120, 9, 2]
        #expect(run(makeState(), [.countDigit(1), .countDigit(2), .move(periods: 10)]) == expected)
        // A count is used once, and Esc cancels it.
        expected.positions = [63, 9, 2]
        #expect(run(makeState(), [.countDigit(5), .cancel, .move(periods: -1)]) == expected)
        var pending = makeState()
        pending.pendingCount = 42
        #expect(run(makeState(), [.countDigit(4), .countDigit(2)]) == pending)
    }

    @Test func nowGoesToTheCurrentPeriodOfTheLevel() {
        var expected = makeState()
        expected.levelIndex = 1
        expected.positions = [64, 208, 2]
        #expect(run(makeState(), [.coarserLevel, .nowPeriod]) == expected)
    }

    @Test func aggregateAndSeriesCycle() {
        var state = State(levels: [.day], periodCounts: [10], nowIndices: [9], startPositions: [9], seriesCount: 3)
        reduce(into: &state, action: .cycleAggregate)
        #expect(state.aggregate == .count)
        for _ in 0..<4 { reduce(into: &state, action: .cycleAggregate) }
        #expect(state.aggregate == .sum)
        reduce(into: &state, action: .previousSeries)
        #expect(state.seriesIndex == 2)
        reduce(into: &state, action: .nextSeries)
        #expect(state.seriesIndex == 0)
    }

    @Test func promptJumpsEveryLevelOrSaysWhy() {
        var state = makeState()
        reduce(into: &state, action: .openPrompt)
        reduce(into: &state, action: .promptInput("x"))
        #expect(state.mode == .prompt(text: "x", error: nil))
        reduce(into: &state, action: .promptSubmit(positions: nil, error: "not a date"))
        #expect(state.mode == .prompt(text: "x", error: "not a date"))
        reduce(into: &state, action: .promptSubmit(positions: [10, 2, 5000], error: nil))
        var expected = makeState()
        expected.positions = [10, 2, 47]
        #expect(state == expected)
    }

    @Test func keysThatDoNotApplyAreIgnored() {
        let state = makeState()
        #expect(KeyMap.action(for: .character("z"), in: .pager) == nil)
        #expect(KeyMap.action(for: .enter, in: .pager) == nil)
        #expect(KeyMap.action(for: .left, in: .help) == nil)
        #expect(run(state, [.selectLevel(7)]) == state)
    }

    @Test func keyMapCoversTheSpec() {
        let expectations: [(Key, Action)] = [
            (.left, .move(periods: -1)), (.character("h"), .move(periods: -1)),
            (.right, .move(periods: 1)), (.character("l"), .move(periods: 1)),
            (.down, .coarserLevel), (.character("j"), .coarserLevel),
            (.up, .finerLevel), (.character("k"), .finerLevel),
            (.home, .firstPeriod), (.character("g"), .firstPeriod),
            (.end, .lastPeriod), (.character("G"), .lastPeriod),
            (.character("t"), .nowPeriod), (.pageUp, .move(periods: -10)), (.pageDown, .move(periods: 10)),
            (.character("a"), .cycleAggregate), (.tab, .nextSeries), (.backTab, .previousSeries),
            (.character("?"), .toggleHelp), (.escape, .cancel), (.character(":"), .openPrompt),
            (.character("q"), .quit), (.ctrlC, .quit), (.character("7"), .countDigit(7)),
        ]
        for (key, action) in expectations {
            #expect(KeyMap.action(for: key, in: .pager) == action, "\(key)")
        }
    }
}
