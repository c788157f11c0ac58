import StrataData
import Testing
@testable import StrataUI

/// A percentile on the screens: the `a` key's cycle, the stats line's
/// p50/p95/p99 of the period, and the card's percentile columns.
struct PercentileScreenTests {
    static let utc = CalendarSystem(zone: .utc)
    static let start = Int64(1_704_067_200)  // 2024-01-01T00:00Z

    /// Hourly values per day, each day's in its first hours, with sketches or
    /// without; a row a week later keeps these days whole (not cut by the data's end).
    static func dataset(_ days: [[Double]], sketches: Bool = true) -> Dataset {
        var accumulator = Accumulator(calendar: utc, baseUnit: .hour)
        if sketches { accumulator.keepSketches(unit: .hour) }
        for (d, values) in days.enumerated() {
            for (h, value) in values.enumerated() { accumulator.add(seconds: start + Int64(d * 86_400 + h * 3600), value: value) }
        }
        accumulator.add(seconds: start + 7 * 86_400, value: 0)
        return Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "t.csv", valueName: "ms"), levels: [.day, .week])
    }

    static let days: [[Double]] = [[5, 5, 6], [1, 2, 3, 4, 10]]

    func cycle(_ dataset: Dataset) -> [Aggregate] {
        let env = AppEnvironment(dataset: dataset, now: Self.start + 86_400 * 30)
        var state = AppState(navigation: Navigation(levels: [.day], periodCounts: [2], positions: [1]))
        return (0..<8).map { _ in
            reduce(into: &state, action: .cycleAggregate, env: env)
            return state.navigation.aggregate
        }
    }

    @Test func aCyclesThroughThePercentilesOnlyWithSketches() {
        #expect(cycle(Self.dataset(Self.days)) == [.count, .mean, .min, .max, .percentile(500), .percentile(950), .percentile(990), .sum])
        #expect(cycle(Self.dataset(Self.days, sketches: false)) == [.count, .mean, .min, .max, .sum, .count, .mean, .min])
    }

    /// Day 2's five values: p95 is 4 + 0.8 × 6 = 8.8, p50 3, p99 9.76 (numpy's linear).
    @Test func theStatsLineGivesTheAskedPercentileThenP50P95AndP99() {
        let data = Self.dataset(Self.days)
        var navigation = Navigation(levels: data.levels, periodCounts: data.levels.map { data.count($0) }, positions: [1, 0])
        navigation.aggregate = .percentile(950)
        let screen = PagerScreen(state: AppState(navigation: navigation), env: AppEnvironment(dataset: data, now: Self.start + 86_400 * 30))
        #expect(screen.statsItems(data.page(.day, index: 1)).map(\.text)
            == ["p95 8.8", "p50 3", "p99 9.76", "low 1 at 00:00", "high 10 at 04:00", "▲ 2.9 vs 2024-01-01"])
    }

    @Test func theCardsTableHasP50P95AndP99Columns() throws {
        let screen = try ScreenTests.replay(Self.dataset(Self.days), "home right a*6 enter", size: Size(width: 90, height: 24),
                                            now: Self.start + 86_400 * 30)
        let lines = screen.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.contains("hour") && $0.contains("count") })
        #expect(lines[header...(header + 2)].joined(separator: "\n") == """
        │   hour   count  sum  min  max  mean  p50  p95  p99  p95                                │
        │ ▶ 00:00      1    1    1    1     1    1    1    1  ███▃                               │
        │   01:00      1    2    2    2     2    2    2    2  ██████▆                            │
        """)
    }
}
