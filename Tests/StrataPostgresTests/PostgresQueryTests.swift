import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// A page's buckets and a card's rows come from range queries, and equal
/// what the file source reads back for the same range.
struct PostgresQueryTests {
    static let berlin = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day, .week, .month])

    /// Ranges over the spring and autumn clock changes, at every unit a page asks for.
    @Test func fineBucketsEqualTheFileSource() throws {
        let (_, file, source) = try DatabaseFixtures.both("readings", setup: Self.berlin)
        let files = FileSource([], options: ReadOptions(), setup: Self.berlin, loaded: file)
        for (from, to) in [(1_711_756_800, 1_711_929_600), (1_729_990_000, 1_730_010_000), (1_711_800_000, 1_711_800_000)] {
            for unit in [TimeUnit.minute, .hour, .day, .week, .month] {
                let ours = try #require(try source.fine(from: Int64(from), to: Int64(to), unit: unit))
                let theirs = try #require(try files.fine(from: Int64(from), to: Int64(to), unit: unit))
                #expect(ours == theirs, "\(unit) over \(from)..<\(to)")
            }
        }
    }

    /// A card's rows: in time order, of the range only, of one series or all, at most the limit.
    @Test func rowsOfARange() throws {
        let (database, _, source) = try DatabaseFixtures.both("readings", setup: Self.berlin)
        let (from, to): (Int64, Int64) = (1_711_846_800, 1_711_850_400)  // 2024-03-31 01:00–02:00 UTC, Berlin's lost hour's neighbour
        let all = try source.rows(from: from, to: to, series: 0, limit: 2000)
        let csv = DatabaseFixtures.readings.split(separator: "\n").dropFirst().filter { line in
            let time = String(line.prefix(20))
            return time >= DatabaseFixtures.iso(from) && time < DatabaseFixtures.iso(to)
        }
        #expect(all.count == csv.count)
        #expect(all.allSatisfy { $0.file == "readings" })
        // Series are numbered as the load named them (0 is every series).
        let kiel = try source.rows(from: from, to: to, series: 1 + (try #require(database.seriesNames.firstIndex(of: "Kiel"))), limit: 2000)
        #expect(kiel.count == csv.count { $0.contains(",Kiel,") })
        #expect(kiel.allSatisfy { $0.text.contains(",Kiel,") })
        #expect(try source.rows(from: from, to: to, series: 0, limit: 5).count == 5)
    }

    /// `--query` is a subquery: its own columns, filters and names are what strata reads.
    @Test func aQueryIsReadAsATable() throws {
        let query = "SELECT time AS at, temp * 2 AS doubled FROM readings WHERE city = 'Kiel'"
        let source = try PostgresSource(try PostgresConnection(try DatabaseFixtures.address()), relation: .query(query), options: ReadOptions(),
                                        setup: DatabaseFixtures.setup(zone: "UTC", levels: [.day]))
        let result = try source.coarse { _ in }
        #expect(result.valueName == "doubled")
        #expect(result.sourceName == "query")
        let kiel = DatabaseFixtures.readings.split(separator: "\n").filter { $0.contains(",Kiel,") }
        #expect(result.accumulator.rowCount == kiel.count)
    }
}
