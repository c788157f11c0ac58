import StrataData

/// `Enter` on a page: the period as a full-screen card. The chart on top,
/// then a table with a row per sub-bucket (exact numbers and an inline bar
/// of the current aggregate) and the period's raw input rows, one cursor
/// over both. Below about 40×12 the chart gives its room to the table.
struct CardScreen: AppScreen {
    let state: AppState
    let card: CardState
    let env: AppEnvironment


    func draw(into frame: inout Frame) {
        // Growing from the page: the page around a frame, the card showing through it.
        guard let growing = state.transition?.frame(at: env.time) else { return drawCard(into: &frame) }
        var underneath = state
        underneath.route = .pager
        PagerScreen(state: underneath, env: env).draw(into: &frame)
        frame.clipped(to: growing) { frame in
            frame.grid.fill(growing)
            drawCard(into: &frame)
        }
    }

    private func drawCard(into frame: inout Frame) {
        let layout = CardLayout(size: frame.grid.size)
        let content = CardContent(navigation: navigation, rows: state.cardRows, env: env)
        HeaderLine(navigation: navigation, dataset: env.dataset, glyphs: glyphs, filter: state.filter, reloading: state.reloading != nil)
            .draw(into: &frame, area: Rect(x: 0, y: layout.header, width: frame.grid.width, height: 1))
        if let strip = layout.strip {
            PeriodStrip(navigation: navigation, dataset: env.dataset, glyphs: glyphs, index: navigation.position)
                .draw(into: &frame.grid, area: Rect(x: 0, y: strip, width: frame.grid.width, height: 1))
        }
        if let record = card.record, let row = content.row(record.row) {
            drawRecord(record, row: row, into: &frame.grid, layout: layout)
            return drawFooter(into: &frame.grid, layout: layout, content: content)
        }
        // A period a load is still reading says so on its box: none of its numbers is final yet.
        let reading = env.dataset.readiness(navigation.level, index: navigation.position).isReady ? nil
            : "still reading this \(navigation.level.rawValue): numbers not final"
        glyphs.block(reading, style: .muted, titleStyle: Style(.warning)).draw(into: &frame.grid, area: layout.box)
        if let chart = layout.chart { PageChartView(navigation: navigation, env: env, page: content.page).draw(into: &frame.grid, area: chart) }
        let table = TableColumns(content: content, aggregate: navigation.aggregate, value: navigation.valueIndex,
                                 countsRows: navigation.countsRows(in: env.dataset), width: layout.body.width,
                                 ellipsis: glyphs.ellipsis, dataset: env.dataset)
        table.drawHeader(into: &frame.grid, y: layout.tableHeader, x: layout.body.x, unit: content.page.subUnit)
        drawBody(into: &frame, layout: layout, content: content, table: table)
        drawFooter(into: &frame.grid, layout: layout, content: content)
    }

    func drawBody(into frame: inout Frame, layout: CardLayout, content: CardContent, table: TableColumns) {
        let body = layout.body
        for y in body.y..<body.maxY {
            let line = card.scroll + (y - body.y)
            let row = Rect(x: body.x, y: y, width: body.width, height: 1)
            if line < content.buckets {
                drawBucket(line, into: &frame, row: row, content: content, table: table)
            } else if line == content.buckets {
                drawRowsHeading(into: &frame.grid, row: row, rows: content.rows)
            } else if case .rows(let rows, let complete) = content.rows {
                let index = line - content.buckets - 1
                if index < rows.count {
                    drawRaw(rows[index], item: content.buckets + index, into: &frame, row: row)
                } else if index == rows.count, !complete {
                    frame.grid.write("\(glyphs.ellipsis) more rows after these \(grouped(rows.count))", x: row.x + 2, y: y,
                                     style: .muted, clip: row)
                }
            }
        }
    }

    private func drawBucket(_ item: Int, into frame: inout Frame, row: Rect, content: CardContent, table: TableColumns) {
        let selected = item == card.cursor
        drawGutter(into: &frame.grid, row: row, selected: selected)
        table.drawRow(item, label: content.labels[item], into: &frame.grid, row: row, glyphs: glyphs, selected: selected)
        frame.addZone(row, .cursorTo(item))
    }

    private func drawRaw(_ raw: CardRow, item: Int, into frame: inout Frame, row: Rect) {
        let selected = item == card.cursor
        drawGutter(into: &frame.grid, row: row, selected: selected)
        let x = frame.grid.write(raw.location, x: row.x + 2, y: row.y, style: selected ? Style(.accent, bold: true) : .muted,
                                 clip: row)
        // A row wider than the card ends in an ellipsis: cut silently, a time could read as another.
        let textX = row.x + 2 + x + 2
        frame.grid.write(raw.text, x: textX, y: row.y, width: row.maxX - textX, ellipsis: glyphs.ellipsis,
                         style: selected ? Style(.plain, bold: true) : .plain, clip: row)
        frame.addZone(row, .cursorTo(item))
    }

    /// `▶` before the cursor's line.
    private func drawGutter(into grid: inout Grid, row: Rect, selected: Bool) {
        if selected { grid.write(glyphs.cursor, x: row.x, y: row.y, style: Style(.accent, bold: true), clip: row) }
    }

    private func drawRowsHeading(into grid: inout Grid, row: Rect, rows: CardRows) {
        let text: String
        switch rows {
        case .notKept(let note): text = note
        case .reading(let fraction): text = "reading rows\(glyphs.ellipsis) \(Int(fraction * 100))%"
        case .rows(let list, let complete):
            text = list.isEmpty ? "no rows in this \(navigation.level.rawValue)"
                : "rows: \(grouped(list.count))\(complete ? "" : "+") \(glyphs.middleDot) file:line  record"
        }

        grid.write(glyphs.truncate(text, to: row.width - 2), x: row.x + 2, y: row.y, style: Style(.muted, bold: true), clip: row)
    }

    func drawFooter(into grid: inout Grid, layout: CardLayout, content: CardContent) {
        let y = layout.footer
        let row = Rect(x: 0, y: y, width: grid.width, height: 1)
        let count = env.dataset.count(navigation.level)
        let position = "row \(min(card.cursor + 1, content.itemCount))/\(content.itemCount)   "
            + PageDots(current: navigation.position, count: count, levelName: navigation.level.rawValue, glyphs: glyphs).positionText
        let footer = FooterLine(pendingCount: state.pendingCount, hints: card.keyMap.hints.map(glyphs.hint), position: position)
        StatusLine(state: state, env: env, footer: footer).draw(into: &grid, area: row)
    }

    private func grouped(_ n: Int) -> String { NumberFormat.exact(Double(n)) }
}
