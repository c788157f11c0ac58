import StrataData

/// What every chart kind shares around its marks: the y scale and its axis
/// at the left, the columns across (see `ChartColumns`), and the x labels
/// under them. Bars and lines draw inside `plot`.
struct ChartPlot {
    let scale: ChartScale
    /// The axis of the final scale, its labels made once.
    let axis: Axis
    let columns: ChartColumns
    /// Where the marks go: right of the axis, above the labels.
    let plot: Rect
    let axisArea: Rect
    let labelsRow: Int?

    /// The scale spans `fixed` (one range for the whole level) and whatever
    /// `range` says the columns show, so no mark ever falls off it; bars
    /// keep zero in view; counts step by whole numbers, durations as clocks do. Room for the y labels depends on the scale, and
    /// the columns on that room: worked out twice, as labels settle.
    init?(rect: Rect, buckets: Int, fixed: ClosedRange<Double>?, includeZero: Bool, integral: Bool, glyphs: Glyphs, format: ValueFormat,
          range: (ChartColumns) -> ClosedRange<Double>?) {
        guard rect.width >= 3, rect.height >= 2, buckets > 0 else { return nil }
        let showXLabels = rect.height >= 4
        let showYLabels = rect.width >= 24
        let rows = rect.height - (showXLabels ? 1 : 0)
        var scale = ChartScale.nice(low: 0, high: 0, rows: rows, includeZero: includeZero)
        var axisWidth = 1
        var axis = Axis(scale: scale, glyphs: glyphs, format: format)
        var columns = ChartColumns(buckets: buckets, x: rect.x + axisWidth, width: rect.width - axisWidth)
        for _ in 0..<2 {
            let shown = [fixed, range(columns)].compactMap { $0 }
            // Values near the largest Double (1e308 and -1e308 on one page) would make a span
            // and steps past it: the axis stops at ±1e300, and taller bars are cut at its ends.
            let low = max(shown.map(\.lowerBound).min() ?? 0, -1e300), high = min(shown.map(\.upperBound).max() ?? 0, 1e300)
            scale = ChartScale.nice(low: low, high: high,
                                    rows: rows, includeZero: includeZero,
                                    steps: format == .duration ? .duration : (integral ? .whole : .decimal))
            axis = Axis(scale: scale, glyphs: glyphs, format: format)
            axisWidth = showYLabels ? axis.width : 1
            columns = ChartColumns(buckets: buckets, x: rect.x + axisWidth, width: rect.width - axisWidth)
        }
        self.scale = scale
        self.axis = axis
        self.columns = columns
        plot = Rect(x: rect.x + axisWidth, y: rect.y, width: rect.width - axisWidth, height: rows)
        axisArea = Rect(x: showYLabels ? rect.x : plot.x - 1, y: rect.y, width: showYLabels ? axisWidth : 1, height: rows)
        labelsRow = showXLabels ? rect.y + rows : nil
    }

    /// The axis, and the labels under the columns.
    func drawFrame(into grid: inout Grid, labels: [String]) {
        axis.draw(into: &grid, area: axisArea)
        if let labelsRow {
            columns.drawLabels(labels, into: &grid, y: labelsRow,
                               clip: Rect(x: plot.x, y: labelsRow, width: plot.width, height: 1))
        }
    }

    /// A value's height in braille dots from the plot's top (four dots a row),
    /// the row's middle dots on a row's own value.
    func dotY(_ value: Double) -> Int {
        let fromBottom = (value - scale.base) / scale.unit
        return Int(((Double(scale.rows - 1) - fromBottom) * 4 + 1.5).rounded(.down))
    }
}
