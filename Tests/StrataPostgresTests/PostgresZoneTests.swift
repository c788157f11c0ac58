import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// A table is grouped by a UTC grid and strata cuts the local periods from
/// it, so every zone gives the export its CSV gives, at every level: zones
/// with part-hour offsets, changes at midnight, days skipped or longer than
/// 25 hours, and a local mean time with seconds. None is refused (the
/// server's own `date_trunc(unit, time, zone)` was, in Kathmandu in 1986).
struct PostgresZoneTests {
    static let zones = [
        // Part-hour offsets, and changes of one.
        "Asia/Kathmandu", "Asia/Kolkata", "Asia/Colombo", "America/St_Johns", "Australia/Lord_Howe", "Australia/Adelaide",
        "Australia/Darwin", "Australia/Eucla", "Australia/Broken_Hill", "Pacific/Chatham", "Asia/Tehran", "Asia/Kabul",
        "Asia/Yangon", "Pacific/Marquesas", "America/Caracas", "Asia/Pyongyang", "Pacific/Norfolk", "Asia/Singapore",
        "America/Paramaribo", "America/Goose_Bay", "Asia/Dhaka", "Asia/Karachi",
        // A local mean time with seconds until 1972 (-00:44:30).
        "Africa/Monrovia",
        // Days skipped or longer than 25 hours: across the date line, or by hours at once.
        "Pacific/Apia", "Pacific/Fakaofo", "Pacific/Kwajalein", "Pacific/Kiritimati", "Antarctica/Casey", "Antarctica/Davis",
        "Antarctica/Troll", "Europe/Moscow", "America/Nuuk",
        // Changes at midnight.
        "America/Havana", "America/Santiago", "America/Sao_Paulo", "Asia/Amman", "Asia/Beirut", "Asia/Damascus",
        "Asia/Gaza", "America/Asuncion", "Atlantic/Azores", "Africa/Casablanca",
        // Whole hours, and none.
        "Europe/Berlin", "America/New_York", "UTC",
    ]

    /// Every level, from base buckets of minutes, of hours and of days.
    static let levelSets: [[Level]] = [[.hour, .day, .week, .month, .quarter, .year], [.day, .week, .month, .quarter, .year],
                                       [.week, .month, .quarter, .year]]

    /// The changes the issue names, by the year the zone's clock showed.
    static let named = ["Asia/Kathmandu": 1986, "America/St_Johns": 1988, "Antarctica/Casey": 2010, "Pacific/Apia": 2011]

    /// The changes of the year `named` gives `zone`; else its most telling
    /// one from 1970 to 2024 (a part-hour change first, then the largest,
    /// then one at or near local midnight) and the next two within 45 days of it.
    static func changes(_ zone: ZoneRules) -> [Int64] {
        let window = Int64(0)..<1_735_689_600
        let calendar = CalendarSystem(zone: zone)
        let scored = zone.transitions.indices.compactMap { i -> (score: Int64, at: Int64)? in
            let (at, before, after) = (zone.transitions[i], Int64(zone.offsets[i]), Int64(zone.offsets[i + 1]))
            guard window.contains(at), before != after else { return nil }
            let partHour: Int64 = (after - before) % 3600 != 0 ? 8 : 0
            let nearMidnight: Int64 = floorMod64(at + before + 3600, 86_400) <= 7200 ? 2 : 0
            return (partHour + nearMidnight + abs(after - before) / 3600, at)
        }
        if let year = named[zone.identifier] { return scored.map(\.at).filter { calendar.localTime(at: $0).date.year == year } }
        let ranked = scored.sorted { ($0.score, -$0.at) > ($1.score, -$1.at) }.map(\.at)
        // Within 45 days of the first: every hour between is a period the levels walk.
        return ranked.first.map { first in ranked.filter { abs($0 - first) < 45 * 86_400 }.prefix(3).sorted() } ?? []
    }

