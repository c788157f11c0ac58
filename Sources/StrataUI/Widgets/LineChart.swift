import StrataData

/// Lines in braille dots (2×4 a cell), one point a sub-bucket, broken
/// where a sub-bucket is empty; a lone point is a short dash. The y axis spans
/// the values, not zero. A band shades each sub-bucket's min–max range in
/// dim dots under the mean line. Several series overlay in their own
/// colours, or without colours in their own dot patterns; with no
/// braille, a cell with dots shows one character (`*` a line, `.` a band).
public struct LineChart: Widget, Sendable {
    public var input: ChartInput
    /// A single series' min–max band with its mean line, instead of its aggregate's line.
    public var band: Bool

    public init(_ input: ChartInput, band: Bool = false) {
        self.input = input
        self.band = band
    }

    /// Which dots of a line each series draws where colours do not tell them apart (or run out).
    static let dashes: [[Bool]] = [[true], [true, false], [true, true, true, false, false, false], [true, false, false],
                                   [true, true, false], [true, false, false, false, false, false]]

    public func draw(into grid: inout Grid, area rect: Rect) {
        let series = input.series, glyphs = input.glyphs, aggregate = input.aggregate
        let buckets = series.map(\.count).max() ?? 0
        guard let chart = ChartPlot(rect: rect, buckets: buckets, fixed: input.range, includeZero: false, integral: aggregate == .count,
                                    glyphs: glyphs, format: input.format,
                                    range: { columns in extent(series.map(columns.merge)) })
        else { return }
        chart.drawFrame(into: &grid, labels: input.labels)
        let columns = series.map(chart.columns.merge)
        let plot = chart.plot
        // A canvas a layer, each drawn over the last: the dim band, then the lines.
        if band, let stats = columns.first {
            var canvas = BrailleCanvas(width: plot.width, height: plot.height)
            fillBand(stats, chart: chart, into: &canvas)
            canvas.draw(into: &grid, area: plot, style: Style(.bar, dim: true),
                        mode: glyphs.braille ? .braille : .ascii(glyphs.bandMark.unicodeScalars.first!))
        }
        for (k, stats) in columns.enumerated() {
            var canvas = BrailleCanvas(width: plot.width, height: plot.height)
            let dashes = series.count > 1 ? Self.dashes[ColorMap.seriesPattern(k, colors: input.colors) % Self.dashes.count] : [true]
            trace(stats.map { band ? $0.plotted(.mean) : $0.plotted(aggregate) }, chart: chart, dashes: dashes, into: &canvas)
            let mark = glyphs.lineMarks[series.count > 1 ? k % glyphs.lineMarks.count : 0]
            canvas.draw(into: &grid, area: plot, style: series.count > 1 ? .series(k) : Style(.bar),
                        mode: glyphs.braille ? .braille : .ascii(mark.unicodeScalars.first!))
        }
        // The cell holding the "now" point, in the accent colour as a bar would be.
        if series.count == 1, let now = input.highlighted, let column = chart.columns.ranges.firstIndex(where: { $0.contains(now) }),
           let value = band ? columns[0][column].plotted(.mean) : columns[0][column].plotted(aggregate) {
            let cell = (x: plot.x + chart.columns.dotX(of: column, plotX: plot.x) / 2, y: plot.y + chart.dotY(value) / 4)
            if plot.contains(x: cell.x, y: cell.y) {
                grid.restyle(Rect(x: cell.x, y: cell.y, width: 1, height: 1)) { $0 = Style(.accent) }
            }
        }
    }

    /// The lowest and highest value drawn: of the aggregate, or of the band's min and max.
    func extent(_ columns: [[SubBucket]]) -> ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        for bucket in columns.joined() where !bucket.stats.isEmpty {
            low = min(low, band ? bucket.stats.min : bucket.plotted(input.aggregate) ?? low)
            high = max(high, band ? bucket.stats.max : bucket.plotted(input.aggregate) ?? high)
        }
        return low <= high ? low...high : nil
    }

    /// Joins each point to the next, over no empty column; a point with no
    /// neighbour is a dash three dots wide (one dot is easy to miss).
    private func trace(_ values: [Double?], chart: ChartPlot, dashes: [Bool], into canvas: inout BrailleCanvas) {
        var previous: (x: Int, y: Int)?
        for (i, value) in values.enumerated() {
            guard let value else {
                previous = nil
                continue
            }
            let point = (x: chart.columns.dotX(of: i, plotX: chart.plot.x), y: chart.dotY(value))
            if previous == nil && (i + 1 == values.count || values[i + 1] == nil) {
                canvas.line(from: (point.x - 1, point.y), to: (point.x + 1, point.y))
            } else {
                canvas.line(from: previous ?? point, to: point, dashes: dashes)
            }
            previous = point
        }
    }

    /// Each column's min–max, joined to the next column's across the dots between them.
    private func fillBand(_ stats: [SubBucket], chart: ChartPlot, into canvas: inout BrailleCanvas) {
        var previous: (x: Int, low: Int, high: Int)?
        for (i, s) in stats.map(\.stats).enumerated() {
            guard !s.isEmpty else {
                previous = nil
                continue
            }
            let here = (x: chart.columns.dotX(of: i, plotX: chart.plot.x), low: chart.dotY(s.min), high: chart.dotY(s.max))
            let from = previous ?? here
            for x in from.x...here.x {
                let t = here.x == from.x ? 1 : Double(x - from.x) / Double(here.x - from.x)
                canvas.fillColumn(x: x, from: Self.between(from.low, here.low, t), to: Self.between(from.high, here.high, t))
            }
            previous = here
        }
    }

    private static func between(_ a: Int, _ b: Int, _ t: Double) -> Int { a + Int((Double(b - a) * t).rounded()) }
}
