import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// Within a memory budget the database's `GROUP BY` keeps the finest
/// level's own periods, and a page's finer bars are a range query when it
/// is shown: every page equals that of the same rows read whole from a CSV.
struct PostgresBudgetTests {
    @Test func pagesQueriedOneAtATimeEqualAFullLoadOfTheFile() throws {
        let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day, .week])
        let (queried, whole, database, full) = try DatabaseFixtures.budgeted("readings", setup: setup)
        #expect(database.accumulator.baseUnit == .hour)
        #expect(full.accumulator.baseUnit == .minute)
        // The cities' hours pass one byte too: kept together, each city's own as coarse as they go, read back from the table.
        #expect(database.accumulator.mergesSeriesBase && database.accumulator.seriesUnit > .hour)
        // Every value column alike, the one with empty amounts too.
        #expect(database.otherValues.allSatisfy { $0.accumulator.mergesSeriesBase && $0.accumulator.seriesUnit == database.accumulator.seriesUnit })
        #expect(database.notes.contains { $0.hasPrefix("memory: 3 series' hours pass what --memory keeps: every series' hours kept together") })
        #expect(queried.count(.hour) == whole.count(.hour) && whole.count(.hour) > 100)
        DatabaseFixtures.comparePages(queried, whole, .hour, at: 0..<whole.count(.hour))
        DatabaseFixtures.comparePages(queried, whole, .day, at: 0..<whole.count(.day))
        #expect(Exporter.csv(queried, levels: [.hour, .day]) == Exporter.csv(whole, levels: [.hour, .day]))
    }

    /// A table of more series than a file keeps (1,000) keeps the first
    /// thousand by their first period, then name, each whole, and counts the
    /// rows of the others as skipped (100,000 series took 281 MB, the budget 64).
    @Test func pastAThousandSeriesTheRestAreSkippedWhole() throws {
        // Series n0000…n0499 start at 00:30, n0500…n1002 at 01:30; each has a second row the next day.
        try DatabaseFixtures.server.psql("""
            DROP TABLE IF EXISTS many_series; CREATE TABLE many_series AS
            SELECT timestamptz '2024-01-01 00:30:00+00' + make_interval(hours => CASE WHEN s < 500 THEN 0 ELSE 1 END, days => d) AS time,
                   'n' || lpad(s::text, 4, '0') AS sensor, 1.0::float8 AS temp
            FROM generate_series(0, 1002) s, generate_series(0, 1) d
            """)
        var options = ReadOptions()
        options.seriesColumn = "sensor"
        let source = try PostgresSource(try PostgresConnection(DatabaseFixtures.address()), relation: .table("many_series"),
                                        options: options, setup: DatabaseFixtures.setup(zone: "UTC", levels: [.day]))
        let result = try source.coarse { _ in }
        #expect(result.seriesNames == (0..<1000).map { String(format: "n%04d", $0) })
        #expect(result.accepted == 2000 && result.skipped == 6 && result.rowsRead == 2006)
        #expect(result.notes.contains { $0.contains("the 6 rows of the others skipped") }, "\(result.notes)")
    }
}
