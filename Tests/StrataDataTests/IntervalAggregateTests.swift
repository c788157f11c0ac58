import Testing
@testable import StrataData

/// Interval aggregates against brute force: an interval counts once in
/// every period and sub-bucket it overlaps, with the overlap in seconds as
/// its value there, on every level alike and across the end of summer time.
struct IntervalAggregateTests {
    static let berlin = CalendarSystem(zone: ZoneRules(named: "Europe/Berlin")!)
    struct Span { let start: Int64, end: Int64, series: Int }

    /// Deterministic intervals over 2024-09-20 to 2024-12-20: many short,
    /// some over days, a few over months, some of zero length.
    static let spans: [Span] = {
        var random = SplitMix(seed: 11)
        let from = Fixture.utc(2024, 9, 20), span = Fixture.utc(2024, 12, 20) - from
        return (0..<240).map { _ in
            let start = from + Int64(random.next() % UInt64(span))
            let kind = random.next() % 20
            let length: Int64 = kind == 0 ? 0 : kind < 9 ? Int64(random.next() % 7200)
                : kind < 17 ? Int64(random.next() % (3 * 86_400)) : Int64(random.next() % (45 * 86_400))
            return Span(start: start, end: start + length, series: Int(random.next() % 2))
        }
    }()

    static let dataset: Dataset = {
        var acc = Accumulator(calendar: berlin, baseUnit: .minute)
        for s in spans { acc.add(start: s.start, end: s.end, series: s.series) }
        let rows = LoadResult(accumulator: acc, sourceName: "t", valueName: ColumnNames.intervalDuration, seriesNames: ["a", "b"])
        return Dataset(loaded: rows, levels: [.hour, .day, .week, .month, .quarter])
    }()

    /// Series `s` (0: all) over `[from, to)`: each interval overlapping it once, with its overlap.
    static func bruteForce(_ from: Int64, _ to: Int64, series s: Int) -> Stats {
        var stats = Stats()
        for span in spans where s == 0 || span.series == s - 1 {
            let overlaps = span.start == span.end ? span.start >= from && span.start < to : span.start < to && span.end > from
            if overlaps { stats.add(Double(min(span.end, to) - max(span.start, from))) }
        }
        return stats
    }

    @Test(arguments: [Level.day, .week, .month, .quarter])
    func periodsMatchBruteForce(_ level: Level) {
        let d = Self.dataset, calendar = d.calendar
        #expect(d.count(level) > 1)
        for s in 0...2 {
            for i in 0..<d.count(level) {
                let o = d.ordinal(level, index: i)
                let expected = Self.bruteForce(calendar.start(of: level.unit, ordinal: o), calendar.end(of: level.unit, ordinal: o), series: s)
                #expect(d.stats(level, index: i, series: s) == expected, "\(level) \(calendar.periodID(level, ordinal: o)) series \(s)")
            }
        }
    }

    /// Hours in days (the 25-hour day included), days in months, months in quarters.
    @Test(arguments: [Level.day, .month, .quarter])
    func subBucketsMatchBruteForce(_ level: Level) {
        let d = Self.dataset
        for s in [0, 2] {
            for i in 0..<d.count(level) {
                let page = d.page(level, index: i, series: s)
                for bucket in page.buckets {
                    #expect(bucket.stats == Self.bruteForce(bucket.start, bucket.end, series: s),
                            "\(level) \(d.calendar.periodID(level, ordinal: page.ordinal)) at \(bucket.start)")
                }
            }
        }
    }

    @Test func theLongDayHas25HoursAndAnIntervalCountsOnceInIt() {
        var acc = Accumulator(calendar: Self.berlin, baseUnit: .hour)
        let start = Fixture.utc(2024, 10, 27, 1, 30, offset: 7200)
        acc.add(start: start, end: start + 3 * 3600)
        let d = Dataset(loaded: LoadResult(accumulator: acc, sourceName: "t", valueName: ColumnNames.intervalDuration), levels: [.day, .month])
        #expect(d.page(.day, index: 0).buckets.count == 25)
        #expect(d.stats(.day, index: 0) == Stats(value: 3 * 3600))
        #expect(d.stats(.month, index: 0) == Stats(value: 3 * 3600))
        #expect(d.series[0].total == Stats(value: 3 * 3600))
    }

    @Test func aLongIntervalCostsItsBaseBucketsAndMemoryFollowsBuckets() {
        var acc = Accumulator(calendar: Fixture.utc, baseUnit: .hour)
        // Two hundred intervals over the same three months: buckets do not grow with them.
        for k in 0..<200 { acc.add(start: Fixture.utc(2024, 1, 1) + Int64(k), end: Fixture.utc(2024, 4, 1)) }
        let d = Dataset(loaded: LoadResult(accumulator: acc, sourceName: "t", valueName: ColumnNames.intervalDuration), levels: [.day, .month])
        #expect(d.series[0].buckets.ordinals.count == 91 * 24)
        #expect(d.stats(.month, index: 1).count == 200)
        #expect(d.stats(.month, index: 1).sum == 200 * 29 * 86_400)
    }

    /// Intervals over the years 1 to 9999 on decades and centuries: their
    /// base buckets are years, the finest bars drawn, not days (3.65 million
    /// a interval, 1.4 GB for three), and each decade holds its whole length.
    @Test func intervalsOverMillenniaKeepYearBuckets() throws {
        let text = "start,end,name\n0001-01-01T00:00:00Z,9999-12-31T00:00:00Z,a\n0001-06-01T00:00:00Z,9999-06-30T00:00:00Z,b\n"
            + "0002-01-01T00:00:00Z,9998-12-31T00:00:00Z,c\n"
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        let r = try Fixture.withFile("spans.csv", text) { path in try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup) }
        #expect(r.levels == [.decade, .century])
        #expect(r.accumulator.baseUnit == .year)
        let d = Dataset(loaded: r, levels: r.levels)
        let nineties = d.stats(.decade, index: d.index(.decade, containing: Fixture.utc(1995, 1, 1)))
        #expect(nineties.count == 3 && nineties.sum == Double(3 * (Fixture.utc(2000, 1, 1) - Fixture.utc(1990, 1, 1))))
    }

    @Test func exportGivesSeconds() throws {
        let r = try Fixture.load("""
            start,end
            2024-03-10T23:30:00Z,2024-03-11T01:00:00Z
            2024-03-11T08:00:00Z,2024-03-11T08:00:00Z
            """, baseUnit: .hour)
        let d = Dataset(loaded: r, levels: [.day, .month])
        #expect(Exporter.csv(d, levels: [.day, .month]) == """
            level,period,start,end,count,sum,min,max,mean
            day,2024-03-10,2024-03-10T00:00:00+00:00,2024-03-11T00:00:00+00:00,1,1800,1800,1800,1800
            day,2024-03-11,2024-03-11T00:00:00+00:00,2024-03-12T00:00:00+00:00,2,3600,0,3600,1800
            month,2024-03,2024-03-01T00:00:00+00:00,2024-04-01T00:00:00+00:00,2,5400,0,5400,2700

            """)
    }
}
