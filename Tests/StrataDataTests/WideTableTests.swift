import Foundation
import Testing
@testable import StrataData

/// Tables whose header names the times, one series a row, read with no
/// flags from files generated here, by file and by pipe: World Bank's
/// indicator CSV and Johns Hopkins' time series. The expected numbers are
/// worked out here from the cells written.
struct WideTableTests {
    // MARK: World Bank

    /// Three: a pipe's format is sniffed from its first lines, where a few rows are under four lines of preamble.
    static let countries = (1...3).map { "Country 0\($0)" }
    static let years = Array(2000...2009)

    /// Country `i`'s population in `year`; the second has none in 2003.
    static func population(_ i: Int, _ year: Int) -> Int? {
        i == 1 && year == 2003 ? nil : (i + 1) * 1_000_000 + (year - 2000) * 1_000
    }

    /// As the World Bank writes it: four lines before the header, every
    /// name and value quoted, a comma after the last, an empty cell for a
    /// missing year, and a country with no data at all.
    static func worldBank(badCell: String? = nil) -> String {
        var lines = ["\"Data Source\",\"World Development Indicators\",", "", "\"Last Updated Date\",\"2025-01-28\",", ""]
        lines.append("\"Country Name\",\"Country Code\",\"Indicator Name\",\"Indicator Code\","
                     + years.map { "\"\($0)\"" }.joined(separator: ",") + ",")
        for (i, name) in countries.enumerated() {
            let cells = years.map { year in i == 2 && year == 2005 && badCell != nil ? badCell! : population(i, year).map(String.init) ?? "" }
            lines.append("\"\(name)\",\"C\(i)\",\"Population, total\",\"SP.POP.TOTL\","
                         + cells.map { "\"\($0)\"" }.joined(separator: ",") + ",")
        }
        lines.append("\"Nowhere\",\"NWH\",\"Population, total\",\"SP.POP.TOTL\"," + years.map { _ in "\"\"" }.joined(separator: ",") + ",")
        return lines.joined(separator: "\n") + "\n"
    }

    static func load(_ text: String, road: Fixture.Road) throws -> (LoadResult, Dataset) {
        let r = try Fixture.load(text, name: "indicator.csv", road: road)
        return (r, Dataset(loaded: r, levels: r.levels))
    }

    @Test(arguments: [Fixture.Road.file, .pipe])
    func worldBankIsReadWideWithACountryASeries(_ road: Fixture.Road) throws {
        let (r, d) = try Self.load(Self.worldBank(), road: road)
        #expect(r.notes.contains("shape: wide, 10 columns named as times (2000 … 2009), one series per row by \"Country Name\""), "\(r.notes)")
        #expect(r.notes.contains("time: the header's names, format years as numbers"), "\(r.notes)")
        #expect(r.seriesColumn == "Country Name")
        // The country with no data has no row, so no series.
        #expect(r.seriesNames.sorted() == Self.countries)
        #expect(r.valueName == "Population, total")
        #expect(r.suggestedAggregate == .mean)
        let cells = Self.countries.indices.flatMap { i in Self.years.compactMap { Self.population(i, $0) } }
        #expect(cells.count == Self.countries.count * 10 - 1)
        #expect(r.accepted == cells.count && r.rowsRead == cells.count && r.skipped == 0)
        let decade = d.index(.decade, containing: Fixture.utc(2000, 1, 1))
        for (i, name) in Self.countries.enumerated() {
            let own = Self.years.compactMap { Self.population(i, $0) }
            let stats = d.stats(.decade, index: decade, series: try #require(SeriesShapesTests.series(d, name)))
            #expect(stats.count == own.count, "\(name)")
            #expect(stats.sum == Double(own.reduce(0, +)), "\(name)")
        }
        let all = d.stats(.decade, index: decade)
        #expect(all.sum == Double(cells.reduce(0, +)))
    }

    @Test(arguments: [Fixture.Road.file, .pipe])
    func aCellThatIsNotANumberIsOneRowSkippedWhereItIs(_ road: Fixture.Road) throws {
        let text = Self.worldBank(badCell: "12x")
        let (r, _) = try Self.load(text, road: road)
        // The third country's line, and the column of its 2005 cell's opening quote.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.hasPrefix("\"\(Self.countries[2])\"") })
        let column = try #require(lines[line].range(of: "\"12x\"")).lowerBound.utf16Offset(in: lines[line]) + 1
        #expect(r.skipped == 1)
        #expect(r.accepted == Self.countries.count * 10 - 1 - 1)
        #expect(r.firstSkipped.map { "\($0.line):\($0.column)" } == ["\(line + 1):\(column)"])
        #expect(r.firstSkipped.first?.reason.contains("12x") == true, "\(r.firstSkipped)")
    }

    /// The card's rows of a year are the records whose cells span it: every country with data, the second too
    /// (it has none in 2003 but years on both sides); the country with none is no row.
    @Test func aYearsRowsAreTheRecordsWhoseCellsSpanIt() throws {
        try Fixture.withFile("indicator.csv", Self.worldBank()) { path in
            var setup = LoadSetup()
            setup.fallbackZone = .utc
            let r = try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup)
            let rows = try r.rowLocator.rows(from: Fixture.utc(2003, 1, 1), to: Fixture.utc(2004, 1, 1), limit: 50)
            // The lines follow the four above the header and the header.
            #expect(rows.map(\.line) == Self.countries.indices.map { 6 + $0 })
        }
    }

