import StrataData

/// `m` on interval data: one row per series with its label stuck to the
/// left, time across the current period under a sticky axis (the repeated
/// hour of a DST day shows twice), each interval a block as wide as its
/// duration with its label cut with `…`, overlapping ones stacked in lanes,
/// a line at now, and the cursor block's readout above the footer. A
/// period a load is still reading is dimmed.
struct TimelineScreen: AppScreen {
    let state: AppState
    let timeline: TimelineState
    let env: AppEnvironment
    /// The timeline's own marks, in ASCII where the terminal is not UTF-8.
    var ascii: Bool { glyphs.box == .ascii }
    var narrowBlock: String { ascii ? "|" : "▌" }
    var blockFill: Character { ascii ? "." : "░" }
    var blockEdge: String { String(glyphs.vertical) }
    var cursorEdge: String { ascii ? "#" : "┃" }
    var nowMark: String { ascii ? "v" : "▼" }
    var axisTick: String { ascii ? "+" : "┬" }
    var endTick: String { ascii ? "+" : "┐" }
    var nowLine: String { ascii ? ":" : "┊" }


    func draw(into frame: inout Frame) {
        let layout = TimelineLayout(state: state, timeline: timeline, dataset: dataset)
        HeaderLine(navigation: state.navigation, dataset: env.dataset, glyphs: glyphs, filter: state.filter, reloading: state.reloading != nil, chart: false)
            .draw(into: &frame, area: Rect(x: 0, y: 0, width: frame.grid.width, height: 1))
        drawCorner(layout, into: &frame.grid)
        drawAxis(layout, into: &frame.grid)
        var labels: [Rect] = []
        if let intervals = layout.intervals {
            for row in layout.rows { labels += drawRow(row, layout, intervals, into: &frame) }
        }
        drawNow(layout, behind: labels, into: &frame.grid)
        // A period a load is still reading may gain blocks: dimmed until it is whole.
        if !reading.isReady { frame.grid.restyle(layout.viewport.bodyArea) { $0.dim = true } }
        let height = frame.grid.height
        let cursorRecord = layout.intervals.flatMap(cursorRecord)
        drawReadout(cursorRecord, windowRead: layout.intervals != nil, into: &frame.grid,
                    row: Rect(x: 0, y: height - 2, width: frame.grid.width, height: 1))
        drawFooter(into: &frame.grid, row: Rect(x: 0, y: height - 1, width: frame.grid.width, height: 1))
        if timeline.showsCard, let cursorRecord { drawCard(cursorRecord, into: &frame) }
    }

    func drawCorner(_ layout: TimelineLayout, into grid: inout Grid) {
        let area = layout.viewport.cornerArea
        // A space either side: cut with `…` on a screen too narrow for the column, never run into the axis.
        let width = area.width - 2
        grid.write(layout.periodName, x: area.x + 1, y: area.y, width: width, ellipsis: glyphs.ellipsis, style: Style(.accent, bold: true), clip: area)
        grid.write(TimelineLayout.zoomText(minutes: layout.zoom), x: area.x + 1, y: area.y + 1, width: width, ellipsis: glyphs.ellipsis,
                   style: .muted, clip: area)
    }

    /// Labels at wall-clock boundaries that fit without touching, ticks
    /// under them. The rule stops at the period's end on an end tick,
    /// labelled where it fits (`24:00`, `Mon 28`), so the blank columns
    /// after it do not read as more of the period.
    func drawAxis(_ layout: TimelineLayout, into grid: inout Grid) {
        let area = layout.viewport.columnHeaderArea
        guard area.height >= TimelineLayout.axisRows else { return }
        let first = layout.viewport.offset.x
        let endX = area.x + layout.endColumn - first
        grid.write(String(repeating: glyphs.horizontal, count: max(0, min(endX, area.maxX) - area.x)), x: area.x, y: area.y + 1,
                   style: .muted, clip: area)
        grid.write(endTick, x: endX, y: area.y + 1, style: .muted, clip: area)
        // The end's label goes first: the labels before it give way.
        var labelsEnd = area.maxX
        let endLabel = axisLabel(at: layout.period.upperBound, period: layout.period)
        if endX + TextWidth.columns(of: endLabel) <= area.maxX {
            grid.write(endLabel, x: endX, y: area.y, style: .muted, clip: area)
            labelsEnd = endX - 1
        }
        let step = Self.labelStep(zoom: layout.zoom)
        var free = area.x
        for column in first..<min(layout.columns, first + area.width) {
            let t = layout.period.lowerBound + Int64(column) * layout.columnSeconds
            guard let at = boundary(in: t..<(t + layout.columnSeconds), stepMinutes: step, period: layout.period) else { continue }
            let label = axisLabel(at: at, period: layout.period)
            let x = area.x + column - first
            let width = TextWidth.columns(of: label)
            guard x >= free, x + width <= labelsEnd, at < layout.period.upperBound else { continue }
            grid.write(label, x: x, y: area.y, style: .muted, clip: area)
            grid.write(axisTick, x: x, y: area.y + 1, style: .muted, clip: area)
            free = x + width + 1
        }
    }

