import StrataData

extension Navigation {
    /// The same places on a fuller dataset of the same input, as a load goes
    /// on: each level keeps its period by ordinal (indices shift when earlier
    /// data arrives), and a level on its last period stays on the last as
    /// later ones appear, as `less +F` does.
    mutating func follow(_ newer: Dataset, from older: Dataset) {
        positions = levels.indices.map { i in
            let level = levels[i], count = newer.count(level)
            if positions[i] >= older.count(level) - 1 { return max(0, count - 1) }
            return Self.clamp(older.ordinal(level, index: positions[i]) - (newer.firstOrdinal[level] ?? 0), count)
        }
        periodCounts = levels.map(newer.count)
        seriesCount = max(1, newer.series.count)
        seriesIndex = min(seriesIndex, seriesCount - 1)
    }
}
