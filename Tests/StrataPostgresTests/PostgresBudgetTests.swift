import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// Within a memory budget the database's `GROUP BY` keeps the finest
/// level's own periods, and a page's finer bars are a range query when it
/// is shown: every page equals that of the same rows read whole from a CSV.
struct PostgresBudgetTests {
    @Test func pagesQueriedOneAtATimeEqualAFullLoadOfTheFile() throws {
        var budgeted = ReadOptions()
        budgeted.memoryBudget = 1
        let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day, .week])
        let (database, _, source) = try DatabaseFixtures.both("readings", options: budgeted, setup: setup)
        let (_, full, _) = try DatabaseFixtures.both("readings", setup: setup)
        #expect(database.accumulator.baseUnit == .hour)
        #expect(full.accumulator.baseUnit == .minute)
        let queried = Dataset(loaded: database, levels: database.levels,
                              finePages: FinePages(source: source, mode: .inline, budget: 1 << 20))
        let whole = Dataset(loaded: full, levels: full.levels)
        #expect(queried.count(.hour) == whole.count(.hour) && whole.count(.hour) > 100)
        for index in 0..<whole.count(.hour) {
            for s in whole.series.indices {
                let a = queried.page(.hour, index: index, series: s), b = whole.page(.hour, index: index, series: s)
                if a.fetching || a.stats != b.stats || a.buckets != b.buckets { Issue.record("hour \(index), series \(s) differs") }
            }
        }
    }
}
