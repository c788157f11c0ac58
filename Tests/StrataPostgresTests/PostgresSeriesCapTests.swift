import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// A table with more series than the cap keeps its largest apart and the
/// rest as one, and says so, as a file of its rows does (issue 33, item 11).
struct PostgresSeriesCapTests {
    static let setup = DatabaseFixtures.setup(zone: "UTC", levels: [.day, .week])
    static let teams = 60

    /// Team `t`'s points on day `d`: 10·(t+1) plus the day's remainder by 3, so no two teams tie.
    static func points(_ t: Int, _ d: Int) -> Int { (t + 1) * 10 + d % 3 }

    /// Sorted by time, then team: the order a database names them in is the file's.
    static let csv = "date,team,points\n" + (0..<30).flatMap { d in
        (0..<teams).map { t in "2024-03-\(d < 9 ? "0" : "")\(d + 1)T00:00:00Z,team\(t < 10 ? "0" : "")\(t),\(points(t, d))" }
    }.joined(separator: "\n") + "\n"

    @Test func moreSeriesThanTheCapAreFoldedAndSaid() throws {
        let server = try DatabaseFixtures.server
        try server.load("league", columns: "date timestamptz, team text, points float8", csv: try server.file("league.csv", contents: Self.csv))
        let source = try PostgresSource(try PostgresConnection(try DatabaseFixtures.address()), relation: .table("league"), options: ReadOptions(), setup: Self.setup)
        let database = try source.coarse { _ in }
        let file = try DataLoader.load([.file(try server.file("league-file.csv", contents: Self.csv))], options: ReadOptions(), setup: Self.setup)
        // The 49 largest, team59 down to team11, then the other 11 as one.
        let kept = (11..<Self.teams).reversed().map { "team\($0)" }
        #expect(database.seriesNames == kept + ["the rest"])
        #expect(file.seriesNames == database.seriesNames)
        let note = "series: 60 names in \"team\", more than 50: the 49 largest (by the total of their values) apart, "
            + "the other 11 together as \"the rest\" (--series team keeps every one apart)"
        #expect(database.notes.contains(note), "\(database.notes)")
        #expect(file.notes.contains(note), "\(file.notes)")
        // The rest's first day holds team00 to team10: their points summed here.
        let d = Dataset(loaded: database, levels: database.levels)
        let rest = (0...10).reduce(0) { $0 + Self.points($1, 0) }
        #expect(d.stats(.day, index: 0, series: 50).sum == Double(rest))
        // A page's finer bars, queried after the load, put the others in the rest too.
        let files = FileSource([], options: ReadOptions(), setup: Self.setup, loaded: file)
        let (from, to): (Int64, Int64) = (1_709_510_400, 1_710_115_200)  // 2024-03-04 to 2024-03-11
        let ours = try #require(try source.fine(from: from, to: to, unit: .day))
        #expect(ours.seriesNames == database.seriesNames)
        #expect(ours == (try files.fine(from: from, to: to, unit: .day)))
    }
}
