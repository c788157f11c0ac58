import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// The numbers from the database are those of the same rows read from a
/// CSV file: `--export csv` is identical, for every level and aggregate,
/// in UTC and in zones that change their clocks, with the buckets cut by
/// `date_trunc(unit, time, zone)` and by the fallback for older engines.
struct PostgresExportTests {
    static let allLevels: [Level] = [.hour, .day, .week, .month, .quarter, .year]

    @Test(arguments: [("readings", "Europe/Berlin"), ("readings", "UTC"), ("readings", "America/New_York"),
                      ("local_readings", "Europe/Berlin"), ("new_york", "America/New_York"), ("seattle", "UTC"), ("seattle", "Europe/Berlin"),
                      ("births", "UTC"), ("cities", "Asia/Kolkata")])
    func exportsAsTheFileDoes(table: String, zone: String) throws {
        for fallback in [false, true] {
            let (database, file, _) = try DatabaseFixtures.both(table, setup: DatabaseFixtures.setup(zone: zone, levels: Self.allLevels),
                                                                fallback: fallback)
            #expect(database.seriesNames == file.seriesNames)
            #expect(database.valueName == file.valueName)
            #expect(database.otherValues.map(\.name) == file.otherValues.map(\.name))
            let exported = DatabaseFixtures.export(database)
            #expect(exported == DatabaseFixtures.export(file), "\(table) in \(zone), fallback \(fallback)")
            #expect(exported.split(separator: "\n").count > 10)
            // Every other value column too.
            for ((name, ours), (_, theirs)) in zip(database.otherValues, file.otherValues) {
                var a = database, b = file
                (a.accumulator, b.accumulator) = (ours, theirs)
                #expect(DatabaseFixtures.export(a) == DatabaseFixtures.export(b), "\(table).\(name) in \(zone)")
            }
        }
    }

    /// With no flags the database picks what the file's reader picks: time, value, series, levels, aggregate.
    @Test(arguments: ["readings", "seattle", "births", "cities", "new_york"])
    func picksAsTheFileDoes(table: String) throws {
        let (database, file, source) = try DatabaseFixtures.both(table, setup: DatabaseFixtures.setup(zone: "UTC", levels: nil))
        #expect(database.valueName == file.valueName)
        #expect(database.seriesColumn == file.seriesColumn)
        #expect(database.levels == file.levels)
        #expect(database.suggestedAggregate == file.suggestedAggregate)
        #expect(try source.describe().notes.contains { $0.hasPrefix("levels: ") })
        #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
    }

    /// `--value`, `--series none`, `--count` and `--time` by index work as on files.
    @Test func optionsWorkAsOnFiles() throws {
        var options = ReadOptions()
        options.valueColumn = "amount"
        options.seriesColumn = "none"
        let (a, b, _) = try DatabaseFixtures.both("readings", options: options, setup: DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day]))
        #expect(a.valueName == "amount" && a.seriesNames.isEmpty)
        #expect(DatabaseFixtures.export(a) == DatabaseFixtures.export(b))
        options = ReadOptions()
        options.countOnly = true
        options.timeColumn = "1"
        let (c, d, _) = try DatabaseFixtures.both("seattle", options: options, setup: DatabaseFixtures.setup(zone: "UTC", levels: [.week, .month]))
        #expect(c.countsRows)
        #expect(DatabaseFixtures.export(c) == DatabaseFixtures.export(d))
    }
}
