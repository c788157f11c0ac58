import StrataData

/// The timeline as a route: open and close it, zoom, move the cursor from
/// block to block (crossing into the neighbouring period, whose position
/// the level follows), scroll and drag, find a row, open a block's card.
extension TimelineState: RouteReducer {
    var route: AppState.Route { .timeline(self) }
    var keyMap: KeyMap { showsCard ? .timelineCard : .timeline }
    var pans: Bool { !showsCard }

    func screen(_ state: AppState, env: AppEnvironment) -> any Screen {
        TimelineScreen(state: state, timeline: self, env: env)
    }

    /// `m` on the pager of interval data: the timeline of the current period,
    /// zoomed to fit it, the cursor on the first row's block nearest now (or
    /// the period's start); placed when they come, if its intervals are read.
    static func open(_ app: inout AppState, env: AppEnvironment) {
        guard env.dataset.drawsTimeline, env.dataset.count(app.navigation.level) > 0 else { return }
        var timeline = TimelineState(zoom: .fit)
        timeline.placeCursor(app, env: env)
        app.route = .timeline(timeline)
    }

    /// The intervals read since the last frame may be this window's: a cursor
    /// still to place goes on its first block, and a notice that they were
    /// being read goes.
    mutating func dataArrived(in app: inout AppState, env: AppEnvironment) {
        guard intervals(app, env: env) != nil else { return }
        if app.notice == Self.readingNotice(app, env: env) { app.notice = nil }
        if cursor == nil { placeCursor(app, env: env) }
    }

    /// What a key that needs the window's blocks says while they are read.
    private static func readingNotice(_ app: AppState, env: AppEnvironment) -> String {
        "the \(app.navigation.level.rawValue)'s blocks are being read\(env.glyphs.ellipsis)"
    }

    /// The cursor on the first row's block nearest now (or the period's
    /// start), when the window's intervals are there; after a move of the
    /// period, on the awaited row's block nearest its start, as `settle` does.
    private mutating func placeCursor(_ app: AppState, env: AppEnvironment) {
        guard let intervals = intervals(app, env: env) else { return }
        let period = TimelineLayout.period(state: app, dataset: env.dataset)
        let t = awaitedRow == nil && period.contains(env.now) ? env.now : period.lowerBound
        cursor = firstBlock(intervals, rows: [awaitedRow].compactMap { $0 } + Array(intervals.bySeries.indices), near: t, in: period)
        awaitedRow = nil
        reveal(&self, state: app, env: env)
    }

