import StrataData

/// Where everything of the timeline goes, worked out from the state, the
/// data and the screen size alone, for the screen and the reducer alike:
/// the period in columns of `zoom` minutes, the sticky time axis and
/// series labels, and the visible rows, each with the blocks of its
/// visible stretch of time stacked into lanes. Only the window on screen
/// is laid out, from each series' intervals sorted by start.
struct TimelineLayout {
    /// Minutes per column: steps that divide an hour or a day, so hour and
    /// day boundaries fall on column edges, close enough that the fitting
    /// step fills most of any width.
    static let zooms = [1, 5, 10, 15, 20, 30, 40, 60, 120, 180, 360, 720, 1440]
    /// The time axis: labels, then ticks.
    static let axisRows = 2
    static let labelLimit = 18

    /// One block on screen: its interval, its lane in the row, its columns in the period.
    struct Block: Equatable {
        let index: Int
        let lane: Int
        let columns: Range<Int>
    }

    /// A series shown: its first line in the content and its lanes (its
    /// blocks index `intervals`, which the rows were laid out from).
    struct Row {
        let series: Int
        let y: Int
        let height: Int
        let blocks: [Block]
    }

    let period: Range<Int64>
    /// Minutes per column, the state's zoom resolved for this period and width.
    let zoom: Int
    /// The finest step at which the whole period fits the width (else the coarsest):
    /// zooming out stops there.
    let fittingZoom: Int
    /// The period's id, over the zoom in the top-left corner.
    let periodName: String
    let labelWidth: Int
    let viewport: Viewport
    /// The stretch of time the body shows.
    let window: Range<Int64>
    /// Series rows from `top` down, as many as fit; none while the intervals are read.
    let rows: [Row]
    /// The intervals the rows' blocks index: nil while they are read, or without `withRows`.
    let intervals: IntervalIndex?

    var columnSeconds: Int64 { Int64(zoom) * 60 }
    /// The period's columns, the last one partly filled where the period ends inside it.
    var columns: Int { Self.columns(period, columnSeconds: columnSeconds) }
    /// The column of the period's end, where the axis stops on its end tick:
    /// the one after the last, or the last where the period ends inside it.
    var endColumn: Int { Self.endColumn(period, columnSeconds: columnSeconds) }

    static func columns(_ period: Range<Int64>, columnSeconds: Int64) -> Int {
        Int((period.upperBound - period.lowerBound + columnSeconds - 1) / columnSeconds)
    }

    static func endColumn(_ period: Range<Int64>, columnSeconds: Int64) -> Int {
        Int((period.upperBound - period.lowerBound) / columnSeconds)
    }

