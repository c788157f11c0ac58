import Foundation
import StrataData
import Testing
@testable import StrataUI

/// The stats line under the chart, per aggregate: what it names, and when
/// it compares with the period before.
@Suite("Stats line")
struct StatsLineTests {
    static let utc = CalendarSystem(zone: .utc)
    static let day = Int64(86_400)
    static let start = Int64(1_704_067_200)  // 2024-01-01T00:00Z, a Monday

    /// Hourly values, given per day: each day's values go into its first
    /// hours. A last row a week later keeps the data going past these days,
    /// so none of them is cut short by the data's end.
    static func dataset(_ days: [[Double]]) -> Dataset {
        var accumulator = Accumulator(calendar: utc, baseUnit: .hour)
        for (d, values) in days.enumerated() {
            for (h, value) in values.enumerated() {
                accumulator.add(seconds: start + Int64(d) * day + Int64(h) * 3600, value: value)
            }
        }
        accumulator.add(seconds: start + 7 * day, value: 0)
        return Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "t.csv", valueName: "v"), levels: [.day, .week])
    }

    /// The stats line's texts for day `index` under `aggregate`, with "now" at `now`.
    func items(_ dataset: Dataset, day index: Int, _ aggregate: Aggregate, now: Int64 = start + 365 * day) -> [String] {
        var navigation = Navigation(levels: dataset.levels, periodCounts: dataset.levels.map { dataset.count($0) },
                                    positions: [index, 0], aggregate: aggregate)
        navigation.aggregate = aggregate
        let screen = PagerScreen(state: AppState(navigation: navigation), env: AppEnvironment(dataset: dataset, now: now))
        return screen.statsItems(dataset.page(.day, index: index)).map(\.text)
    }

    @Test func quantitiesShowTotalRatePeakAndPercent() {
        let data = Self.dataset([[4, 6], [9, 3, 3]])
        #expect(items(data, day: 1, .sum) == ["total 15", "rate 0.625/h", "peak 9 at 00:00", "▲ 50% vs 2024-01-01"])
        #expect(items(data, day: 1, .count) == ["count 3", "rate 0.125/h", "▲ 50% vs 2024-01-01"])
    }

    @Test func noPercentAgainstAZeroOrNegativeBase() {
        #expect(items(Self.dataset([[0], [5, 1]]), day: 1, .sum) == ["total 6", "rate 0.25/h", "peak 5 at 00:00"])
        #expect(items(Self.dataset([[-3], [5, 1]]), day: 1, .sum) == ["total 6", "rate 0.25/h", "peak 5 at 00:00"])
        // A drop against a positive base is still a percentage.
        #expect(items(Self.dataset([[8], [-2, 1]]), day: 1, .sum).last == "▼ 113% vs 2024-01-01")
    }

    @Test func levelsShowTheValueLowHighAndADifference() {
        let data = Self.dataset([[30, 32], [36, 40, 44]])
        #expect(items(data, day: 1, .mean) == ["mean 40", "low 36 at 00:00", "high 44 at 02:00", "▲ 9 vs 2024-01-01"])
        #expect(items(data, day: 1, .min) == ["min 36", "low 36 at 00:00", "high 44 at 02:00", "▲ 6 vs 2024-01-01"])
        // Against a negative base, a level still says how far it moved.
        let cold = Self.dataset([[-3], [-5, -1]])
        #expect(items(cold, day: 1, .mean).last == "= 0 vs 2024-01-01")
        #expect(items(cold, day: 1, .max).last == "▲ 2 vs 2024-01-01")
    }

    @Test func aPeriodWhereTheDataEndsIsPartialAndComparedWithTheSamePart() {
        // The data ends at 02:00 on day 2 (hourly buckets): its first two hours against day 1's.
        var accumulator = Accumulator(calendar: Self.utc, baseUnit: .hour)
        for (offset, value) in [(0, 4.0), (3600, 6), (7200, 100), (Self.day, 9), (Self.day + 3600, 3)] {
            accumulator.add(seconds: Self.start + offset, value: value)
        }
        var rows = LoadResult(accumulator: accumulator, sourceName: "t.csv", valueName: "v")
        #expect(items(Dataset(loaded: rows, levels: [.day, .week]), day: 1, .sum)
            == ["total 12", "partial", "rate 6/h", "peak 9 at 00:00", "▲ 20% vs same time 2024-01-01"])
        // Daily rows cover their whole day: the typical gap a load measures says so.
        rows.profile.typicalGap = Self.day
        #expect(items(Dataset(loaded: rows, levels: [.day, .week]), day: 1, .sum) == ["total 12", "rate 0.5/h", "peak 9 at 00:00", "▼ 89% vs 2024-01-01"])
    }

    @Test func intervalsAreComparedOnceEachNotOncePerSubBucket() throws {
        // Day 1: one show from 00:30 to 02:30, in three hours. Day 2, at 01:30:
        // shows 00:00–01:00 and 01:00–03:00. Both days' first two hours hold
        // one show and two: merged hour by hour they would be 2 and 2.
        let csv = """
            start,end
            2024-01-01T00:30:00Z,2024-01-01T02:30:00Z
            2024-01-02T00:00:00Z,2024-01-02T01:00:00Z
            2024-01-02T01:00:00Z,2024-01-02T03:00:00Z
            2024-01-09T00:00:00Z,2024-01-09T00:10:00Z

            """
        var setup = LoadSetup()
        setup.zone = .utc
        setup.levels = [.day, .week]
        let result = try withTemporaryFile(named: "shows.csv", holding: csv) { path in
            try DataLoader.load([.file(path)], options: ReadOptions(), setup: setup)
        }
        let data = Dataset(loaded: result, levels: result.levels)
        let now = Self.start + Self.day + 5400
        #expect(items(data, day: 1, .count, now: now)
            == ["count 2", "so far", "rate 1.33/h", "▲ 100% vs same time 2024-01-01"])
        // Seconds up to 01:30: 1 h 30 m against 1 h, and so far 1 h 30 m an hour and a half in.
        #expect(items(data, day: 1, .sum, now: now) == ["total 1h 30m", "so far", "rate 1h/h", "▲ 50% vs same time 2024-01-01"])
        // Each show's whole time in the day: more than any hour holds of it.
        #expect(items(data, day: 0, .mean).first == "mean 2h per interval")
    }

    @Test func aPeakInTheRepeatedHourSaysWhichOfTheTwo() {
        let berlin = CalendarSystem(zone: ZoneRules(named: "Europe/Berlin")!)
        var accumulator = Accumulator(calendar: berlin, baseUnit: .hour)
        // 2024-10-27 in Berlin: 02:00+02:00 is 00:00Z, 02:00+01:00 is 01:00Z.
        let first = Int64(1_729_987_200)
        for (offset, value) in [(0, 5.0), (3600, 9), (7200, 2)] { accumulator.add(seconds: first + Int64(offset), value: value) }
        accumulator.add(seconds: first + 7 * Self.day, value: 0)
        let data = Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "t.csv", valueName: "v"), levels: [.day, .week])
        #expect(items(data, day: 0, .sum).contains("peak 9 at 02:00 UTC+1"))
    }

    @Test func aRunningPeriodCountsOnlyWhatHasHappened() {
        // Day 2 at 01:30 already holds a 50 at 02:00 (a schedule, a forecast): it waits.
        // The rate is over the hour and a half that has passed.
        let data = Self.dataset([[4, 6, 100], [9, 3, 50]])
        let now = Self.start + Self.day + 5400
        #expect(items(data, day: 1, .sum, now: now)
            == ["total 12", "so far", "rate 8/h", "peak 9 at 00:00", "▲ 20% vs same time 2024-01-01"])
        // Bars all alike have no peak to name.
        #expect(items(Self.dataset([[1, 1], [2, 2]]), day: 1, .sum) == ["total 4", "rate 0.167/h", "▲ 100% vs 2024-01-01"])
    }

    @Test func sumsPastTheLargestDoubleDrawWithoutCrashing() throws {
        // Two 1e308 days in one week: the week's sum is infinite; 1e308 and -1e308 on one page
        // make a span past the largest Double. Every screen and the level scale draw.
        var accumulator = Accumulator(calendar: Self.utc, baseUnit: .hour)
        for (d, v) in [(0, 1e308), (1, 1e308), (2, -5), (3, -1e308), (4, -1e308), (9, 3)] {
            accumulator.add(seconds: Self.start + Int64(d) * Self.day, value: v)
        }
        let data = Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "t.csv", valueName: "v"), levels: [.day, .week])
        for keys in ["", "down", "down y", "down c", "down c c", "down enter", "down o", "down m", "y", "a a"] {
            let screen = try ScreenTests.replay(data, keys, size: Size(width: 80, height: 24))
            #expect(!screen.isEmpty, "\(keys)")
        }
        #expect(items(data, day: 0, .sum).first == "total 1e308")
    }

    /// Hours near the largest Double: the day's sum passes it, its mean does not.
    @Test func theMeanOfValuesNearTheLargestDoubleIsFinite() {
        let data = Self.dataset([[1e308, 1.5e308, 1.7e308], [.greatestFiniteMagnitude, .greatestFiniteMagnitude, .greatestFiniteMagnitude]])
        #expect(items(data, day: 0, .sum).first == "total ∞")
        #expect(items(data, day: 0, .mean).first == "mean 1.4e308")
        #expect(items(data, day: 1, .mean).first == "mean 1.8e308")
        #expect(data.page(.day, index: 1).stats.mean == .greatestFiniteMagnitude)
    }

    @Test func noChangeAgainstAnInfiniteSum() {
        #expect(PagerScreen.change(from: .infinity, to: 5, inPercent: true) == nil)
        #expect(PagerScreen.change(from: 5, to: .infinity, inPercent: false) == nil)
    }

    @Test func aPartialPeriodIsComparedWithTheSameTimeBefore() {
        // Day 2 has begun: it is 01:30, so only its first two hours are compared with day 1's.
        let data = Self.dataset([[4, 6, 100], [9, 3]])
        let now = Self.start + Self.day + 5400
        #expect(items(data, day: 1, .sum, now: now)
            == ["total 12", "so far", "rate 8/h", "peak 9 at 00:00", "▲ 20% vs same time 2024-01-01"])
        #expect(items(data, day: 1, .mean, now: now)
            == ["mean 6", "so far", "low 3 at 01:00", "high 9 at 00:00", "▲ 1 vs same time 2024-01-01"])
    }

    /// Live data, which ends at now: at Wednesday 00:30 a week of a row
    /// every 5 minutes has 583 rows over 2 days 30 minutes, 288.5 a day; at
    /// 12:05 a day has 146 over 12 h 5 min, 12.08 an hour. The current
    /// sub-bucket counts for the part of it that has passed, not whole.
    @Test func aRunningPeriodsRateDividesByTheTimeElapsed() {
        func rows(until now: Int64) -> Dataset {
            var accumulator = Accumulator(calendar: Self.utc, baseUnit: .hour)
            for t in stride(from: Self.start, through: now, by: 300) { accumulator.add(seconds: t, value: 1) }
            return Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "t.csv", valueName: "v"), levels: [.day, .week])
        }
        let wednesday = Self.start + 2 * Self.day + 1800
        let data = rows(until: wednesday)
        var navigation = Navigation(levels: data.levels, periodCounts: data.levels.map { data.count($0) }, positions: [2, 0],
                                    aggregate: .count)
        navigation.levelIndex = 1
        let week = PagerScreen(state: AppState(navigation: navigation), env: AppEnvironment(dataset: data, now: wednesday))
            .statsItems(data.page(.week, index: 0)).map(\.text)
        #expect(Array(week.prefix(3)) == ["count 583", "so far", "rate 288/d"])
        let noon = Self.start + 12 * 3600 + 300
        #expect(Array(items(rows(until: noon), day: 0, .count, now: noon).prefix(3)) == ["count 146", "so far", "rate 12.1/h"])
    }
}