    mutating func reduce(_ action: Action, in state: inout AppState, count: Int, env: AppEnvironment) -> Bool {
        guard let intervals = intervals(state, env: env) else {
            // Its window still read: the keys that need its blocks wait, the others work.
            if case .toggleMap = action {
                state.route = .pager
                return true
            }
            return false
        }
        // Worked on a copy: an action that ends early leaves the state as it was.
        var timeline = self
        if case .blockRow = action {} else { timeline.goal = nil }
        switch action {
        case .toggleMap:
            state.route = .pager
            return true
        case .openBlock:
            timeline.showsCard = timeline.cursor != nil
        case .closeBlock:
            timeline.showsCard = false
        case .zoomTimeline(let finer):
            step(&timeline, finer: finer, state: &state, env: env)
        case .blockStep(let step):
            guard var cursor = timeline.cursor, var index = cursor.index(in: intervals) else { return true }
            let records = intervals.bySeries[cursor.series]
            for _ in 0..<count {
                let period = TimelineLayout.period(state: state, dataset: env.dataset)
                guard let next = nextBlock(intervals, series: cursor.series, after: index, step: step, in: period) else { break }
                index = next
                cursor = TimelineState.Cursor(series: cursor.series, records[index])
                follow(&state, cursor, env: env)
            }
            guard cursor != timeline.cursor else { return true }
            timeline.cursor = cursor
            reveal(&timeline, state: state, env: env)
        case .blockRow(let step):
            guard let cursor = timeline.cursor else { return true }
            let period = TimelineLayout.period(state: state, dataset: env.dataset)
            // The block's start, within the period: steps up and down stay near one time, as a
            // TV guide's cursor does, and rows with no block in the period are passed over.
            let anchor = timeline.goal ?? min(max(cursor.start, period.lowerBound), period.upperBound - 1)
            timeline.goal = anchor
            var series = cursor.series + step
            while intervals.bySeries.indices.contains(series) {
                if let index = nearest(intervals, series: series, to: anchor, within: period, strictly: true) {
                    timeline.cursor = TimelineState.Cursor(series: series, intervals.bySeries[series][index])
                    follow(&state, timeline.cursor!, env: env)
                    reveal(&timeline, state: state, env: env)
                    break
                }
                series += step
            }
        case .pickBlock(let series, let index):
            guard intervals.bySeries.indices.contains(series), intervals.bySeries[series].indices.contains(index) else { return true }
            timeline.cursor = TimelineState.Cursor(series: series, intervals.bySeries[series][index])
            reveal(&timeline, state: state, env: env)
        case .scrollTimeline(let rows, let columns):
            let layout = TimelineLayout(state: state, timeline: timeline, dataset: env.dataset, withRows: false)
            timeline.top = layout.rowScroll(top: timeline.top + rows, rows: intervals.bySeries.count).offset.y
            timeline.left = layout.timeScroll(left: timeline.left + columns).offset.x
        case .dragBegan(let x, let y):
            timeline.drag = DragLock(x: x, y: y, offset: Viewport.Offset(x: timeline.left, y: timeline.top))
        case .dragMoved(let x, let y):
            guard var drag = timeline.drag else { return true }
            // Locked to the first axis moved along by two cells, as in the map.
            if let offset = drag.offset(x: x, y: y) {
                let layout = TimelineLayout(state: state, timeline: timeline, dataset: env.dataset, withRows: false)
                timeline.left = layout.timeScroll(left: offset.x).offset.x
                timeline.top = layout.rowScroll(top: offset.y, rows: intervals.bySeries.count).offset.y
            }
            timeline.drag = drag
        case .dragEnded:
            guard let drag = timeline.drag else { return true }
            timeline.drag = nil
            // A press that never moved two cells is a click: the block under it.
            if drag.axis == nil, case .pickBlock(let series, let index)? = env.zones.last(where: { $0.rect.contains(x: drag.originX, y: drag.originY) })?.action,
               intervals.bySeries.indices.contains(series), intervals.bySeries[series].indices.contains(index) {
                timeline.cursor = TimelineState.Cursor(series: series, intervals.bySeries[series][index])
                reveal(&timeline, state: state, env: env)
            }
        case .openSearch:
            state.overlay = .search(text: "", error: nil)
        case .searchNext:
            guard let search = timeline.search else { return true }
            find(search, &timeline, state: &state, env: env)
        default:
            return false
        }
        self = timeline
        return true
    }

    /// No block to move to or open, a search with one match; or the blocks still being read.
    func nothingToDo(_ action: Action, in app: AppState, env: AppEnvironment) -> String? {
        if intervals(app, env: env) == nil { return Self.readingNotice(app, env: env) }
        if cursor == nil, [.blockStep(1), .blockStep(-1), .blockRow(1), .blockRow(-1), .openBlock].contains(action) {
            return "no block in this \(app.navigation.level.rawValue)"
        }
        switch action {
        case .blockStep(let step): return "no \(step > 0 ? "later" : "earlier") block in this row"
        case .blockRow(let step): return "no block in a row \(step > 0 ? "below" : "above")"
        case .searchNext: return search.map { "no other row holds \"\($0.query)\"" }
        default: return nil
        }
    }

    /// With the block's card open, the rows overlapping the block in its series: its own row is among them.
    func rowsWanted(_ state: AppState, dataset: Dataset) -> RowsRequest? {
        guard showsCard, let cursor else { return nil }
        return RowsRequest(key: [-1, cursor.series, Int(cursor.start), Int(cursor.end), Int(cursor.input), Int(cursor.line)],
                           from: cursor.start, to: max(cursor.end, cursor.start + 1),
                           series: dataset.seriesIndex(ofAccumulatorSeries: cursor.series))
    }

    /// The intervals the timeline has for the period on show and those
    /// either side (a step past its last block crosses into the next), nil
    /// while they are read.
    func intervals(_ app: AppState, env: AppEnvironment) -> IntervalIndex? {
        TimelineLayout.intervals(state: app, dataset: env.dataset)
    }

