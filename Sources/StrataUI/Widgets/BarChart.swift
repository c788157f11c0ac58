import StrataData

/// Vertical bars in eighth blocks with a humane y axis, a zero line (bars
/// below it hang down), and x labels that never collide. An empty bucket
/// draws nothing; a tiny non-zero value still shows as one eighth. With
/// several series the bars stack, the first series next to the zero line,
/// each in its own colour (or, without colours, its own shade of block).
public struct BarChart: Widget, Sendable {
    public var input: ChartInput

    public init(_ input: ChartInput) {
        self.input = input
    }

    /// One stacked segment: how many eighths, drawn how.
    struct Segment {
        var eighths: Int
        var style: Style
        /// What a cell wholly inside the segment shows.
        var fill: Unicode.Scalar
    }

    /// Draws the chart in `rect`; bars outside the grid's clip (a neighbour
    /// card of which only a sliver shows) are skipped.
    public func draw(into grid: inout Grid, area rect: Rect) {
        let series = input.series, glyphs = input.glyphs
        let buckets = series.map(\.count).max() ?? 0
        guard let chart = ChartPlot(rect: rect, buckets: buckets, fixed: input.range, includeZero: true, integral: input.aggregate == .count,
                                    glyphs: glyphs, format: input.format,
                                    range: { columns in
                                        series.count == 1 ? extent(columns)
                                            : stackExtent(columns: columns.ranges.indices.map { stack($0, columns) })
                                    })
        else { return }
        let plot = chart.plot, columns = chart.columns
        let zeroRow = plot.y + chart.scale.row(for: 0)
        chart.drawFrame(into: &grid, labels: input.labels)
        grid.fill(Rect(x: plot.x, y: zeroRow, width: plot.width, height: 1).intersection(rect), with: glyphs.horizontal, style: .muted)
        let shown = rect.intersection(grid.clip)
        let blocks = glyphs.eighths.map { $0.unicodeScalars.first! }
        let hanging = [glyphs.hangingBar.quarter, glyphs.hangingBar.half, glyphs.hangingBar.full].map { $0.unicodeScalars.first! }
        for column in 0..<columns.count {
            let x = columns.x(of: column)
            guard x + columns.barWidth > shown.x, x < shown.maxX else { continue }
            let values = stack(column, columns)
            let isHighlighted = series.count == 1 && input.highlighted.map { columns.ranges[column].contains($0) } == true
            for up in [true, false] {
                let segments = self.segments(values, up: up, unit: chart.scale.unit, highlighted: isHighlighted)
                guard !segments.isEmpty else { continue }
                // One column of the bar worked out, then drawn across its width.
                let cells = up
                    ? barCells(segments, from: zeroRow - 1, step: -1, last: plot.y, partial: { blocks[$0] })
                    : barCells(segments, from: zeroRow + 1, step: 1, last: plot.maxY - 1,
                               partial: { hanging[$0 >= 8 ? 2 : ($0 >= 4 ? 1 : 0)] })
                for cell in cells { grid.fill(Rect(x: x, y: cell.y, width: columns.barWidth, height: 1), with: cell.cell) }
            }
        }
    }

    /// Each series' value in one column (nil where it has none).
    func stack(_ column: Int, _ columns: ChartColumns) -> [Double?] {
        input.series.map { columns.merged($0, columns.ranges[column]).plotted(input.aggregate) }
    }

    /// One series' range with zero in it: the common case, without a stack per column.
    func extent(_ columns: ChartColumns) -> ClosedRange<Double>? {
        let buckets = input.series[0]
        var low = Double.infinity, high = -Double.infinity
        for range in columns.ranges {
            guard let value = columns.merged(buckets, range).plotted(input.aggregate) else { continue }
            low = min(low, value, 0)
            high = max(high, value, 0)
        }
        return low <= high ? low...high : nil
    }

    /// From the lowest stack's negative parts to the highest stack's positive parts.
    func stackExtent(columns: [[Double?]]) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        for values in columns where values.contains(where: { $0 != nil }) {
            let parts = values.compactMap { $0 }
            low = min(low, parts.filter { $0 < 0 }.reduce(0, +))
            high = max(high, parts.filter { $0 > 0 }.reduce(0, +))
        }
        return low <= high ? low...high : nil
    }

    /// The segments of a column's positive (`up`) or negative parts, in eighths
    /// rounded where the stack reaches rather than each on its own, so the
    /// stack is as high as its total.
    func segments(_ values: [Double?], up: Bool, unit: Double, highlighted: Bool) -> [Segment] {
        var segments: [Segment] = []
        var total = 0.0, drawn = 0
        for (k, value) in values.enumerated() {
            guard let value, value != 0, (value > 0) == up else { continue }
            total += abs(value)
            // A tiny value still shows as one eighth.
            let reach = max(drawn + 1, Int((total / unit * 8).rounded()))
            segments.append(Segment(eighths: reach - drawn, style: style(series: k, value: value, highlighted: highlighted),
                                    fill: fill(series: k)))
            drawn = reach
        }
        return segments
    }

    private func style(series k: Int, value: Double, highlighted: Bool) -> Style {
        if input.series.count > 1 { return .series(k) }
        return Style(highlighted ? .accent : (value < 0 ? .negative : .bar))
    }

    /// A full cell: a solid block, or a shade told apart by series where colours do not (or run out).
    private func fill(series k: Int) -> Unicode.Scalar {
        let pattern = ColorMap.seriesPattern(k, colors: input.colors)
        let fills = input.series.count > 1 && (!input.colors || pattern > 0) ? input.glyphs.seriesFills : [input.glyphs.eighths[8]]
        return fills[pattern % fills.count].unicodeScalars.first!
    }

    /// One column of a bar from the zero line outwards: whole cells of the
    /// segment that has most of each cell, then the partial end.
    private func barCells(_ segments: [Segment], from row: Int, step: Int, last: Int,
                          partial: (Int) -> Unicode.Scalar) -> [(y: Int, cell: Cell)] {
        let total = segments.reduce(0) { $0 + $1.eighths }
        var cells: [(y: Int, cell: Cell)] = []
        var y = row, done = 0
        while done < total, (y - last) * step <= 0 {
            let part = min(8, total - done)
            let segment = majority(of: segments, in: done..<(done + part))
            cells.append((y, Cell(part == 8 ? segment.fill : partial(part), style: segment.style)))
            done += part
            y += step
        }
        return cells
    }

    private func majority(of segments: [Segment], in cell: Range<Int>) -> Segment {
        if segments.count == 1 { return segments[0] }
        var start = 0, best = segments[0], bestOverlap = -1
        for segment in segments {
            let span = start..<(start + segment.eighths)
            let overlap = max(0, min(span.upperBound, cell.upperBound) - max(span.lowerBound, cell.lowerBound))
            if overlap > bestOverlap { best = segment; bestOverlap = overlap }
            start += segment.eighths
        }
        return best
    }
}
