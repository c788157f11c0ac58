import Foundation
import StrataData
import Testing
@testable import StrataUI

/// A percentile on the screens: the `a` key's cycle, the stats line's
/// p50/p95/p99 of the period, the card's percentile columns, the map's
/// shades and the overview's totals and top periods.
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

    /// The first day's first four hours, five values each: p50 2, 4, 6 and
    /// 10 where the means are 20, 4, 6 and 10; and a 0 a week later.
    static let hours: [[Double]] = [[2, 2, 2, 2, 92], [4, 4, 4, 4, 4], [6, 6, 6, 6, 6], [10, 10, 10, 10, 10]]

    static func hourly() -> Dataset {
        var accumulator = Accumulator(calendar: utc, baseUnit: .hour)
        accumulator.keepSketches(unit: .hour)
        for (h, values) in hours.enumerated() {
            for (k, value) in values.enumerated() { accumulator.add(seconds: start + Int64(h * 3600 + k * 60), value: value) }
        }
        accumulator.add(seconds: start + 7 * 86_400, value: 0)
        return Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "t.csv", valueName: "ms"), levels: [.day, .week])
    }

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

extension PercentileScreenTests {
    /// p50 shades the hours 2, 4, 6, 10 on a scale from the 0 a week later
    /// to 10: fifths 1, 2, 3 and 5 of it, so the four steps ░ ▒ ▓ █; the 0 is
    /// a dot. (By mean, the first hour's 20 would be the top.)
    @Test func theMapShadesByThePercentile() throws {
        let screen = try ScreenTests.replay(Self.hourly(), "home a*5 m", size: Size(width: 80, height: 14), now: Self.start + 86_400 * 30)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.reversed().drop { $0 == " " }.reversed()) }
        #expect(lines[1] == " Days × hours  0 ░▒▓█ 10")
        #expect(lines[4...11] == [" 2024-01-01 Mon [░]▒ ▓ █", " 2024-01-02 Tue", " 2024-01-03 Wed", " 2024-01-04 Thu", " 2024-01-05 Fri",
                                  " 2024-01-06 Sat", " 2024-01-07 Sun", " 2024-01-08 Mon  ·"])
        #expect(lines.contains { $0.hasPrefix(" 2024-01-01 00:00–01:00  p50 2  ") }, "\(screen)")
    }

    /// The whole data's p50 in each section's header: of the 21 values
    /// sorted, the 11th is 6. Days ranked by theirs: the first's 20 values
    /// have 6 in the middle, the 8th day's one 0.
    @Test func theOverviewGivesThePercentileOfEverythingAndRanksByIt() throws {
        let screen = try ScreenTests.replay(Self.hourly(), "home a*5 o", size: Size(width: 80, height: 24), now: Self.start + 86_400 * 30)
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == "Day  8 periods  2024-01-01 – 2024-01-08  p50 6")
        let top = try #require(lines.firstIndex { $0.contains("Top") })
        #expect(lines[top...(top + 2)].map { $0.trimmingCharacters(in: .whitespaces) } == ["Top 2 days by p50", "01  2024-01-01  6", "02  2024-01-08  0"])
    }
}
