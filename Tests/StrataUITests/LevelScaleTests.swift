import StrataData
import Testing
@testable import StrataUI

/// One y scale for the whole level: its range is worked out when loading,
/// equals a scan of every page, and draws the same axis on every page.
@Suite("One scale per level")
struct LevelScaleTests {
    /// Every page's sub-buckets, scanned the slow way.
    func scanned(_ dataset: Dataset, _ level: Level, series: Int, value: Int, _ aggregate: Aggregate) -> ClosedRange<Double>? {
        var values: [Double] = []
        for index in 0..<dataset.count(level) {
            let page = dataset.page(level, index: index, series: series, value: value)
            values += page.buckets.compactMap { $0.stats.value(aggregate) }
        }
        guard let low = values.min(), let high = values.max() else { return nil }
        return low...high
    }

    @Test func theRangeWorkedOutWhenLoadingIsEveryPagesRange() throws {
        // Hours in days, days in weeks and months, weeks cut at a quarter's start, months in years.
        let (cities, _, _) = try RealDataGoldenTests.loadWithNoFlags("three-cities.csv")
        let (weatherUpToYears, _, _) = try RealDataGoldenTests.loadWithNoFlags("seattle-weather.csv")
        for dataset in [try RealDataGoldenTests.weather.get(), weatherUpToYears, ScreenTests.demo, cities] {
            for level in dataset.levels {
                for value in dataset.valueNames.indices {
                    for series in dataset.series.indices {
                        for aggregate in Aggregate.allCases {
                            let loaded = dataset.seriesByValue[value][series].subBucketRanges[level]?.range(aggregate)
                            let expected = scanned(dataset, level, series: series, value: value, aggregate)
                            #expect(loaded == expected, "\(level) series \(series) value \(value) \(aggregate)")
                        }
                    }
                }
            }
        }
    }

    @Test func stackedSumsAndOverlaidLinesSpanEverySeries() throws {
        let (cities, _, _) = try RealDataGoldenTests.loadWithNoFlags("three-cities.csv")
        var navigation = Navigation(levels: cities.levels, periodCounts: cities.levels.map { cities.count($0) },
                                    positions: cities.levels.map { cities.count($0) - 1 }, aggregate: .mean,
                                    seriesCount: cities.series.count, valueAggregates: [.sum])
        navigation.allSeries = true
        navigation.yScale = .level
        let lines = PageChart(navigation: navigation)
        #expect(lines.form == .lines)
        #expect(lines.series == [1, 2, 3])
        let means = (1...3).compactMap { scanned(cities, .month, series: $0, value: 0, .mean) }
        #expect(lines.levelRange(navigation, level: .month, dataset: cities)
                == means.map(\.lowerBound).min()!...means.map(\.upperBound).max()!)
        navigation.valueIndex = 1  // rain, summed: the stacks reach the total of the three
        let stacked = PageChart(navigation: navigation)
        #expect(stacked.form == .stackedBars)
        #expect(stacked.levelRange(navigation, level: .month, dataset: cities) == scanned(cities, .month, series: 0, value: 1, .sum))
        navigation.yScale = .page
        #expect(stacked.levelRange(navigation, level: .month, dataset: cities) == nil)
    }

    @Test func theAxisIsTheSameOnEveryPageOfTheLevel() throws {
        let weather = try RealDataGoldenTests.weather.get()
        var axes: Set<[String]> = []
        for month in 0..<weather.count(.month) {
            var state = AppState(navigation: Navigation(levels: weather.levels, periodCounts: weather.levels.map { weather.count($0) },
                                                        positions: weather.levels.map { _ in 0 }, levelIndex: 2))
            state.navigation.positions[2] = month
            state.navigation.yScale = .level
            let env = AppEnvironment(dataset: weather, now: RealDataGoldenTests.now)
            let grid = ScreenRenderer.render(state, env: env).grid
            // The y labels, left of the axis line.
            axes.insert((3..<20).map { String(grid.line($0).prefix(8)) })
        }
        #expect(axes.count == 1)
    }
}
