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
        #expect(queried.count(.hour) == whole.count(.hour) && whole.count(.hour) > 100)
        DatabaseFixtures.comparePages(queried, whole, .hour, at: 0..<whole.count(.hour))
    }
}
