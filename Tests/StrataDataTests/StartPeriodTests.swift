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

    /// A burst of 3,000 events in three days, then one event every 45 days:
    /// each level opens on the period of the last event, never on an empty
    /// one before it (the rows' span covers it, its rows do not), and the
    /// overview's top periods are the burst's.
    @Test func aBurstThenASparseTailOpensOnTheLastEvent() throws {
        var lines = ["created_at,user"]
        var random = SplitMix(seed: 3)
        let start = Fixture.utc(2023, 3, 1)
        var times = (0..<3000).map { _ in start + Int64(random.next() % (3 * 86_400)) }
        times += (0..<12).map { start + Int64(4 + $0 * 45) * 86_400 + 10 * 3600 }
        for t in times.sorted() { lines.append("\(Fixture.iso(t).dropLast()),u\(random.next() % 50)") }
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        let now = Fixture.utc(2026, 11, 25)
        let r = try Fixture.withFile("burst.csv", lines.joined(separator: "\n") + "\n") { path in
            try DataLoader.load([.file(path)], options: Fixture.options { $0.now = now }, setup: setup)
        }
        let d = Dataset(loaded: r, levels: r.levels)
        let last = Fixture.utc(2024, 7, 12, 10)
        #expect(r.levels == [.hour, .day, .week, .month])
        for level in r.levels {
            let opening = d.startIndex(level, now: now)
            #expect(opening == d.index(level, containing: last), "\(level) opens on \(Self.id(d, level, opening))")
        }
        let days = try #require(d.seriesByValue[0][0].periods[.day])
        let top = zip(days.ordinals, days.stats).sorted { $0.1.count > $1.1.count }.prefix(3)
            .map { d.calendar.periodID(.day, ordinal: $0.0) }
        #expect(Set(top) == ["2023-03-01", "2023-03-02", "2023-03-03"])
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

    /// Six hours of events from midnight UTC are quiet in the other eighteen
    /// only because they end: no clock to suggest.
    @Test func hoursOfRowsShorterThanADaySuggestNoZone() throws {
        let rows = (0..<400).map { k in "2026-05-04T\(Self.two(k * 54 / 3600)):\(Self.two(k * 54 / 60 % 60)):\(Self.two(k * 54 % 60))Z,1" }
        let r = try Fixture.load("time,n\n" + rows.joined(separator: "\n") + "\n", name: "six-hours.csv", road: .file)
        #expect(r.notes.contains("zone: UTC (every time carries this offset; --tz overrides)"), "\(r.notes)")
    }

    /// Chunks of a file sorted by sensor, each in another sensor's three days, that happen to
    /// land at 08:00–03:00: the hours left out are the chunks' spacing, not a night. The same
    /// chunks in time order would be a file that sleeps from 03:00.
    @Test func chunksOfRowsSortedBySeriesSuggestNoZone() {
        let chunks: [[Int64]] = (0..<60).map { (k: Int) -> [Int64] in
            let start = 1_709_251_200 + (k % 3) * 86_400 + (8 + k * 5 % 19) * 3600
            return (0..<10).map { (j: Int) -> Int64 in Int64(start + j * 60) }
        }
        func profile(_ chunks: [[Int64]]) -> SampleProfile {
            let times = chunks.flatMap { $0 }
            let runs = chunks.indices.map { $0 * 10..<($0 + 1) * 10 }
            return SampleProfile(times: times, offsets: times.map { _ in 0 }, runs: runs)
        }
        #expect(profile(chunks).quietStart == nil)
        #expect(profile(chunks.sorted { $0[0] < $1[0] }).quietStart == 3)
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
