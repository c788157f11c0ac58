import Testing
@testable import StrataData

/// A page's sub-buckets are the same whether they come from a finer level's
/// totals or are summed from the base buckets, across DST changes too.
struct PageTests {
    static let newYork = CalendarSystem(zone: ZoneRules(named: "America/New_York")!)

    static func dataset(levels: [Level]) -> Dataset {
        var accumulator = Accumulator(calendar: newYork, baseUnit: Level.baseUnit(for: levels))
        let start = Int64(1_383_364_800)  // 2013-11-02T04:00Z, midnight in New York, before the fall-back day
        for minute in stride(from: 0, to: 72 * 60, by: 7) {
            accumulator.add(seconds: start + Int64(minute) * 60, value: Double(minute % 13))
        }
        return Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "t", valueName: "v"), levels: levels)
    }

    @Test func subBucketsFromTotalsEqualSubBucketsFromBaseBuckets() {
        // Hours are a level (their totals exist) in one, not in the other.
        let withHours = Self.dataset(levels: [.hour, .day, .week, .month, .year])
        let withoutHours = Self.dataset(levels: [.day, .week, .month, .year])
        for index in 0..<withHours.count(.day) {
            #expect(withHours.page(.day, index: index).buckets == withoutHours.page(.day, index: index).buckets)
        }
        #expect(withHours.page(.day, index: 1).buckets.count == 25)
        // Days are a level in these, not in this one: weeks and months summed from base buckets.
        let withoutDays = Self.dataset(levels: [.week, .month])
        for level in [Level.week, .month] {
            #expect(withHours.page(level, index: 0).buckets == withoutDays.page(level, index: 0).buckets, "\(level)")
        }
    }
}
