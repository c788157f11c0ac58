import StrataData

/// What every screen shares: the level, one position per level, and how
/// values are shown. Switching level touches no position; each screen
/// reads and moves these same positions.
public struct Navigation: Equatable, Sendable {
    public internal(set) var levels: [Level]
    /// Periods per level (same order as `levels`), for clamping.
    public internal(set) var periodCounts: [Int]
    public internal(set) var seriesCount: Int

    public var levelIndex: Int
    public var positions: [Int]
    /// The aggregate of each value column: a temperature keeps its mean while `v` visits a count.
    public var aggregates: [Aggregate]
    public var seriesIndex: Int
    public var valueIndex: Int
    /// The chart asked for with `c` or `--chart`; nil follows the aggregate.
    public var chosenChart: ChartKind?
    public var yScale: YScale
    /// `s`: every series at once instead of the one `seriesIndex` picks.
    public var allSeries: Bool

    public init(levels: [Level], periodCounts: [Int], positions: [Int], levelIndex: Int = 0,
                aggregate: Aggregate = .sum, seriesCount: Int = 1, valueAggregates: [Aggregate] = [],
                chart: ChartKind? = nil) {
        self.levels = levels
        self.periodCounts = periodCounts
        self.seriesCount = max(1, seriesCount)
        self.levelIndex = levelIndex
        self.positions = positions
        self.aggregates = [aggregate] + valueAggregates
        self.seriesIndex = 0
        self.valueIndex = 0
        self.chosenChart = chart
        self.yScale = .page
        self.allSeries = false
    }

    public var valueCount: Int { aggregates.count }

    /// What the bars of the value on show are.
    public var aggregate: Aggregate {
        get { aggregates[valueIndex] }
        set { aggregates[valueIndex] = newValue }
    }

    public var chart: ChartKind { chosenChart ?? .suggested(for: aggregate) }

    /// The series whose page the stats line, the card and the overview
    /// show: with every series on the chart, all of them together (series 0).
    public var shownSeries: Int { allSeries ? 0 : seriesIndex }

    /// The named series, not counting series 0 (all of them together).
    public var namedSeriesCount: Int { seriesCount - 1 }

    /// A page of `level` (default: the current one) at `index` (default: its
    /// position), for the series (default: the one shown) and value on show.
    public func page(in dataset: Dataset, level: Level? = nil, index: Int? = nil, series: Int? = nil) -> Page {
        let level = level ?? self.level
        return dataset.page(level, index: index ?? positions[levels.firstIndex(of: level) ?? levelIndex],
                            series: series ?? shownSeries, value: valueIndex)
    }

    public var level: Level { levels[levelIndex] }
    public var position: Int { positions[levelIndex] }
    public var periodCount: Int { periodCounts[levelIndex] }

    /// Each row counts 1 for the value on show: no value column.
    public func countsRows(in dataset: Dataset) -> Bool {
        let names = dataset.valueNames
        return names.indices.contains(valueIndex) && names[valueIndex] == ColumnNames.countedRows
    }

    /// Moves the current level to `index`, clamped to its periods.
    mutating func setPosition(_ index: Int) {
        positions[levelIndex] = Self.clamp(index, periodCount)
    }

    static func clamp(_ index: Int, _ count: Int) -> Int {
        max(0, min(index, count - 1))
    }
}
