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

    // MARK: Value columns of one kind side by side

    /// Day `i`'s prices from 2023-01-01: open 100 plus i mod 7 and a quarter, the others about it.
    static func prices(_ i: Int) -> [Double] {
        let open = 100.25 + Double(i % 7)
        return [open, open + 3.5, open - 2.25, open + 1.5]
    }

    static func isoDay(_ day: Int) -> String { CivilDate(dayNumber: day).isoString }

    @Test(arguments: Order.allCases)
    func pricesSideBySideAreSeries(_ order: Order) throws {
        let start = CivilDate(year: 2023, month: 1, day: 1).dayNumber
        let rows = (0..<120).map { i in ([Self.isoDay(start + i)] + Self.prices(i).map { "\($0)" } + ["\(1000 + i * 37 % 500)"]).joined(separator: ",") }
        let text = Self.csv("date,open,high,low,close,volume", rows, order)
        let (r, d) = try Self.load(text)
        #expect(r.seriesNames == ["open", "high", "low", "close"], "\(r.notes)")
        #expect(r.seriesColumn == "column")
        #expect(r.valueName == "value")
        #expect(r.suggestedAggregate == .mean)
        #expect(r.notes.contains("series: the columns \"open\", \"high\", \"low\", \"close\" (one kind of value side by side; "
            + "--value NAME picks one, --series none reads the first and the others as before); \"volume\" left out"), "\(r.notes)")
        // February 2023: days 31 to 58.
        let i = d.index(.month, containing: Int64(CivilDate(year: 2023, month: 2, day: 1).dayNumber) * 86_400)
        for (k, name) in ["open", "high", "low", "close"].enumerated() {
            let february = (31...58).map { Self.prices($0)[k] }
            let stats = d.stats(.month, index: i, series: try #require(Self.series(d, name)))
            #expect(stats.count == 28, "\(name)")
            #expect(abs(try #require(stats.value(.mean)) - february.reduce(0, +) / 28) < 1e-9, "\(name)")
        }
        // Each row is one row read and accepted, whatever its columns.
        #expect(r.rowsRead == 120 && r.accepted == 120)
        // --value picks one; --series none reads the first, the others as other values.
        let (one, _) = try Self.load(text) { $0.valueColumn = "close" }
        #expect(one.seriesNames.isEmpty && one.valueName == "close")
        let (first, _) = try Self.load(text) { $0.seriesColumn = "none" }
        #expect(first.seriesNames.isEmpty && first.valueName == "open")
        #expect(first.otherValues.map(\.name) == ["high", "low", "close", "volume"])
    }

    /// Month `i` from April 1854: wounds (none in the last six), other, disease (rising and falling back, as an epidemic does).
    static func deaths(_ i: Int) -> [Int] { [i >= 18 ? 0 : 10 + i * 7, 5 + i * 5 % 11, 100 + i * 20 % 140] }

    @Test(arguments: Order.allCases)
    func countsSideBySideAreSeriesWhenTheFirstEndsInZeros(_ order: Order) throws {
        let rows = (0..<24).map { i in
            let month = 3 + i
            return (["\(1854 + month / 12)-\(month % 12 + 1 < 10 ? "0" : "")\(month % 12 + 1)-01"] + Self.deaths(i).map(String.init)).joined(separator: ",")
        }
        let (r, d) = try Self.load(Self.csv("date,wounds,other,disease", rows, order))
        #expect(r.seriesNames == ["wounds", "other", "disease"], "\(r.notes)")
        #expect(r.suggestedAggregate == .sum)
        // 1855 is months 9 to 20 from April 1854; 1856 months 21 to 23, when wounds are none.
        let y1855 = Self.index(d, .year, year: 1855), y1856 = Self.index(d, .year, year: 1856)
        for (k, name) in ["wounds", "other", "disease"].enumerated() {
            let s = try #require(Self.series(d, name))
            #expect(d.stats(.year, index: y1855, series: s).sum == Double((9...20).map { Self.deaths($0)[k] }.reduce(0, +)), "\(name)")
            #expect(d.stats(.year, index: y1856, series: s).sum == Double((21...23).map { Self.deaths($0)[k] }.reduce(0, +)), "\(name)")
        }
        #expect(d.stats(.year, index: y1856, series: 1).sum == 0)
        #expect(d.stats(.year, index: y1856).sum == Double((21...23).map { Self.deaths($0).reduce(0, +) }.reduce(0, +)))
    }

    /// Temperatures beside rain and wind are not one kind: the fixture keeps its first value and the others.
    @Test func weatherColumnsAreNotSeries() throws {
        let path = Fixture.dataDirectory.appendingPathComponent("seattle-weather.csv").path
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        let r = try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup)
        #expect(r.seriesNames.isEmpty && r.valueName == "precipitation")
        #expect(r.otherValues.map(\.name) == ["temp_max", "temp_min", "wind"])
        // Named as two sides of one measure, they are.
        #expect(ColumnPicker.sharedWords(["temp_max", "temp_min"]) == ["temp"])
        #expect(ColumnPicker.measureWords("temperature") == ["temperature"] && ColumnPicker.measureWords("Close").isEmpty)
    }
}
