import StrataData
import Testing
@testable import StrataUI

/// `[`/`]` over empty stretches, `=` to line every level up, and jumps
/// that clamp and say so.
@Suite("Gaps, alignment and clamped jumps")
struct GapsAndAlignTests {
    /// Data on 2024-01-01, 2024-01-02 and 2024-03-15 only: months of empty days between.
    static let gappy: Dataset = {
        let calendar = CalendarSystem(zone: .utc)
        var accumulator = Accumulator(calendar: calendar, baseUnit: .hour)
        for day in ["2024-01-01", "2024-01-02", "2024-03-15"] {
            accumulator.add(seconds: calendar.instant(forReference: day)! + 3600, value: 1)
        }
        return Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "gaps.csv", valueName: "v"), levels: [.day, .week, .month])
    }()

    let env = AppEnvironment(dataset: gappy, now: 0)

    func state(positions: [Int], level: Int = 0) -> AppState {
        AppState(navigation: Navigation(levels: Self.gappy.levels, periodCounts: Self.gappy.levels.map { Self.gappy.count($0) },
                                        positions: positions, levelIndex: level))
    }

    func run(_ state: AppState, _ keys: String) -> AppState {
        var state = state
        for c in keys { reduce(into: &state, event: .key(.character(c)), env: env) }
        return state
    }

    @Test func bracketsSkipEmptyStretches() {
        // 75 days from 1 January to 15 March.
        #expect(Self.gappy.count(.day) == 75)
        #expect(run(state(positions: [1, 0, 0]), "]").navigation.positions == [74, 0, 0])
        #expect(run(state(positions: [74, 0, 0]), "[").navigation.positions == [1, 0, 0])
        #expect(run(state(positions: [40, 0, 0]), "[").navigation.positions == [1, 0, 0])
        // Nothing further that way: the position stays.
        #expect(run(state(positions: [74, 0, 0]), "]").navigation.positions == [74, 0, 0])
        #expect(run(state(positions: [0, 0, 0]), "[").navigation.positions == [0, 0, 0])
        // On the week level, weeks are what is skipped.
        #expect(run(state(positions: [0, 0, 0], level: 1), "]").navigation.positions == [0, 10, 0])
    }

    @Test func equalsLinesEveryLevelUpOnTheCurrentPeriod() {
        // From March on the month level: the day and week go to its first day and week.
        let aligned = run(state(positions: [0, 0, 2], level: 2), "=")
        let ids = zip(Self.gappy.levels, aligned.navigation.positions).map {
            Self.gappy.calendar.periodID($0, ordinal: Self.gappy.ordinal($0, index: $1))
        }
        #expect(ids == ["2024-03-01", "2024-W09", "2024-03"])
        // A finer level already inside the period keeps its place.
        #expect(run(state(positions: [74, 0, 2], level: 2), "=").navigation.positions == [74, 8, 2])
        // From a day, the coarser levels go to the week and month holding it.
        #expect(run(state(positions: [74, 0, 0]), "=").navigation.positions == [74, 10, 2])
    }

    @Test func jumpsOutsideTheDataClampAndSaySo() {
        var after = run(state(positions: [0, 0, 0]), ":2030-01-01")
        reduce(into: &after, event: .key(.enter), env: env)
        #expect(after.navigation.positions == [74, 10, 2])
        #expect(after.notice == "2030-01-01 is after the data: showing the last day")
        // The note goes with the next key.
        reduce(into: &after, event: .key(.left), env: env)
        #expect(after.notice == nil)
        var named = run(state(positions: [0, 0, 0]), ":Mar 2024")
        reduce(into: &named, event: .key(.enter), env: env)
        #expect(named.navigation.positions == [60, 8, 2])
        #expect(named.notice == nil)
    }

    /// 200 days of data in 2020, and one row dated 2099.
    static let typo: Dataset = {
        let calendar = CalendarSystem(zone: .utc)
        var accumulator = Accumulator(calendar: calendar, baseUnit: .day)
        let start = calendar.instant(forReference: "2020-01-01")!
        for day in 0..<200 { accumulator.add(seconds: start + Int64(day) * 86_400, value: 1) }
        accumulator.add(seconds: calendar.instant(forReference: "2099-05-01")!, value: 1)
        return Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "typo.csv", valueName: "v"), levels: [.week, .month])
    }()

    @Test func aFewRowsFarAfterTheRestDoNotTakeTheStart() throws {
        let tail = try #require(Self.typo.farTail)
        #expect(Self.typo.calendar.localTime(at: tail.bodyEnd).date.isoString == "2020-07-18")
        #expect(tail.buckets == 1)
        let app = StrataApp(dataset: Self.typo, clock: TestClock(now: 0))
        let ids = zip(Self.typo.levels, app.state.navigation.positions).map {
            Self.typo.calendar.periodID($0, ordinal: Self.typo.ordinal($0, index: $1))
        }
        #expect(ids == ["2020-W29", "2020-07"])
        // Data with no such gap has no tail; gappy data is still one body.
        #expect(Self.gappy.farTail == nil)
        #expect(ScreenTests.demo.farTail == nil)
    }

    @Test("loose references", arguments: [
        ("2024/03/15", "2024-03-15T00:00:00+00:00"), ("2024.03", "2024-03-01T00:00:00+00:00"),
        ("Mar 2024", "2024-03-01T00:00:00+00:00"), ("march 2024", "2024-03-01T00:00:00+00:00"),
        ("2024 Mar", "2024-03-01T00:00:00+00:00"), ("15 Mar 2024", "2024-03-15T00:00:00+00:00"),
        ("Sept 10, 2024", "2024-09-10T00:00:00+00:00"), ("2024-W10", "2024-03-04T00:00:00+00:00"),
    ])
    func looseReferences(text: String, iso: String) throws {
        let calendar = CalendarSystem(zone: .utc)
        let t = try #require(calendar.instant(forLooseReference: text))
        #expect(calendar.localTime(at: t).isoString == iso)
    }

    @Test func notAReference() {
        let calendar = CalendarSystem(zone: .utc)
        for text in ["Mar", "31 Feb 2024", "Mar Apr 2024", "soon", "2024/13/01"] {
            #expect(calendar.instant(forLooseReference: text) == nil, "\(text)")
        }
    }
}
