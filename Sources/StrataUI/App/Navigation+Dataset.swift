import StrataData

extension Navigation {
    /// The same places on a fuller dataset of the same input, as a load goes
    /// on: each level keeps its period by ordinal (indices shift when earlier
    /// data arrives), and a level on its last period stays on the last as
    /// later ones appear, as `less +F` does. When the load ends with other
    /// levels (a pipe's first rows said little of its span), the current one
    /// stays if it is among them, else the next coarser; a new level opens on
    /// the period holding what the current one shows, or on its last while
    /// the current one is on its last (the view follows the end).
    mutating func follow(_ newer: Dataset, from older: Dataset) {
        let current = levels[levelIndex]
        let shown = older.calendar.start(of: current.unit, ordinal: older.ordinal(current, index: positions[levelIndex]))
        let atEnd = positions[levelIndex] >= older.count(current) - 1
        positions = newer.levels.map { level in
            let count = newer.count(level)
            guard let i = levels.firstIndex(of: level) else { return atEnd ? max(0, count - 1) : newer.index(level, containing: shown) }
            if positions[i] >= older.count(level) - 1 { return max(0, count - 1) }
            return Self.clamp(older.ordinal(level, index: positions[i]) - (newer.firstOrdinal[level] ?? 0), count)
        }
        levelIndex = newer.levels.firstIndex(of: current) ?? newer.levels.firstIndex { $0 > current } ?? newer.levels.count - 1
        levels = newer.levels
        periodCounts = levels.map(newer.count)
        seriesCount = max(1, newer.series.count)
        seriesIndex = min(seriesIndex, seriesCount - 1)
    }
}
