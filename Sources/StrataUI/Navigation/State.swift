import StrataData

/// Everything that changes while strata runs, as one value. Only `reduce`
/// changes it. Each level keeps its own index; switching level touches none.
public struct State: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case pager
        case help
        /// The `:` prompt with what has been typed so far and, after a failed jump, why.
        case prompt(text: String, error: String?)
    }

    public let levels: [Level]
    /// Periods per level (same order as `levels`), for clamping.
    public let periodCounts: [Int]
    /// Per level, the index of the period containing "now", or the latest with data.
    public let nowIndices: [Int]
    public let seriesCount: Int

    public var levelIndex: Int
    public var positions: [Int]
    public var aggregate: Aggregate
    public var seriesIndex: Int
    /// Digits typed before a move (`5←`); nil when none.
    public var pendingCount: Int?
    public var mode: Mode
    public var size: Size
    public var quit: Bool

    public init(levels: [Level], periodCounts: [Int], nowIndices: [Int], startPositions: [Int],
                startLevel: Int = 0, aggregate: Aggregate = .sum, seriesCount: Int = 1,
                size: Size = Size(width: 80, height: 24)) {
        self.levels = levels
        self.periodCounts = periodCounts
        self.nowIndices = nowIndices
        self.seriesCount = max(1, seriesCount)
        self.levelIndex = startLevel
        self.positions = startPositions
        self.aggregate = aggregate
        self.seriesIndex = 0
        self.pendingCount = nil
        self.mode = .pager
        self.size = size
        self.quit = false
    }

    public var level: Level { levels[levelIndex] }
    public var position: Int { positions[levelIndex] }
    public var periodCount: Int { periodCounts[levelIndex] }
}
