import StrataData

/// Where a chart's sub-buckets go across its plot: one column group per
/// sub-bucket (several sub-buckets merged into one only when there are
/// more than columns), each as wide as fits, with a gap of one column when
/// the gaps fit, the whole centred. Bars, lines and labels all place
/// themselves by it, so every chart kind follows the same rule.
struct ChartColumns {
    /// The sub-buckets each column shows.
    let ranges: [Range<Int>]
    /// The first column's x, and the distance from one column to the next.
    let x: Int
    let slot: Int
    let barWidth: Int

    init(buckets: Int, x plotX: Int, width: Int) {
        let width = max(1, width)
        let group = max(1, (buckets + width - 1) / width)
        ranges = stride(from: 0, to: buckets, by: group).map { $0..<min($0 + group, buckets) }
        let n = max(1, ranges.count)
        // With a gap after each bar but the last, n bars fit in width + 1 columns of slots.
        let gapped = (width + 1) / n
        slot = gapped >= 2 ? gapped : 1
        barWidth = gapped >= 2 ? gapped - 1 : 1
        // Centred, an odd column spare on the left: air between the axis and the first bar.
        x = plotX + max(0, (width - (slot * n - (slot - barWidth)) + 1) / 2)
    }

    var count: Int { ranges.count }

    func x(of column: Int) -> Int { x + column * slot }

    /// The braille dot column at the middle of a column, counted from `plotX` (two dots a cell).
    func dotX(of column: Int, plotX: Int) -> Int { 2 * (x(of: column) - plotX) + barWidth - 1 }

    /// Each column's sub-bucket: its sub-buckets merged.
    func merge(_ buckets: [SubBucket]) -> [SubBucket] {
        // A column a sub-bucket, the usual case: nothing to merge.
        if ranges.count == buckets.count { return buckets }
        return ranges.map { merged(buckets, $0) }
    }

    /// The sub-buckets of `range` as one (an empty one past the end).
    func merged(_ buckets: [SubBucket], _ range: Range<Int>) -> SubBucket {
        let inside = buckets[Swift.min(range.lowerBound, buckets.count)..<Swift.min(range.upperBound, buckets.count)]
        return inside.dropFirst().reduce(into: inside.first ?? SubBucket(start: 0, end: 0, stats: Stats())) { $0.merge($1) }
    }

    /// Labels under the columns, every so many so that none touch another,
    /// each centred under its column; one that would run past `clip` is left out.
    func drawLabels(_ labels: [String], into grid: inout Grid, y: Int, clip: Rect) {
        let texts = ranges.map { labels.indices.contains($0.lowerBound) ? labels[$0.lowerBound] : "" }
        let widest = texts.map { TextWidth.columns(of: $0) }.max() ?? 0
        let stride = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 15, 20, 24, 30, 48, 60, 100]
            .first { $0 * slot >= widest + 1 } ?? count
        var nextFree = Int.min
        for (i, text) in texts.enumerated() where i % stride == 0 && !text.isEmpty {
            let width = TextWidth.columns(of: text)
            let x = x(of: i) + max(0, (barWidth - width) / 2)
            guard x >= nextFree, x + width <= clip.maxX else { continue }
            grid.write(text, x: x, y: y, style: .muted, clip: clip)
            nextFree = x + width + 1
        }
    }
}