    /// After a move of the period by other means (`:`, PgUp, a count): a
    /// cursor block outside the new period moves to its row's block nearest
    /// the period's start.
    mutating func settle(after before: AppState, in app: inout AppState, env: AppEnvironment) {
        guard before.navigation != app.navigation else { return }
        let period = TimelineLayout.period(state: app, dataset: env.dataset)
        if let cursor, overlaps(cursor, period) { return }
        // Its own row first, else the first row with a block in the period.
        let row = cursor?.series ?? awaitedRow ?? 0
        // The period's intervals still read: its cursor is placed when they come.
        guard let intervals = intervals(app, env: env) else {
            (awaitedRow, cursor, left) = (row, nil, 0)
            return
        }
        cursor = firstBlock(intervals, rows: [row] + Array(intervals.bySeries.indices), near: period.lowerBound, in: period) ?? cursor
        (awaitedRow, left) = (nil, 0)
        reveal(&self, state: app, env: env)
    }

    /// After a resize: a chosen zoom at which the period now fits zooms to fit
    /// again, and the cursor block stays in view.
    mutating func resized(in app: inout AppState, env: AppEnvironment) {
        if case .chosen(let minutes) = zoom,
           minutes >= TimelineLayout(state: app, timeline: self, dataset: env.dataset, withRows: false).fittingZoom {
            zoom = .fit
        }
        reveal(&self, state: app, env: env)
    }

    /// `/` in the timeline: the next row after the cursor's whose label holds the text, wrapping around.
    mutating func search(for text: String, in app: inout AppState, env: AppEnvironment) -> SearchResult {
        let search = TextSearch(text)
        guard !text.isEmpty, find(search, &self, state: &app, env: env) else { return .notFound("no row named like that") }
        self.search = search
        return .found
    }
}

/// `+`/`-`: the next step finer or coarser, no coarser than the fit (a
/// wider view shows nothing more) nor finer than the first step; at
/// either end a notice says why nothing changed. Reaching the fit zooms
/// to fit again, through resizes and other periods.
private func step(_ timeline: inout TimelineState, finer: Bool, state: inout AppState, env: AppEnvironment) {
    let layout = TimelineLayout(state: state, timeline: timeline, dataset: env.dataset, withRows: false)
    let zooms = TimelineLayout.zooms
    let k = zooms.firstIndex(of: layout.zoom) ?? 0
    if finer, k == 0 {
        state.notice = "\(TimelineLayout.zoomText(minutes: layout.zoom)) is the finest zoom"
        return
    }
    if !finer, layout.zoom >= layout.fittingZoom {
        state.notice = layout.endColumn < layout.viewport.bodyArea.width
            ? "the whole \(state.navigation.level.rawValue) is in view" : "\(TimelineLayout.zoomText(minutes: layout.zoom)) is the coarsest zoom"
        return
    }
    let zoom = zooms[k + (finer ? -1 : 1)]
    timeline.left = timeline.left * layout.zoom / zoom
    timeline.zoom = zoom == layout.fittingZoom ? .fit : .chosen(zoom)
    reveal(&timeline, state: state, env: env)
}

/// Puts the cursor on the next matching row's block nearest the start of the period; false when no row matches.
@discardableResult
private func find(_ search: TextSearch, _ timeline: inout TimelineState, state: inout AppState, env: AppEnvironment) -> Bool {
    guard let intervals = timeline.intervals(state, env: env) else { return false }
    guard let series = search.next(count: TimelineLayout.seriesCount(env.dataset),
                                       after: timeline.cursor?.series ?? -1,
                                       text: { TimelineLayout.seriesName(env.dataset, $0) }) else { return false }
    let period = TimelineLayout.period(state: state, dataset: env.dataset)
    if let index = nearest(intervals, series: series, to: period.lowerBound, within: period) {
        timeline.cursor = TimelineState.Cursor(series: series, intervals.bySeries[series][index])
        follow(&state, timeline.cursor!, env: env)
    }
    reveal(&timeline, state: state, env: env)
    return true
}

