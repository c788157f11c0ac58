import Testing
@testable import StrataData

/// The period each level opens on, and the note that says the rows follow
/// a local clock though their times are in UTC.
struct StartPeriodTests {
    static func dataset(_ file: String) throws -> (Dataset, LoadResult) {
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        let path = Fixture.dataDirectory.appendingPathComponent("shapes/\(file)").path
        let r = try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup)
        return (Dataset(loaded: r, levels: r.levels), r)
    }

    static func id(_ d: Dataset, _ level: Level, _ index: Int) -> String {
        d.calendar.periodID(level, ordinal: d.ordinal(level, index: index))
    }

    /// Data that ended in 2014, its last UTC day five hours long: the day
    /// before opens, and so does December on the month and year levels.
    @Test func aStubLastPeriodOpensOnTheOneBefore() throws {
        let (d, _) = try Self.dataset("local-in-utc.csv")
        let now = Fixture.utc(2026, 11, 25)
        #expect(Self.id(d, .day, d.count(.day) - 1) == "2014-01-01")
        #expect(Self.id(d, .day, d.startIndex(.day, now: now)) == "2013-12-31")
        #expect(Self.id(d, .month, d.startIndex(.month, now: now)) == "2013-12")
        #expect(Self.id(d, .year, d.startIndex(.year, now: now)) == "2013")
        // 2014-W01, from Monday 30 December, holds two days and five hours of data: a stub too.
        #expect(Self.id(d, .week, d.count(.week) - 1) == "2014-W01")
        #expect(Self.id(d, .week, d.startIndex(.week, now: now)) == "2013-W52")
    }

    /// Live data, whose last period holds now, opens on it however little it holds.
    @Test func aPeriodThatHoldsNowOpens() throws {
        let (d, _) = try Self.dataset("local-in-utc.csv")
        let now = Fixture.utc(2014, 1, 1, 6)
        #expect(Self.id(d, .day, d.startIndex(.day, now: now)) == "2014-01-01")
        #expect(Self.id(d, .month, d.startIndex(.month, now: now)) == "2014-01")
    }

    /// A last period with less data than it should have, after one with even less, stays.
    @Test func aStubAfterAShorterPeriodStays() throws {
        let (d, _) = try Self.dataset("stations.csv")
        #expect(Self.id(d, .day, d.startIndex(.day, now: Fixture.utc(2026, 1, 1))) == "2024-01-01")
    }

    @Test func utcTimesOfLocalActivitySuggestTheZone() throws {
        let (_, r) = try Self.dataset("local-in-utc.csv")
        #expect(r.notes.contains("zone: UTC (every time carries this offset; --tz overrides); the rows are quietest 05:00–10:00 UTC, "
                                 + "as if they followed a clock about 5 h behind UTC: --tz ZONE reads their days in it"))
        // Readings around the clock are not quiet at any hour: no hint.
        let (_, stations) = try Self.dataset("stations-by-time.csv")
        #expect(stations.notes.contains("zone: UTC (every time carries this offset; --tz overrides)"))
    }
}