    /// Minutes between axis labels: the closest wall-clock step that keeps
    /// them seven columns apart (a label and at least one space).
    static func labelStep(zoom: Int) -> Int {
        [5, 10, 15, 30, 60, 120, 180, 240, 360, 480, 720, 1440, 2880].first { $0 / zoom >= 7 } ?? 10_080
    }

    /// The first wall-clock multiple of `stepMinutes` in `span` (whole-day
    /// steps count from the period's first day). The repeated hour of a
    /// DST day starts at its own instant, so it has its own label.
    func boundary(in span: Range<Int64>, stepMinutes: Int, period: Range<Int64>) -> Int64? {
        let calendar = dataset.calendar
        let local = calendar.localTime(at: span.lowerBound)
        let minuteOfDay = local.hour * 60 + local.minute
        let intoStep = stepMinutes >= 1440
            ? minuteOfDay + floorMod(local.date.dayNumber - calendar.localTime(at: period.lowerBound).date.dayNumber, stepMinutes / 1440) * 1440
            : minuteOfDay % stepMinutes
        let wait = intoStep == 0 && local.second == 0 ? 0 : Int64(stepMinutes * 60 - intoStep * 60 - local.second)
        let at = span.lowerBound + wait
        return at < span.upperBound ? at : nil
    }

    /// An axis label: `02:00`, or `Mon 28` at a midnight of a period of
    /// several days; a day's end reads `24:00`, not the next day's `00:00`.
    func axisLabel(at instant: Int64, period: Range<Int64>) -> String {
        let t = dataset.calendar.localTime(at: instant)
        let midnight = t.hour == 0 && t.minute == 0
        // A period of several days, not one day however long (St John's 29 Oct 1988 has 26 hours).
        let calendar = dataset.calendar
        if midnight, calendar.ordinal(of: .day, at: period.upperBound - 1) != calendar.ordinal(of: .day, at: period.lowerBound) {
            return "\(CalendarSystem.weekdayNames[t.date.isoWeekday - 1]) \(t.date.day)"
        }
        return midnight && instant == period.upperBound ? "24:00" : t.clock
    }

    /// A series' name and its blocks; returns where their labels went, which the now line keeps off.
    func drawRow(_ row: TimelineLayout.Row, _ layout: TimelineLayout, _ intervals: IntervalIndex, into frame: inout Frame) -> [Rect] {
        let viewport = layout.viewport
        let isCursorRow = timeline.cursor?.series == row.series
        let header = viewport.screenRect(forContent: Rect(x: 0, y: row.y, width: layout.labelWidth, height: 1))
        let headerClip = viewport.rowHeaderArea
        if isCursorRow { frame.grid.write(glyphs.cursor, x: header.x, y: header.y, style: .accent, clip: headerClip) }
        frame.grid.write(TimelineLayout.seriesName(dataset, row.series), x: header.x + 2, y: header.y, width: layout.labelWidth - 3, ellipsis: glyphs.ellipsis,
                         style: isCursorRow ? Style(.accent, bold: true) : Style(.plain, bold: true), clip: headerClip)
        let body = viewport.bodyArea
        let records = intervals.bySeries[row.series]
        var labels: [Rect] = []
        for block in row.blocks {
            let rect = viewport.screenRect(forContent: layout.rect(of: block, in: row))
            let shown = rect.intersection(body)
            guard !shown.isEmpty else { continue }
            let isCursor = isCursorRow && timeline.cursor == TimelineState.Cursor(series: row.series, records[block.index])
            frame.addZone(shown, .pickBlock(series: row.series, index: block.index))
            // A block starting in the column where the one before it ends draws over that label's last cell.
            if let i = labels.lastIndex(where: { $0.y == rect.y }), labels[i].maxX > rect.x {
                labels[i].width = max(0, rect.x - labels[i].x)
            }
            if let label = drawBlock(intervals.label(records[block.index]), at: rect, isCursor: isCursor, clip: body, into: &frame.grid) {
                labels.append(label)
            }
        }
        return labels
    }

