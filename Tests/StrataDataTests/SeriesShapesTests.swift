import Foundation
import Testing
@testable import StrataData

/// Series in the shapes real tables come in, each read with no flags from a
/// file generated here, sorted and shuffled: a long table sorted by its
/// series with a row a year, and a series column of more names than the
/// cap. The expected numbers are worked out here from the rows written.
struct SeriesShapesTests {
    enum Order: String, CaseIterable, Sendable { case sorted, shuffled }

    /// `header` then `rows`, in the file's order or shuffled (seeded).
    static func csv(_ header: String, _ rows: [String], _ order: Order, seed: UInt64 = 11) -> String {
        var rows = rows
        if order == .shuffled {
            var random = SplitMix(seed: seed)
            for i in rows.indices.reversed() { rows.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        }
        return ([header] + rows).joined(separator: "\n") + "\n"
    }

    static func load(_ text: String, _ configure: (inout ReadOptions) -> Void = { _ in }) throws -> (LoadResult, Dataset) {
        try Fixture.withFile("table.csv", text) { path in
            var setup = LoadSetup()
            setup.fallbackZone = .utc
            let r = try DataLoader.load([.file(path)], options: Fixture.options(configure), setup: setup)
            return (r, Dataset(loaded: r, levels: r.levels))
        }
    }

    /// The period of `level` holding `year`'s first instant.
    static func index(_ d: Dataset, _ level: Level, year: Int) -> Int {
        d.index(level, containing: Int64(CivilDate(year: year, month: 1, day: 1).dayNumber) * 86_400)
    }

    /// The series numbered as the dataset does (0 is all), by name.
    static func series(_ d: Dataset, _ name: String) -> Int? { d.series.firstIndex { $0.name == name } }

    // MARK: A long table sorted by series, a row a year

    static let sources = ["coal": 900.0, "gas": 500.0, "wind": 50.0]

    /// Generation of each source, 1990 to 2019: base, growing 5 (coal falling 10) a year.
    static func generation(_ source: String, _ year: Int) -> Double {
        sources[source]! + Double(year - 1990) * (source == "coal" ? -10 : 5)
    }

    @Test(arguments: Order.allCases)
    func longTableOfYearlyRowsIsSeries(_ order: Order) throws {
        let rows = Self.sources.keys.sorted().flatMap { s in (1990...2019).map { "\($0),\(s),\(Int(Self.generation(s, $0)))" } }
        let (r, d) = try Self.load(Self.csv("year,source,generation", rows, order))
        #expect(r.seriesColumn == "source", "\(r.notes)")
        #expect(Set(r.seriesNames) == Set(Self.sources.keys))
        #expect(r.valueName == "generation", "\(r.notes)")
        #expect(r.suggestedAggregate == .sum)
        #expect(r.levels.first == .decade, "\(r.levels)")
        let i = Self.index(d, .decade, year: 2010)
        for source in Self.sources.keys {
            let expected = (2010...2019).reduce(0.0) { $0 + Self.generation(source, $1) }
            #expect(d.stats(.decade, index: i, series: try #require(Self.series(d, source))).sum == expected, "\(source)")
        }
        let total = Self.sources.keys.flatMap { s in (2010...2019).map { Self.generation(s, $0) } }.reduce(0, +)
        #expect(d.stats(.decade, index: i).sum == total)
    }

    // MARK: More series than the cap

    /// Team `t`'s points in `year`: 10·(t+1) plus the year's remainder by 3.
    static func points(_ t: Int, _ year: Int) -> Int { (t + 1) * 10 + year % 3 }

    @Test(arguments: Order.allCases)
    func moreSeriesThanTheCapKeepTheLargestAndTheRest(_ order: Order) throws {
        let teams = 60
        let rows = (0..<teams).flatMap { t in (1991...2020).map { "\($0),team\(t < 10 ? "0" : "")\(t),\(Self.points(t, $0))" } }
        let (r, d) = try Self.load(Self.csv("year,team,points", rows, order))
        #expect(r.seriesColumn == "team", "\(r.notes)")
        #expect(r.valueName == "points", "\(r.notes)")
        // The 49 largest (team59 down to team11), largest first, then the other 11 as one.
        let kept = (11..<teams).reversed().map { "team\($0)" }
        #expect(r.seriesNames == kept + ["the rest"])
        #expect(r.notes.contains { $0.hasPrefix("series: 60 names in \"team\", more than 50: the 49 largest") && $0.contains("the other 11 together as \"the rest\"") },
                "\(r.notes)")
        let i = Self.index(d, .decade, year: 2000)
        let decade = 2000...2009
        let top = try #require(Self.series(d, "team59"))
        #expect(d.stats(.decade, index: i, series: top).sum == Double(decade.reduce(0) { $0 + Self.points(59, $1) }))
        let rest = try #require(Self.series(d, "the rest"))
        let restTotal = (0...10).flatMap { team in decade.map { Self.points(team, $0) } }.reduce(0, +)
        #expect(d.stats(.decade, index: i, series: rest).sum == Double(restTotal))
        #expect(d.stats(.decade, index: i, series: rest).count == 11 * 10)
        // A level across them all is their mean: every team's points of the decade over its 600 rows.
        let all = d.stats(.decade, index: i)
        let total = (0..<teams).flatMap { team in decade.map { Self.points(team, $0) } }.reduce(0, +)
        #expect(all.count == teams * 10)
        #expect(all.value(.mean) == Double(total) / Double(teams * 10))
    }

    /// Named with `--series`, every series stays apart, as asked.
    @Test func namedSeriesColumnIsNotCapped() throws {
        let rows = (0..<60).flatMap { t in (1991...2000).map { "\($0),team\(t),\(Self.points(t, $0))" } }
        let (r, _) = try Self.load(Self.csv("year,team,points", rows, .sorted)) { $0.seriesColumn = "team" }
        #expect(r.seriesNames.count == 60)
        #expect(!r.notes.contains { $0.contains("the rest") })
    }
}