    /// `--count` counts the cells, a row each, and loads nothing beside them.
    @Test func countingCountsTheCells() throws {
        let r = try Fixture.withFile("indicator.csv", Self.worldBank()) { path in
            var setup = LoadSetup()
            setup.fallbackZone = .utc
            return try DataLoader.load([.file(path)], options: Fixture.options { $0.countOnly = true }, setup: setup)
        }
        let d = Dataset(loaded: r, levels: r.levels)
        #expect(r.otherValues.isEmpty, "\(r.notes)")
        #expect(r.suggestedAggregate == .count)
        let decade = d.index(.decade, containing: Fixture.utc(2000, 1, 1))
        #expect(d.stats(.decade, index: decade).count == Self.countries.count * 10 - 1)
    }

    // MARK: Johns Hopkins

    static let days = (22...31).map { "1/\($0)/20" }
    /// Province, country and each day's cumulative count; Australia's two rows are two provinces.
    static let regions: [(String, String, Int)] = [("", "Afghanistan", 3), ("Australian Capital Territory", "Australia", 5),
                                                    ("New South Wales", "Australia", 7), ("", "Albania", 2)]

    static func cumulative(_ step: Int, day: Int) -> Int { step * (day + 1) }

    static func johnsHopkins() -> String {
        var lines = ["Province/State,Country/Region,Lat,Long," + days.joined(separator: ",")]
        for (k, (province, country, step)) in regions.enumerated() {
            let cells = days.indices.map { String(cumulative(step, day: $0)) }
            lines.append("\(province),\(country),\(10.5 + Double(k)),\(60.25 - Double(k)),\(cells.joined(separator: ","))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [Fixture.Road.file, .pipe])
    func johnsHopkinsJoinsProvinceAndCountry(_ road: Fixture.Road) throws {
        let (r, d) = try Self.load(Self.johnsHopkins(), road: road)
        #expect(r.notes.contains("shape: wide, 10 columns named as times (1/22/20 … 1/31/20), one series per row by \"Province/State+Country/Region\""),
                "\(r.notes)")
        // Cumulative counts never fall along a row: a running total, whose periods show their max.
        #expect(r.suggestedAggregate == .max)
        #expect(r.profile.aggregateReason == "\"value\" is a running total, not a quantity: it never falls from one reading to the next, "
                + "so a period shows its max, the total at its end")
        #expect(r.seriesNames.sorted() == ["Afghanistan", "Albania", "Australian Capital Territory, Australia", "New South Wales, Australia"])
        #expect(r.accepted == Self.regions.count * Self.days.count && r.skipped == 0)
        for (province, country, step) in Self.regions {
            let name = province.isEmpty ? country : "\(province), \(country)"
            let s = try #require(SeriesShapesTests.series(d, name))
            // Ten days make pages of weeks: Monday 20 January's holds the 22nd to the 26th, Monday 27 January's the rest.
            #expect(r.levels.first == .week, "\(r.levels)")
            for (monday, days) in [(20, 0..<5), (27, 5..<10)] {
                let week = d.index(.week, containing: Fixture.utc(2020, 1, monday))
                let cells = days.map { Self.cumulative(step, day: $0) }
                #expect(d.stats(.week, index: week, series: s).sum == Double(cells.reduce(0, +)), "\(name) week of \(monday)")
                #expect(d.stats(.week, index: week, series: s).max == Double(cells.last!), "\(name) week of \(monday)")
                #expect(d.stats(.week, index: week, series: s).count == cells.count, "\(name) week of \(monday)")
            }
        }
    }

    // MARK: Long tables stay long

    @Test func aYearNamedColumnBesideATimeColumnIsReadLong() throws {
        var rows = ["time,id,2020,reading"]
        for h in 0..<48 { rows.append("2024-03-0\(1 + h / 24)T\(h % 24 < 10 ? "0" : "")\(h % 24):00:00Z,\(h + 1),\(h * 7 % 13),\(20 + h % 24)") }
        let r = try Fixture.load(rows.joined(separator: "\n") + "\n", name: "long.csv", road: .file)
        #expect(!r.notes.contains { $0.hasPrefix("shape: wide") }, "\(r.notes)")
        #expect(r.notes.contains { $0.hasPrefix("time: column 1, format") }, "\(r.notes)")
        #expect(r.accepted == 48)
    }
}