    /// A block from its first column to its last: an edge, its label and,
    /// where colours cannot show its extent in reverse video, a light fill
    /// to its end, so a block never reads as the empty time after it. One
    /// narrower than 3 columns is a half block and the fill. Returns the
    /// cells its label took (none for a narrow block).
    func drawBlock(_ label: String, at rect: Rect, isCursor: Bool, clip: Rect, into grid: inout Grid) -> Rect? {
        let fill = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 1, height: 1).intersection(clip)
        if rect.width < 3 {
            let style = isCursor ? Style(.accent, bold: true) : Style(.bar)
            grid.write(narrowBlock, x: rect.x, y: rect.y, style: style, clip: clip)
            grid.fill(fill, with: blockFill, style: style)
            return nil
        }
        let style = Style(isCursor ? .accent : .bar, bold: isCursor, reverse: env.colors || isCursor)
        // Without colours the body is the fill (one pass), with them reversed blanks.
        grid.fill(env.colors ? rect.intersection(clip) : fill, with: env.colors ? " " : blockFill, style: style)
        grid.write(isCursor ? cursorEdge : blockEdge, x: rect.x, y: rect.y, style: style, clip: clip)
        // A block that starts off screen keeps its label in view; a space parts it from the fill.
        let textX = max(rect.x + 1, clip.x)
        let used = grid.write(label, x: textX, y: rect.y, width: rect.maxX - textX, ellipsis: glyphs.ellipsis, style: style, clip: clip)
        if textX + used < rect.maxX { grid.write(" ", x: textX + used, y: rect.y, style: style, clip: clip) }
        return Rect(x: textX, y: rect.y, width: used, height: 1)
    }

    /// `▼` on the axis at now, and a dotted line down every row behind the
    /// blocks' labels: on gaps, fills and edges, never on a letter, so titles
    /// stay readable. Inside a coloured block the line's colour marks the
    /// column, so it crosses a letter too. The cursor's block stays whole.
    func drawNow(_ layout: TimelineLayout, behind labels: [Rect], into grid: inout Grid) {
        guard let column = layout.column(of: env.now) else { return }
        let x = layout.viewport.screenRect(forContent: Rect(x: layout.labelWidth + column, y: 0, width: 1, height: 1)).x
        let body = layout.viewport.bodyArea
        guard x >= body.x, x < body.maxX else { return }
        grid.write(nowMark, x: x, y: layout.viewport.columnHeaderArea.y + 1, style: Style(.warning, bold: true))
        // The rows where a title crosses the line's column, found once rather than per row.
        let titled = Set(labels.lazy.filter { x >= $0.x && x < $0.maxX }.map(\.y))
        for y in body.y..<body.maxY where grid[x, y].style.tint != .accent {
            let inColouredBlock = grid[x, y].style.reverse
            if !titled.contains(y) {
                grid.write(nowLine, x: x, y: y, style: Style(.warning, reverse: inColouredBlock))
            } else if inColouredBlock {
                grid.restyle(Rect(x: x, y: y, width: 1, height: 1)) { $0.tint = .warning }
            }
        }
    }

    /// The period on show: partial while a load still reads its blocks.
    var reading: Readiness {
        dataset.readiness(navigation.level, index: navigation.position)
    }

    /// The cursor block: label, series, start–end and duration; what the
    /// screen waits for while its window's intervals are read.
    func drawReadout(_ cursorRecord: (IntervalIndex.Record, IntervalIndex)?, windowRead: Bool, into grid: inout Grid, row: Rect) {
        guard let (record, intervals) = cursorRecord else {
            let empty = (windowRead ? reading : dataset.fetchReadiness).note(glyphs) ?? "no blocks in this period"
            grid.write(" \(empty)", x: row.x, y: row.y, style: .muted, clip: row)
            return
        }
        let name = TimelineLayout.seriesName(dataset, timeline.cursor!.series)
        let text = "\(intervals.label(record))  \(glyphs.middleDot)  \(name)  \(glyphs.middleDot)  "
            + "\(span(record))  \(glyphs.middleDot)  \(ValueFormat.duration.humane(Double(record.end - record.start)))"
        grid.write(text, x: row.x + 1, y: row.y, width: row.width - 2, ellipsis: glyphs.ellipsis, style: Style(.plain, bold: true), clip: row)
    }

    /// The cursor's interval among those drawn, with them (its label is theirs).
    func cursorRecord(_ intervals: IntervalIndex) -> (IntervalIndex.Record, IntervalIndex)? {
        guard let cursor = timeline.cursor, let index = cursor.index(in: intervals) else { return nil }
        return (intervals.bySeries[cursor.series][index], intervals)
    }

    /// `22:55–00:25` on the period's day, with the date where another day is meant.
    /// `18:45–19:45` on the period's first day; a start on another day
    /// names it (`Sun 27 Oct 18:45–19:45`), an end only when its day is not the start's.
    func span(_ r: IntervalIndex.Record) -> String {
        let calendar = dataset.calendar
        let first = calendar.localTime(at: TimelineLayout.period(state: state, dataset: dataset).lowerBound).date
        let start = calendar.localTime(at: r.start), end = calendar.localTime(at: r.end)
        func text(_ local: LocalTime, sameDayAs day: CivilDate) -> String {
            let clock = local.clock
            guard local.date != day else { return clock }
            let date = local.date
            return "\(CalendarSystem.weekdayNames[date.isoWeekday - 1]) \(date.day) \(CalendarSystem.monthNames[date.month - 1]) \(clock)"
        }
        let from = text(start, sameDayAs: first)
        return r.start == r.end ? from : "\(from)–\(text(end, sameDayAs: start.date))"
    }

    func drawFooter(into grid: inout Grid, row: Rect) {
        let navigation = state.navigation
        let rows = TimelineLayout.seriesCount(dataset)
        let position = "\(navigation.level.rawValue) \(navigation.position + 1)/\(navigation.periodCount)"
            + (timeline.cursor.map { "  row \($0.series + 1)/\(rows)" } ?? "")
        let footer = FooterLine(pendingCount: state.pendingCount, hints: state.keyMap.hints.map(glyphs.hint), position: position)
        StatusLine(state: state, env: env, footer: footer).draw(into: &grid, area: row)
    }

    /// `Enter`: the block in a box, with its whole input row wrapped to the box.
    func drawCard(_ cursorRecord: (IntervalIndex.Record, IntervalIndex), into frame: inout Frame) {
        let (record, intervals) = cursorRecord
        let size = frame.grid.size
        let width = min(size.width - 4, 100)
        let inner = width - 4
        var lines: [(String, Style)] = [
            (intervals.label(record), Style(.accent, bold: true)),
            (TimelineLayout.seriesName(dataset, timeline.cursor!.series), .plain),
            ("\(dataset.calendar.localTime(at: record.start).isoString) – \(dataset.calendar.localTime(at: record.end).isoString)", .plain),
            (ValueFormat.duration.exact(Double(record.end - record.start)), .plain),
            ("", .plain),
        ]
        let location = intervals.location(record)
        switch state.cardRows {
        case .rows(let rows, let complete)?:
            if let row = rows.first(where: { $0.location == location }) {
                lines.append((row.location, .muted))
                lines += TextWidth.pieces(of: row.text, width: inner).map { ($0, Style.plain) }
            } else if complete {
                lines.append(("its input row was not found (the file changed?)", .muted))
            } else {
                lines.append(("its input row is past the first \(NumberFormat.exact(Double(rows.count))) rows overlapping it", .muted))
            }
        case .reading?, nil: lines.append(("reading its input row\(glyphs.ellipsis)", .muted))
        case .notKept(let note)?: lines.append((note, .muted))
        }
        let height = min(size.height - 2, lines.count + 2)
        let box = Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
        frame.grid.fill(box)
        glyphs.block("block", style: .accent, titleStyle: Style(.accent, bold: true)).draw(into: &frame.grid, area: box)
        let content = box.inset(dx: 2, dy: 1)
        for (i, line) in lines.prefix(content.height).enumerated() {
            frame.grid.write(line.0, x: content.x, y: content.y + i, width: content.width, ellipsis: glyphs.ellipsis, style: line.1, clip: content)
        }
        frame.zones.removeAll { !$0.rect.intersection(box).isEmpty }
    }
}
