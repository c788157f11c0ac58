import Foundation
import StrataData

/// Vertical bars in eighth blocks with a humane y axis, a zero line (bars
/// below it hang down), and x labels that never collide. An empty bucket
/// draws nothing; a tiny non-zero value still shows as one eighth.
public struct BarChart: Sendable {
    public var buckets: [Stats]
    public var labels: [String]
    public var aggregate: Aggregate
    /// A bucket to draw in the accent colour (the "now" sub-bucket).
    public var highlighted: Int?
    public var glyphs: Glyphs
    /// How the y axis labels read (durations for interval data).
    public var format: ValueFormat = .number

    public init(buckets: [Stats], labels: [String], aggregate: Aggregate, highlighted: Int? = nil, glyphs: Glyphs) {
        self.buckets = buckets
        self.labels = labels
        self.aggregate = aggregate
        self.highlighted = highlighted
        self.glyphs = glyphs
    }

    /// Draws the chart in `rect`; bars outside the grid's clip (a neighbour
    /// card of which only a sliver shows) are skipped.
    public func draw(into grid: inout Grid, rect: Rect) {
        guard rect.width >= 3, rect.height >= 2, !buckets.isEmpty else { return }
        let showXLabels = rect.height >= 4
        let showYLabels = rect.width >= 24
        let plotRows = rect.height - (showXLabels ? 1 : 0)  // includes the zero line
        let barRows = plotRows - 1

        // Leave room for the y labels of the widest tick, then fit the buckets.
        var scale = ChartScale.nice(low: 0, high: 0, rows: plotRows, includeZero: true)
        var axisWidth = 1
        var columns = merged(into: rect.width - axisWidth - 1)
        for _ in 0..<2 {
            let values = columns.compactMap { $0.stats.value(aggregate) }
            scale = ChartScale.nice(low: values.min() ?? 0, high: values.max() ?? 0, rows: plotRows, includeZero: true)
            axisWidth = showYLabels ? Axis(scale: scale, glyphs: glyphs, format: format).width : 1
            columns = merged(into: rect.width - axisWidth - 1)
        }
        let plotX = rect.x + axisWidth
        let plotWidth = rect.width - axisWidth - 1
        // Bars at most 7 columns wide, the whole group centred in the plot.
        let slot = min(8, max(1, plotWidth / max(1, columns.count)))
        let barWidth = slot >= 3 ? slot - 1 : 1
        let barsX = plotX + max(0, (plotWidth - slot * columns.count + (slot - barWidth)) / 2)
        let zeroRow = rect.y + scale.row(for: 0)

        let axisArea = Rect(x: showYLabels ? rect.x : plotX - 1, y: rect.y, width: showYLabels ? axisWidth : 1, height: plotRows)
        Axis(scale: scale, glyphs: glyphs, format: format).draw(into: &grid, area: axisArea)
        grid.write(String(repeating: glyphs.horizontal, count: max(0, plotWidth)), x: plotX, y: zeroRow, style: .muted, clip: rect)
        let shownColumns = rect.intersection(grid.clip)
        let blocks = glyphs.eighths.map { $0.unicodeScalars.first! }
        let hanging = [glyphs.hangingBar.quarter, glyphs.hangingBar.half, glyphs.hangingBar.full].map { $0.unicodeScalars.first! }
        for (i, column) in columns.enumerated() {
            let x = barsX + i * slot
            guard x + barWidth > shownColumns.x, x < shownColumns.maxX else { continue }
            guard let value = column.stats.value(aggregate), value != 0 else { continue }
            let isHighlighted = highlighted.map { column.range.contains($0) } ?? false
            let style = Style(isHighlighted ? .accent : (value < 0 ? .negative : .bar))
            let eighths = max(1, Int((abs(value) / scale.unit * 8).rounded()))
            for w in 0..<barWidth {
                if value > 0 {
                    drawRising(into: &grid, x: x + w, fromRow: zeroRow - 1, top: rect.y, eighths: eighths, style: style, blocks: blocks)
                } else {
                    drawHanging(into: &grid, x: x + w, fromRow: zeroRow + 1, bottom: rect.y + plotRows - 1,
                                eighths: eighths, style: style, blocks: hanging)
                }
            }
        }
        if showXLabels {
            drawXLabels(into: &grid, columns: columns, y: rect.y + plotRows, barsX: barsX, slot: slot, barWidth: barWidth,
                        clip: Rect(x: plotX, y: rect.y, width: rect.width - axisWidth, height: rect.height))
        }
    }

    /// Buckets grouped so they fit `width` columns (several per column when there are more buckets than columns).
    struct Column { var stats: Stats; var range: Range<Int> }

    func merged(into width: Int) -> [Column] {
        let group = max(1, (buckets.count + max(1, width) - 1) / max(1, width))
        return stride(from: 0, to: buckets.count, by: group).map { start in
            let range = start..<min(start + group, buckets.count)
            var stats = Stats()
            for i in range { stats.merge(buckets[i]) }
            return Column(stats: stats, range: range)
        }
    }

    private func drawRising(into grid: inout Grid, x: Int, fromRow: Int, top: Int, eighths: Int, style: Style,
                            blocks: [Unicode.Scalar]) {
        var remaining = eighths
        var y = fromRow
        while remaining > 0, y >= top {
            let part = min(8, remaining)
            grid.put(blocks[part], x: x, y: y, style: style)
            remaining -= part
            y -= 1
        }
    }

    /// `blocks`: a quarter, a half and a full row hanging from the top.
    private func drawHanging(into grid: inout Grid, x: Int, fromRow: Int, bottom: Int, eighths: Int, style: Style,
                             blocks: [Unicode.Scalar]) {
        var remaining = eighths
        var y = fromRow
        while remaining > 0, y <= bottom {
            let part = min(8, remaining)
            grid.put(blocks[part >= 8 ? 2 : (part >= 4 ? 1 : 0)], x: x, y: y, style: style)
            remaining -= part
            y += 1
        }
    }

    private func drawXLabels(into grid: inout Grid, columns: [Column], y: Int, barsX: Int, slot: Int, barWidth: Int, clip: Rect) {
        let texts = columns.map { labels.indices.contains($0.range.lowerBound) ? labels[$0.range.lowerBound] : "" }
        let widest = texts.map { TextWidth.columns(of: $0) }.max() ?? 0
        let stride = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 15, 20, 24, 30, 48, 60, 100]
            .first { $0 * slot >= widest + 1 } ?? columns.count
        var nextFree = Int.min
        for (i, text) in texts.enumerated() where i % stride == 0 && !text.isEmpty {
            let x = barsX + i * slot + max(0, (barWidth - TextWidth.columns(of: text)) / 2)
            guard x >= nextFree, x + TextWidth.columns(of: text) <= clip.maxX else { continue }
            grid.write(text, x: x, y: y, style: .muted, clip: clip)
            nextFree = x + TextWidth.columns(of: text) + 1
        }
    }
}
