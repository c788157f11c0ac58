import Testing
@testable import StrataData

/// A period's sum is the same whatever the levels (the base bucket they
/// need), and is the sum of its values rounded once.
struct CompensatedSumTests {
    /// A month of amounts in cents, a few a minute, as a shop's sales.
    static let rows: [(seconds: Int64, cents: Int64)] = {
        var random = SplitMix(seed: 13_670_542)
        let start = Fixture.utc(2013, 7, 1)
        return (0..<200_000).map { k in (start + Int64(k) * 13 % (31 * 86_400), Int64(random.next() % 200_000) + 1) }
    }()

    static func monthLine(baseUnit: TimeUnit, levels: [Level]) -> Substring {
        var acc = Accumulator(calendar: Fixture.utc, baseUnit: baseUnit)
        for row in rows { acc.add(seconds: row.seconds, value: Double(row.cents) / 100) }
        let dataset = Dataset(loaded: LoadResult(accumulator: acc, sourceName: "sales.csv", valueName: "amount"), levels: levels)
        return Exporter.csv(dataset, levels: [.month]).split(separator: "\n")[1]
    }

    @Test func aMonthSumsTheSameFromMinutesHoursOrDays() {
        let exact = Self.rows.reduce(Int64(0)) { $0 + $1.cents }
        let expected = "\(exact / 100).\(exact % 100 < 10 ? "0" : "")\(exact % 100)"
        let fromMinutes = Self.monthLine(baseUnit: .minute, levels: [.hour, .day, .month])
        let fromHours = Self.monthLine(baseUnit: .hour, levels: [.day, .month])
        let fromDays = Self.monthLine(baseUnit: .day, levels: [.week, .month])
        #expect(fromMinutes.split(separator: ",")[5] == expected[...])
        #expect(fromHours == fromMinutes)
        #expect(fromDays == fromMinutes)
    }

    /// The same figures added plainly, bucket by bucket, disagree: the data
    /// shows the rounding the compensation removes.
    @Test func plainSumsOfTheSameRowsDisagree() {
        func plain(bucket: Int64) -> Double {
            var buckets: [Int64: Double] = [:]
            for row in Self.rows { buckets[row.seconds / bucket, default: 0] += Double(row.cents) / 100 }
            return buckets.sorted { $0.key < $1.key }.reduce(0) { $0 + $1.value }
        }
        #expect(plain(bucket: 60) != plain(bucket: 86_400))
    }
}