/// The level's position follows a cursor block outside the period shown: the period holding its start.
private func follow(_ state: inout AppState, _ cursor: TimelineState.Cursor, env: AppEnvironment) {
    guard !overlaps(cursor, TimelineLayout.period(state: state, dataset: env.dataset)) else { return }
    state.navigation.setPosition(env.dataset.index(state.navigation.level, containing: cursor.start))
}

private func overlaps(_ block: TimelineState.Cursor, _ period: Range<Int64>) -> Bool {
    block.start < period.upperBound && (block.end > period.lowerBound || block.start >= period.lowerBound)
}

/// The block after (`step` 1) or before (-1) `index` in its row: the next
/// one overlapping the period shown while there is one (after a block that
/// began the day before comes the next one of this day, not a short one of
/// the day before), else the next across the period's edge.
private func nextBlock(_ intervals: IntervalIndex, series: Int, after index: Int, step: Int, in period: Range<Int64>) -> Int? {
    let records = intervals.bySeries[series]
    let shown = intervals.overlapping(series: series, from: period.lowerBound, to: period.upperBound)
    if let next = step > 0 ? shown.first(where: { $0 > index }) : shown.last(where: { $0 < index }) { return next }
    guard step > 0 else { return records.indices.contains(index - 1) ? index - 1 : nil }
    // Past the period's last block: the first that does not lie wholly before the period.
    return records.indices[(index + 1)...].first { records[$0].start >= period.lowerBound || records[$0].end > period.lowerBound }
}

/// The first of `rows` with a block in `period`, on its block nearest `t`.
private func firstBlock(_ intervals: IntervalIndex, rows: [Int], near t: Int64, in period: Range<Int64>) -> TimelineState.Cursor? {
    rows.lazy.compactMap { s in
        nearest(intervals, series: s, to: t, within: period, strictly: true).map { TimelineState.Cursor(series: s, intervals.bySeries[s][$0]) }
    }.first
}

/// The block of `series` nearest to `t` (0 when it runs over `t`), among
/// those overlapping `period` when there are some (`strictly`: only those);
/// nil for a series with no blocks (there).
func nearest(_ intervals: IntervalIndex, series: Int, to t: Int64, within period: Range<Int64>, strictly: Bool = false) -> Int? {
    guard intervals.bySeries.indices.contains(series) else { return nil }
    let records = intervals.bySeries[series]
    let inside = intervals.overlapping(series: series, from: period.lowerBound, to: period.upperBound)
    let after = intervals.firstStarting(series: series, atOrAfter: t)
    let candidates = inside.isEmpty && !strictly ? [after - 1, after].filter(records.indices.contains) : inside
    func distance(_ i: Int) -> Int64 {
        let r = records[i]
        return r.start <= t && t < r.end ? 0 : min(abs(r.start - t), abs(r.end - t))
    }
    return candidates.min { distance($0) < distance($1) }
}

/// Scrolls as little as possible to show the cursor block: sideways first
/// (the lanes depend on the time shown), then down or up by rows.
private func reveal(_ timeline: inout TimelineState, state: AppState, env: AppEnvironment) {
    guard let cursor = timeline.cursor else { return }
    var layout = TimelineLayout(state: state, timeline: timeline, dataset: env.dataset, withRows: false)
    var time = layout.timeScroll(left: timeline.left)
    let columns = layout.columns(from: cursor.start, to: cursor.end)
    time.reveal(Rect(x: columns.lowerBound, y: 0, width: columns.count, height: 0))
    timeline.left = time.offset.x
    layout = TimelineLayout(state: state, timeline: timeline, dataset: env.dataset, withRows: false)
    if cursor.series < timeline.top {
        timeline.top = cursor.series
        return
    }
    // Rows are at least a line each: a far jump starts near, then rows are measured (once their blocks are read).
    timeline.top = max(timeline.top, cursor.series - layout.bodyHeight + 1)
    guard let intervals = timeline.intervals(state, env: env) else { return }
    func heights(from top: Int) -> Int {
        (top...cursor.series).reduce(0) { $0 + TimelineLayout.height(layout.blocks(intervals, series: $1)) }
    }
    while timeline.top < cursor.series, heights(from: timeline.top) > layout.bodyHeight { timeline.top += 1 }
}
