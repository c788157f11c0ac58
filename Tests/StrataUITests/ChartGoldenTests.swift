import Foundation
import StrataData
import Testing
@testable import StrataUI

/// Lines, bands, one scale per level and every series at once, on the
/// fixtures as the command reads them (`--value`, `--agg` and `--color` as given).
@Suite("Chart goldens")
struct ChartGoldenTests {
    /// The screen after `keys`, read as `strata FILE [--value V] [--agg A] [--color]` would.
    static func replay(_ file: String, value: String? = nil, aggregate: Aggregate? = nil, keys: String,
                       size: Size = Size(width: 80, height: 24), color: Bool = false, glyphs: Glyphs = .unicode) throws -> String {
        var options = ReadOptions()
        options.valueColumn = value
        let (dataset, suggested, _) = try RealDataGoldenTests.loadWithNoFlags(file, options: options)
        var app = StrataApp(dataset: dataset, clock: TestClock(now: RealDataGoldenTests.now), glyphs: glyphs,
                            aggregate: aggregate ?? suggested)
        app.colors = color
        var output = ""
        HeadlessRunner.run(&app, tokens: try KeyScript.parse(keys), options: .init(size: size, color: color), to: &output)
        return output
    }

    static func weather(_ keys: String, size: Size = Size(width: 100, height: 24), glyphs: Glyphs = .unicode) throws -> String {
        try replay("seattle-weather.csv", value: "temp_max", aggregate: .mean, keys: keys, size: size, glyphs: glyphs)
    }

    @Test func aMeanIsALineThatNeedNotStartAtZero() throws {
        let screen = try Self.weather("down")
        Golden.check(screen, named: "chart-weather-line")
        // December's highs run 4–16 °C: the axis spans them, not 0–16.
        #expect(!screen.contains(" 0 ┼"))
        #expect(screen.contains("mean temp_max 1/4"))
    }

    @Test func theBandShadesEachWeeksRangeUnderItsMean() throws {
        Golden.check(try Self.weather("down down c"), named: "chart-weather-band")
        Golden.check(try Self.weather("down down c", glyphs: .ascii), named: "chart-weather-band-ascii")
    }

    @Test func oneScaleForTheLevelHoldsOnNeighbouringMonths() throws {
        let november = try Self.weather("down y left")
        let december = try Self.weather("down y")
        Golden.check(november, named: "chart-weather-level-scale-2015-11")
        Golden.check(december, named: "chart-weather-level-scale-2015-12")
        #expect(december.contains("y:level"))
        // The y labels, left of the axis line, are the same on both pages.
        func axis(_ screen: String) -> [String] {
            screen.split(separator: "\n").dropFirst(3).prefix(18).map { String($0.prefix(16)) }
        }
        #expect(axis(november) == axis(december))
        #expect(axis(try Self.weather("down")) != axis(try Self.weather("down left")))
    }

    @Test("births month bars use the width", arguments: [(120, 30), (80, 24)])
    func birthsMonthBars(width: Int, height: Int) throws {
        let screen = try Self.replay("births-1978.csv", keys: "down", size: Size(width: width, height: height))
        Golden.check(screen, named: "chart-births-month-\(width)")
        // 31 days: two-column bars at 120 columns, one column with gaps at 80.
        #expect(screen.contains(width == 120 ? "██ ██ ██" : "█ █ █ █"))
    }

    @Test("every series at once, with a legend", arguments: [false, true])
    func overlaidSeries(color: Bool) throws {
        // Temperatures are levels: the overlay is the first screen, no `s` needed.
        let screen = try Self.replay("three-cities.csv", keys: "down", size: Size(width: 100, height: 24), color: color)
        Golden.check(screen, named: "chart-cities-overlay" + (color ? "-color" : ""))
        #expect(screen.contains("all 3"))
        for name in ["Oslo", "Lisbon", "Cairo"] { #expect(screen.contains(name)) }
    }

    @Test func sumsOfEverySeriesStack() throws {
        let screen = try Self.replay("three-cities.csv", keys: "down v", size: Size(width: 100, height: 24))
        Golden.check(screen, named: "chart-cities-stacked")
        #expect(screen.contains("▓▓ Lisbon"))
    }

    @Test func tabPicksOneSeriesOutOfThemAll() throws {
        let screen = try Self.replay("three-cities.csv", keys: "down s tab tab", size: Size(width: 100, height: 24))
        #expect(screen.contains("series 2/3 Lisbon"))
        #expect(!screen.contains("Oslo"))
    }

    /// A week of one series within 2,280–2,315: every label its own, on multiples of a 1-2-5 step.
    @Test func ticksOnANarrowRangeReadApart() throws {
        // Its drifting decimal readings open on their mean; these bars are of sums, as the test asks.
        let screen = try Self.replay("multi-scale.csv", aggregate: .sum, keys: "tab*6 c down", size: Size(width: 100, height: 24))
        Golden.check(screen, named: "chart-multi-narrow-line")
        let labels = screen.split(separator: "\n").compactMap { line -> String? in
            guard let tick = line.range(of: " ┤") else { return nil }
            return line[..<tick.lowerBound].split(separator: " ").last.map(String.init)
        }
        #expect(labels.count >= 4)
        #expect(Set(labels).count == labels.count)
        // A line chosen with `c` says so: bars are a sum's own.
        #expect(screen.contains("gappy · line · y:page"))
    }

    /// Bars up to 1M over sums down to -997: the axis goes a row below zero, not a whole step;
    /// the legend gives each series' total for the page, as the stats line does.
    @Test func stackedBarsOfVeryDifferentSeries() throws {
        // Six sums start stacked.
        let screen = try Self.replay("multi-scale.csv", aggregate: .sum, keys: "", size: Size(width: 100, height: 24))
        Golden.check(screen, named: "chart-multi-stacked")
        #expect(screen.contains("big 20.4M"))
        #expect(screen.contains("total 20.4M"))
        #expect(!screen.contains("-200k") && !screen.contains("-250k"))
    }

    /// A period the same as the one before has no direction to show.
    @Test func noChangeHasNoArrow() throws {
        let screen = try Self.replay("const.csv", keys: "", size: Size(width: 100, height: 24))
        #expect(screen.contains("= 0% vs 2024-01-13"))
        #expect(!screen.contains("▲ 0%"))
    }
}