    /// Rows of the screen: header, then the viewport, a readout line and the footer.
    static func area(_ size: Size) -> Rect {
        Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 3))
    }

    /// The finest step that shows `period` and its end tick in `width` columns, or the coarsest.
    static func fittingZoom(_ period: Range<Int64>, width: Int) -> Int {
        let minutes = Int(period.upperBound - period.lowerBound) / 60
        return zooms.first { minutes / $0 + 1 <= width } ?? zooms.last!
    }

    /// The sticky column: the cursor mark, the widest series name (up to
    /// `labelLimit`) and a space; at least as wide as the corner's period id
    /// and zoom texts with a space either side, so the axis never cuts them.
    static func labelWidth(_ dataset: Dataset, periodName: String) -> Int {
        let widest = (0..<seriesCount(dataset)).lazy.map { TextWidth.columns(of: seriesName(dataset, $0)) }.max() ?? 3
        return max(min(max(widest, 6), labelLimit) + 3, TextWidth.columns(of: periodName) + 2, widestZoomText + 2)
    }

    /// The corner's zoom: `15 min/col`, `2 h/col`, `1 day/col`.
    static func zoomText(minutes: Int) -> String {
        minutes % 1440 == 0 ? "\(minutes / 1440) day/col" : minutes % 60 == 0 ? "\(minutes / 60) h/col" : "\(minutes) min/col"
    }

    /// Every zoom's text fits the corner, so zooming never moves the axis.
    static let widestZoomText = zooms.map { TextWidth.columns(of: zoomText(minutes: $0)) }.max()!

    /// The timeline's rows: the data's series, or "all" when there is none.
    /// (Counted and named one at a time: a frame must not copy every name.)
    static func seriesCount(_ dataset: Dataset) -> Int {
        max(1, dataset.series.count - 1)
    }

    static func seriesName(_ dataset: Dataset, _ row: Int) -> String {
        dataset.series[dataset.seriesIndex(ofAccumulatorSeries: row)].name
    }

    /// The period on show: the level's position.
    static func period(state: AppState, dataset: Dataset) -> Range<Int64> {
        let navigation = state.navigation
        let calendar = dataset.calendar
        let ordinal = dataset.ordinal(navigation.level, index: navigation.position)
        return calendar.start(of: navigation.level.unit, ordinal: ordinal)..<calendar.end(of: navigation.level.unit, ordinal: ordinal)
    }

    /// What the timeline asks its intervals for: the period on show and
    /// the one either side, so a step past its last block finds the next.
    private static func reach(state: AppState, dataset: Dataset) -> [Range<Int64>] {
        let navigation = state.navigation
        let unit = navigation.level.unit
        let ordinal = dataset.ordinal(navigation.level, index: navigation.position)
        return (ordinal - 1...ordinal + 1).map { dataset.calendar.start(of: unit, ordinal: $0)..<dataset.calendar.end(of: unit, ordinal: $0) }
    }

    /// The intervals of `reach`: nil while they are read.
    static func intervals(state: AppState, dataset: Dataset) -> IntervalIndex? {
        dataset.intervals(periods: reach(state: state, dataset: dataset))
    }

    /// `withRows: false` leaves `rows` empty: the reducer asks only where the
    /// period, the columns and the window are, and a frame's rows cost a
    /// search and lanes per series.
    init(state: AppState, timeline: TimelineState, dataset: Dataset, withRows: Bool = true) {
        period = Self.period(state: state, dataset: dataset)
        let level = state.navigation.level
        periodName = dataset.calendar.periodName(level, ordinal: dataset.ordinal(level, index: state.navigation.position))
        labelWidth = Self.labelWidth(dataset, periodName: periodName)
        let area = Self.area(state.size)
        fittingZoom = Self.fittingZoom(period, width: area.width - labelWidth)
        switch timeline.zoom {
        case .fit: zoom = fittingZoom
        case .chosen(let minutes): zoom = minutes
        }
        let columnSeconds = Int64(zoom) * 60
        let columns = Self.columns(period, columnSeconds: columnSeconds)
        let endColumn = Self.endColumn(period, columnSeconds: columnSeconds)
        // The content ends on the end tick, so scrolled all the way it still shows where the period ends.
        var viewport = Viewport(area: area, contentSize: Size(width: labelWidth + endColumn + 1, height: area.height),
                                stickyRows: Self.axisRows, stickyColumns: labelWidth)
        viewport.scroll(dx: timeline.left, dy: 0)
        let body = viewport.bodyArea
        let window = period.lowerBound + Int64(viewport.offset.x) * columnSeconds
        let windowEnd = max(window, min(period.upperBound, window + Int64(body.width) * columnSeconds))
        self.window = window..<windowEnd
        var rows: [Row] = []
        var y = Self.axisRows
        let count = Self.seriesCount(dataset)
        intervals = withRows ? Self.intervals(state: state, dataset: dataset) : nil
        if let intervals {
            for series in min(max(0, timeline.top), count)..<count where y < Self.axisRows + body.height {
                let blocks = Self.lanes(intervals, series: series, from: window, to: windowEnd, period: period.lowerBound,
                                        columnSeconds: columnSeconds, columns: columns)
                let height = Self.height(blocks)
                rows.append(Row(series: series, y: y, height: height, blocks: blocks))
                y += height
            }
        }
        self.rows = rows
        viewport.contentSize = Size(width: labelWidth + endColumn + 1, height: max(y, area.height))
        self.viewport = viewport
    }

    /// The blocks of one series overlapping `[from, to)`, each in the first
    /// lane free at its start: overlapping intervals stack.
    static func lanes(_ intervals: IntervalIndex, series: Int, from: Int64, to: Int64, period: Int64, columnSeconds: Int64,
                      columns: Int) -> [Block] {
        var laneEnds: [Int64] = []
        let records = intervals.bySeries.indices.contains(series) ? intervals.bySeries[series] : []
        return intervals.overlapping(series: series, from: from, to: to).map { i in
            let r = records[i]
            let lane = laneEnds.firstIndex { $0 <= r.start } ?? laneEnds.count
            if lane == laneEnds.count { laneEnds.append(r.end) } else { laneEnds[lane] = r.end }
            return Block(index: i, lane: lane, columns: Self.columns(from: r.start, to: r.end, period: period, columnSeconds: columnSeconds,
                                                                     columns: columns))
        }
    }

    /// The columns an interval covers in a period of `columns` columns from
    /// `period`: from its start's to its end's, at least one.
    static func columns(from start: Int64, to end: Int64, period: Int64, columnSeconds: Int64, columns: Int) -> Range<Int> {
        // An interval starting past the period's columns covers none of them (an empty range, never a reversed one).
        let first = min(max(0, Int(floorDiv64(start - period, columnSeconds))), columns)
        return first..<min(columns, max(first + 1, Int((end - period + columnSeconds - 1) / columnSeconds)))
    }

    func columns(from start: Int64, to end: Int64) -> Range<Int> {
        Self.columns(from: start, to: end, period: period.lowerBound, columnSeconds: columnSeconds, columns: columns)
    }

    /// The body's time scrolled `left` columns, one axis: no further than the end tick at the right edge.
    func timeScroll(left: Int) -> Viewport {
        Viewport(area: viewport.bodyArea, contentSize: Size(width: endColumn + 1, height: 0), offset: Viewport.Offset(x: left, y: 0))
    }

    /// `rows` series rows from `top`, one axis, counted a line each: no
    /// further than the last row at the bottom, so rows that all fit do not scroll away.
    func rowScroll(top: Int, rows: Int) -> Viewport {
        Viewport(area: viewport.bodyArea, contentSize: Size(width: 0, height: rows), offset: Viewport.Offset(x: 0, y: top))
    }

    /// A series' blocks in the window, stacked into lanes.
    func blocks(_ intervals: IntervalIndex, series: Int) -> [Block] {
        Self.lanes(intervals, series: series, from: window.lowerBound, to: window.upperBound, period: period.lowerBound,
                   columnSeconds: columnSeconds, columns: columns)
    }

    /// Lines a row of `blocks` takes: one per lane, at least one.
    static func height(_ blocks: [Block]) -> Int { max(1, (blocks.map(\.lane).max() ?? 0) + 1) }

    /// The body's lines for rows.
    var bodyHeight: Int { viewport.bodyArea.height }

    /// The content rect of a block (columns and the lane's line).
    func rect(of block: Block, in row: Row) -> Rect {
        Rect(x: labelWidth + block.columns.lowerBound, y: row.y + block.lane, width: block.columns.count, height: 1)
    }

    /// The column of instant `t` in the period, nil outside it.
    func column(of t: Int64) -> Int? {
        period.contains(t) ? Int((t - period.lowerBound) / columnSeconds) : nil
    }
}
