import Foundation
import Testing
@testable import StrataData

/// Interval rows with value columns (polls: a fieldwork start and end, and
/// a vote share per party): a level's period is its intervals' mean weighted
/// by their time in it, and a quantity counts at its interval's start.
/// Exact numbers by hand.
struct IntervalValueTests {
    static let day = Fixture.utc(2024, 3, 5)
    static let hour: Int64 = 3600

    /// A dataset of the intervals `(start, end, value)`, as the loader makes
    /// one: the duration first, the value after it, counted as `share` says.
    static func dataset(_ spans: [(Int64, Int64, Double)], share: IntervalShare, levels: [Level] = [.day, .week]) -> Dataset {
        var acc = Accumulator(calendar: Fixture.utc, baseUnit: .hour)
        acc.countIntervals([.overlap, share])
        for (start, end, value) in spans {
            [0, value].withUnsafeBufferPointer { acc.add(start: start, end: end, series: 0, values: $0, holdsStart: true) }
        }
        var rows = LoadResult(accumulator: acc.column(0), sourceName: "t", valueName: ColumnNames.intervalDuration)
        rows.otherValues = [("value", acc.column(1))]
        return Dataset(loaded: rows, levels: levels)
    }

    /// 10 from 18:00 the day before to noon (12 h of the day), 30 from 18:00 to 06:00 the day after (6 h of it).
    static let halves: [(Int64, Int64, Double)] = [(day - 6 * hour, day + 12 * hour, 10), (day + 18 * hour, day + 30 * hour, 30)]

    @Test func twoIntervalsHalfOverlappingADayGiveTheirMeanWeightedByTheirTimeInIt() {
        let d = Self.dataset(Self.halves, share: .weighted)
        let index = d.index(.day, containing: Self.day)
        // (10 × 12 h + 30 × 6 h) / 18 h, where the plain mean would be 20.
        let stats = d.stats(.day, index: index, value: 1)
        #expect(stats == Stats(count: 64_800, sum: 1_080_000, min: 10, max: 30))
        #expect(stats.mean == 1_080_000.0 / 64_800)
        #expect(d.stats(.day, index: index - 1, value: 1).mean == 10)
        #expect(d.stats(.day, index: index + 1, value: 1).mean == 30)
        // The week holds both whole: (10 × 18 h + 30 × 12 h) / 30 h.
        #expect(d.stats(.week, index: d.index(.week, containing: Self.day), value: 1) == Stats(count: 108_000, sum: 1_944_000, min: 10, max: 30))
        // An hour holds one or the other, or none.
        let hours = d.page(.day, index: index, value: 1).buckets
        #expect(hours[11].stats == Stats(count: 3600, sum: 36_000, min: 10, max: 10))
        #expect(hours[14].stats.isEmpty)
        #expect(hours[23].stats == Stats(count: 3600, sum: 108_000, min: 30, max: 30))
        // The duration still counts each interval once, with its time in the day.
        #expect(d.stats(.day, index: index) == Stats(count: 2, sum: 64_800, min: 21_600, max: 43_200))
        #expect(d.series[0].total == Stats(count: 2, sum: 108_000, min: 43_200, max: 64_800))
        #expect(d.seriesByValue[1][0].total == Stats(count: 108_000, sum: 1_944_000, min: 10, max: 30))
    }

    @Test func aQuantityCountsWhollyInThePeriodItsIntervalStartsIn() {
        let d = Self.dataset(Self.halves, share: .atStart)
        let index = d.index(.day, containing: Self.day)
        #expect(d.stats(.day, index: index - 1, value: 1) == Stats(value: 10))
        #expect(d.stats(.day, index: index, value: 1) == Stats(value: 30))
        #expect(d.stats(.day, index: index + 1, value: 1).isEmpty)
        #expect(d.stats(.week, index: d.index(.week, containing: Self.day), value: 1) == Stats(count: 2, sum: 40, min: 10, max: 30))
        #expect(d.page(.day, index: index, value: 1).buckets[18].stats == Stats(value: 30))
    }

    /// A poll whose fieldwork starts and ends on the same date is an instant: alone it is the day's mean; beside a
    /// longer one it weighs a second.
    @Test func anInstantWeighsOneSecond() {
        let instant = Self.day + 9 * Self.hour
        let alone = Self.dataset([(instant, instant, 7)], share: .weighted)
        #expect(alone.stats(.day, index: 0, value: 1) == Stats(count: 1, sum: 7, min: 7, max: 7))
        let beside = Self.dataset([(instant, instant, 7), (Self.day + 10 * Self.hour, Self.day + 11 * Self.hour, 1)], share: .weighted)
        #expect(beside.stats(.day, index: 0, value: 1) == Stats(count: 3601, sum: 3607, min: 1, max: 7))
    }

    @Test func anIntervalWithNoValueWeighsNothing() {
        var spans = Self.halves
        spans[0].2 = .nan
        let d = Self.dataset(spans, share: .weighted)
        let index = d.index(.day, containing: Self.day)
        #expect(d.stats(.day, index: index, value: 1) == Stats(count: 21_600, sum: 648_000, min: 30, max: 30))
        #expect(d.stats(.day, index: index).count == 2)
    }
}