    /// Rows every 11 minutes and 37 seconds for 30 hours each side of each
    /// change (off every grid), of quarters: every sum is exact in any order.
    static func rows(_ zone: String) -> [(time: Int64, value: Double)] {
        var random = SeededGenerator(seed: UInt64(zone.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) }.magnitude))
        let changes = changes(ZoneRules(named: zone)!)
        let windows = changes.isEmpty ? [1_300_000_000] : changes
        return windows.flatMap { change in
            stride(from: change - 30 * 3600 + 37, to: change + 30 * 3600, by: 697).map { t in
                (t, Double(Int.random(in: -400...400, using: &random)) / 4)
            }
        }
    }

    static let loaded: Result<[String: String], ThrowawayServer.Failure> = {
        do {
            let server = try DatabaseFixtures.server
            var tables = "zone,time,value\n", csvs: [String: String] = [:]
            for zone in zones {
                let lines = rows(zone).map { "\(DatabaseFixtures.iso($0.time)),\($0.value)" }
                tables += lines.map { "\(zone),\($0)\n" }.joined()
                csvs[zone] = "time,value\n" + lines.joined(separator: "\n") + "\n"
            }
            try server.load("zone_rows", columns: "zone text, time timestamptz, value float8", csv: try server.file("zone_rows.csv", contents: tables))
            // A view per zone, named to list after the fixtures (the URI alone lists the first tables).
            try server.psql(zones.map { "CREATE VIEW \"zoned \($0)\" AS SELECT time, value FROM zone_rows WHERE zone = '\($0)';" }.joined(separator: "\n"))
            return .success(csvs)
        } catch let failure as ThrowawayServer.Failure {
            return .failure(failure)
        } catch {
            return .failure(ThrowawayServer.Failure(description: "\(error)"))
        }
    }()

    @Test func theZonesAreThoseTheIssueNames() {
        #expect(Self.zones.count >= 40)
        #expect(Set(Self.zones).count == Self.zones.count)
        // Kathmandu 1986, St John's 1988, Casey 2010 and Apia 2011 are among the changes read.
        let years = { (zone: String) in
            let rules = ZoneRules(named: zone)!
            return Self.changes(rules).map { CalendarSystem(zone: rules).localTime(at: $0).date.year }
        }
        #expect(years("Asia/Kathmandu") == [1986])
        #expect(years("America/St_Johns").contains(1988))
        #expect(years("Antarctica/Casey").contains(2010))
        #expect(years("Pacific/Apia").contains(2011))
        #expect(!years("Australia/Lord_Howe").isEmpty)
    }

    @Test(arguments: zones)
    func aTableExportsAsItsCSVDoes(zone: String) throws {
        let csv = try #require(try Self.loaded.get()[zone])
        let server = try DatabaseFixtures.server
        let path = try server.file("in-\(zone.replacingOccurrences(of: "/", with: "-")).csv", contents: csv)
        for levels in Self.levelSets {
            let setup = DatabaseFixtures.setup(zone: zone, levels: levels)
            let source = try PostgresSource(try PostgresConnection(try DatabaseFixtures.address()), relation: .table("zoned \(zone)"),
                                            options: ReadOptions(), setup: setup)
            let database = try source.coarse { _ in }
            let file = try DataLoader.load([.file(path)], options: ReadOptions(), setup: setup)
            let exported = DatabaseFixtures.export(database)
            #expect(exported.split(separator: "\n").count > 4)
            #expect(exported == DatabaseFixtures.export(file), "\(zone), levels from \(levels[0])")
        }
    }

    /// Within a budget of one byte a page's finer bars are a range query on
    /// the grid of that range: every page equals the file's.
    @Test(arguments: ["Asia/Kathmandu", "America/St_Johns", "Africa/Monrovia", "Australia/Lord_Howe", "Pacific/Apia"])
    func pagesQueriedOnTheirOwnGridEqualTheFiles(zone: String) throws {
        let csv = try #require(try Self.loaded.get()[zone])
        let path = try DatabaseFixtures.server.file("paged-\(zone.replacingOccurrences(of: "/", with: "-")).csv", contents: csv)
        let setup = DatabaseFixtures.setup(zone: zone, levels: [.hour, .day, .week])
        var budgeted = ReadOptions()
        budgeted.memoryBudget = 1
        let source = try PostgresSource(try PostgresConnection(try DatabaseFixtures.address()), relation: .table("zoned \(zone)"),
                                        options: budgeted, setup: setup)
        let database = try source.coarse { _ in }
        #expect(database.accumulator.baseUnit == .hour)
        let file = try DataLoader.load([.file(path)], options: ReadOptions(), setup: setup)
        let queried = Dataset(loaded: database, levels: database.levels, finePages: FinePages(source: source, mode: .inline, budget: 1 << 20))
        let whole = Dataset(loaded: file, levels: file.levels)
        #expect(queried.count(.day) == whole.count(.day))
        for level in [Level.hour, .day] {
            DatabaseFixtures.comparePages(queried, whole, level, at: 0..<whole.count(level))
        }
    }
}
