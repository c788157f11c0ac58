import StrataData

/// What every screen shares: the level, one position per level, and how
/// values are shown. Switching level touches no position; each screen
/// reads and moves these same positions.
public struct Navigation: Equatable, Sendable {
    public let levels: [Level]
    /// Periods per level (same order as `levels`), for clamping.
    public let periodCounts: [Int]
    public let seriesCount: Int

    public var levelIndex: Int
    public var positions: [Int]
    /// The aggregate of each value column: a temperature keeps its mean while `v` visits a count.
    public var aggregates: [Aggregate]
    public var seriesIndex: Int
    public var valueIndex: Int

    public init(levels: [Level], periodCounts: [Int], positions: [Int], levelIndex: Int = 0,
                aggregate: Aggregate = .sum, seriesCount: Int = 1, valueAggregates: [Aggregate] = []) {
        self.levels = levels
        self.periodCounts = periodCounts
        self.seriesCount = max(1, seriesCount)
        self.levelIndex = levelIndex
        self.positions = positions
        self.aggregates = [aggregate] + valueAggregates
        self.seriesIndex = 0
        self.valueIndex = 0
    }

    public var valueCount: Int { aggregates.count }

    /// What the bars of the value on show are.
    public var aggregate: Aggregate {
        get { aggregates[valueIndex] }
        set { aggregates[valueIndex] = newValue }
    }

    /// A page of `level` (default: the current one) at `index` (default: its
    /// position), for the series and value on show.
    public func page(in dataset: Dataset, level: Level? = nil, index: Int? = nil) -> Page {
        let level = level ?? self.level
        return dataset.page(level, index: index ?? positions[levels.firstIndex(of: level) ?? levelIndex],
                            series: seriesIndex, value: valueIndex)
    }

    public var level: Level { levels[levelIndex] }
    public var position: Int { positions[levelIndex] }
    public var periodCount: Int { periodCounts[levelIndex] }

    /// Moves the current level to `index`, clamped to its periods.
    mutating func setPosition(_ index: Int) {
        positions[levelIndex] = Self.clamp(index, periodCount)
    }

    static func clamp(_ index: Int, _ count: Int) -> Int {
        max(0, min(index, count - 1))
    }
}
