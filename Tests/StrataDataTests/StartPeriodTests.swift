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

    /// Every level opens where the opening one does: on the day level's
    /// 2013-12-31, the week holding it (2014-W01, from Monday 30 December,
    /// though on its own that week is a stub), December, 2013: `↓` keeps to the day shown.
    @Test func everyLevelOpensOnThePeriodHoldingTheOpeningOnesStart() throws {
        let (d, _) = try Self.dataset("local-in-utc.csv")
        let now = Fixture.utc(2026, 11, 25)
        let start = try #require(d.startInstant(.day, now: now))
        #expect(start == Fixture.utc(2014, 1, 1) - 1)
        #expect([Level.day, .week, .month, .year].map { Self.id(d, $0, d.index($0, containing: start)) }
            == ["2013-12-31", "2014-W01", "2013-12", "2013"])
        // Opening on the month level, its last instant with data: the finer levels' latest in it.
        let fromMonth = try #require(d.startInstant(.month, now: now))
        #expect(Self.id(d, .day, d.index(.day, containing: fromMonth)) == "2013-12-31")
    }

    /// Data that goes on past now (a schedule, a forecast) opens on the period holding now, on every level.
    @Test func dataPastNowOpensOnNow() throws {
        let (d, _) = try Self.dataset("local-in-utc.csv")
        let now = Fixture.utc(2013, 12, 20, 13, 5)
        #expect(Self.id(d, .day, d.startIndex(.day, now: now)) == "2013-12-20")
        #expect(d.startInstant(.day, now: now) == now)
        #expect(Self.id(d, .month, d.startIndex(.month, now: now)) == "2013-12")
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
