import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// The tables the database tests read, each loaded once into the shared
/// server from the same CSV text the file path reads, so that the two can
/// be compared number for number.
enum DatabaseFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Readings every 7 minutes of three cities across both 2024 clock
    /// changes in Berlin (and so in UTC), with two value columns of
    /// quarters (every sum exact in any order) and an id the picks pass
    /// over; sorted by time then city, as the database names the series.
    static let readings: String = {
        var random = SeededGenerator(seed: 20)
        var lines = ["time,city,temp,amount,reading_id"]
        var id = 0
        for (from, to) in [(1_711_756_800, 1_711_929_600), (1_729_900_800, 1_730_073_600)] {  // 03-30..04-01, 10-26..10-28 UTC
            for t in stride(from: from, to: to, by: 420) {
                for city in ["Bonn", "Essen", "Kiel"] where Int.random(in: 0..<10, using: &random) > 0 {
                    id += 1
                    let temp = Double(Int.random(in: -40...120, using: &random)) / 4
                    let amount = Double(Int.random(in: 0...400, using: &random)) / 4
                    lines.append("\(iso(Int64(t))),\(city),\(temp),\(amount),\(id)")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    /// The readings with their times as Berlin's clock showed them, naive:
    /// the hour it shows twice in October holds two hours' rows.
    static let localReadings: String = {
        let lines = readings.split(separator: "\n")
        return ([lines[0]] + lines.dropFirst().map { line in
            let utc = iso8601.date(from: String(line.prefix(20)))!
            return berlinClock.string(from: utc) + line.dropFirst(20)
        }).joined(separator: "\n") + "\n"
    }()

    /// UTC times as `2024-03-31T01:07:00Z`.
    static func iso(_ t: Int64) -> String {
        iso8601.string(from: Date(timeIntervalSince1970: Double(t)))
    }

    private static let iso8601 = formatter("yyyy-MM-dd'T'HH:mm:ss'Z'", zone: "UTC")
    private static let berlinClock = formatter("yyyy-MM-dd HH:mm:ss", zone: "Europe/Berlin")

    private static func formatter(_ pattern: String, zone: String) -> DateFormatter {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: zone)
        format.dateFormat = pattern
        return format
    }

    /// The server with every table loaded; the CSV text of each table by name.
    static let loaded: Result<(ThrowawayServer, [String: String]), ThrowawayServer.Failure> = {
        do {
            let server = try ThrowawayServer.start()
            let fixture = { (name: String) in try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) }
            // The fixtures as files are, loaded by Tools/throwaway-postgres.
            try server.loadFixtures()
            var texts = ["seattle": try fixture("seattle-weather.csv"), "births": try fixture("births-1978.csv"),
                         "new_york": try fixture("new-york-dst.csv"), "tv_guide": try fixture("tv-guide.csv")]
            // Those made here, through its `load`.
            func load(_ table: String, _ columns: String, csv: String) throws {
                try server.load(table, columns: columns, csv: try server.file("\(table).csv", contents: csv))
                texts[table] = csv
            }
            try load("readings", "time timestamptz, city text, temp float8, amount numeric, reading_id int4", csv: readings)
            try load("local_readings", "time timestamp, city text, temp float8, amount numeric, reading_id int4", csv: localReadings)
            try load("polls", "start date, \"end\" date, pollster text, \"ALP_pct\" float8, \"LNP_pct\" float8, sample_size int4",
                     csv: try fixture("polls.csv"))
            // Sorted by time then city: a database names series in that order, a file in the order it holds them.
            let cities = try fixture("three-cities.csv").split(separator: "\n")
            try load("cities", "date timestamp, city varchar(20), temp float8, rain float8",
                     csv: ([cities[0]] + cities.dropFirst().sorted()).joined(separator: "\n") + "\n")
            try server.psql("CREATE INDEX ON readings (time)")
            return .success((server, texts))
        } catch let failure as ThrowawayServer.Failure {
            return .failure(failure)
        } catch {
            return .failure(ThrowawayServer.Failure(description: "\(error)"))
        }
    }()

    static var server: ThrowawayServer { get throws { try loaded.get().0 } }

    static func address() throws -> PostgresAddress { PostgresAddress(try server.uri)! }

    /// The table read from the database, and its CSV read from a file, with the same options.
    static func both(_ table: String, options: ReadOptions = ReadOptions(), setup: LoadSetup,
                     fallback: Bool = false) throws -> (database: LoadResult, file: LoadResult, source: PostgresSource) {
        let csv = try loaded.get().1[table]!
        let source = try PostgresSource(try PostgresConnection(try address()), relation: .table(table), options: options, setup: setup, forcesFallback: fallback)
        let database = try source.coarse { _ in }
        let path = try server.file("\(table)-\(UUID().uuidString.prefix(8)).csv", contents: csv)
        let file = try DataLoader.load([.file(path)], options: options, setup: setup)
        return (database, file, source)
    }

    /// The table read within a budget of one byte (the finest level's own
    /// periods kept, a page's finer bars queried when it is shown), and its
    /// CSV read whole from a file, as datasets; with their load results.
    static func budgeted(_ table: String, setup: LoadSetup) throws -> (queried: Dataset, whole: Dataset, database: LoadResult, file: LoadResult) {
        var budgeted = ReadOptions()
        budgeted.memoryBudget = 1
        let (database, _, source) = try both(table, options: budgeted, setup: setup)
        let (_, full, _) = try both(table, setup: setup)
        let queried = Dataset(loaded: database, levels: database.levels, finePages: FinePages(source: source, mode: .inline, budget: 1 << 20))
        return (queried, Dataset(loaded: full, levels: full.levels), database, full)
    }

    /// An issue for each page of `level` at `indices` (of every series) that is still read, or differs between the two.
    static func comparePages(_ queried: Dataset, _ whole: Dataset, _ level: Level, at indices: some Sequence<Int>) {
        for index in indices {
            for s in whole.series.indices {
                let a = queried.page(level, index: index, series: s), b = whole.page(level, index: index, series: s)
                if a.fetching || a.stats != b.stats || a.buckets != b.buckets { Issue.record("\(level) \(index), series \(s) differs") }
            }
        }
    }

    /// `--export csv` of a result, every level it has.
    static func export(_ result: LoadResult, levels: [Level]? = nil) -> String {
        let dataset = Dataset(loaded: result, levels: levels ?? result.levels)
        return Exporter.csv(dataset, levels: dataset.levels)
    }

    static func setup(zone: String?, levels: [Level]?) -> LoadSetup {
        var setup = LoadSetup()
        setup.zone = zone.flatMap { ZoneRules(named: $0) }
        setup.fallbackZone = ZoneRules.utc
        setup.levels = levels
        return setup
    }
}

/// The same numbers every run: a fixture that differs between runs makes a test that fails now and then.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }
}
