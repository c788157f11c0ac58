import Testing
@testable import StrataData

/// Two time columns read as the start and end of each row's interval,
/// with no flag, and `--end none` to count the starts instead.
struct PairedEndTests {
    /// Three trips of 2 h 30, 2 h and 3 h over a month, and one across midnight.
    static let trips = """
        vehicle,left,back,driver
        v1,2013-07-03 23:00,2013-07-04 01:30,ann
        v2,2013-07-04 10:00,2013-07-04 12:00,bob
        v1,2013-07-20 08:15,2013-07-20 11:15,cy
        v3,2013-08-02 06:00,2013-08-02 08:00,dee

        """

    static func load(_ configure: (inout ReadOptions) -> Void = { _ in }) throws -> LoadResult {
        try Fixture.withFile("trips.csv", trips) { path in
            var setup = LoadSetup()
            setup.fallbackZone = .utc
            return try DataLoader.load([.file(path)], options: Fixture.options(configure), setup: setup)
        }
    }

    /// Seconds each hour of `series` holds, by its UTC start.
    static func hours(_ r: LoadResult) -> [Int64: Double] {
        var acc = r.accumulator
        acc.flush()
        return Dictionary(uniqueKeysWithValues: acc.buckets[0].map { (Int64($0.key) * 3600, $0.value.sum) })
    }

    @Test func aPairOfTimesIsReadAsIntervals() throws {
        let r = try Self.load()
        #expect(r.timeName == "left")
        #expect(r.valueName == ColumnNames.intervalDuration)
        #expect(r.notes.contains("end: column \"back\", format YYYY-MM-DD HH:MM (never before column \"left\", about 2 h after it: "
                                 + "rows are intervals; --end none counts the starts instead)"))
        // Intervals of hours: the day level is there, with its hourly bars.
        #expect(r.levels == [.day, .week, .month])
        let hours = Self.hours(r)
        #expect(hours[Fixture.utc(2013, 7, 3, 23)] == 3600)
        #expect(hours[Fixture.utc(2013, 7, 4, 0)] == 3600)
        #expect(hours[Fixture.utc(2013, 7, 4, 1)] == 1800)
        #expect(hours[Fixture.utc(2013, 7, 20, 8)] == 2700)
        #expect(hours.values.reduce(0, +) == 9.5 * 3600)
    }

    /// One trip of thirty written back before it left is a bad row, skipped
    /// with its reason, not a reason to count the starts instead.
    @Test func anEndBeforeItsStartInAFewRowsIsABadRow() throws {
        var random = SplitMix(seed: 15)
        let trips = (0..<30).map { k in
            let left = Fixture.utc(2013, 7, 1) + Int64(k) * 86_400 + Int64(random.next() % 36_000)
            let back = k == 17 ? left - 3600 : left + 3600 + Int64(random.next() % 7200)
            return "v\(k % 3),\(Fixture.iso(left)),\(Fixture.iso(back)),d\(k)"
        }
        let r = try Fixture.withFile("trips.csv", "vehicle,left,back,driver\n" + trips.joined(separator: "\n") + "\n") { path in
            try DataLoader.load([.file(path)], options: Fixture.options(), setup: LoadSetup())
        }
        #expect(r.valueName == ColumnNames.intervalDuration)
        #expect(r.notes.contains { $0.contains("before it in 1 sample row, skipped as bad: rows are intervals") })
        #expect(r.accepted == 29 && r.skipped == 1)
        #expect(r.firstSkipped.first?.line == 19 && r.firstSkipped.first?.reason.contains("is before the start") == true)
    }

    @Test func endNoneCountsTheStarts() throws {
        let r = try Self.load { $0.endColumn = "none" }
        #expect(r.valueName == ColumnNames.countedRows)
        #expect(r.intervals == nil)
        #expect(!r.notes.contains { $0.hasPrefix("end:") })
        // One start in each of four hours.
        #expect(Self.hours(r).values.sorted() == [1, 1, 1, 1])
    }

    /// Times of one event written twice (an order placed and logged a day
    /// later, over a few days) are not intervals: the lengths are not short
    /// against the span.
    @Test func timesAsFarApartAsTheSpanAreNotIntervals() throws {
        let text = """
            placed,logged,amount
            2024-01-01 10:00,2024-01-03 10:00,5
            2024-01-02 10:00,2024-01-04 10:00,7
            2024-01-03 10:00,2024-01-05 10:00,2
            2024-01-04 10:00,2024-01-06 10:00,9

            """
        let r = try Fixture.load(text)
        #expect(r.intervals == nil)
        #expect(r.valueName == "amount")
    }
}
