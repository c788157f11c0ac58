import StrataData

/// `m`: the current level as a heatmap laid out like a TV guide. Periods
/// down (newest at the bottom), sub-buckets across by wall clock; or, with
/// `r`, the series down and the level's periods across. The column labels
/// stick to the top and the row labels to the left; a cursor cell, a now
/// line, a legend of the ramp and a readout of the cursor's exact value.
/// Cells of periods a load is still reading are dimmed, their value `…`.
struct MapScreen: AppScreen {
    let state: AppState
    let map: MapState
    let env: AppEnvironment

    func draw(into frame: inout Frame) {
        let grid = MapGrid(dataset: env.dataset, navigation: state.navigation, rowsAreSeries: map.rowsAreSeries, memory: env.memory.mapRows,
                           now: env.now)
        let layout = MapLayout(size: frame.grid.size, grid: grid)
        HeaderLine(navigation: state.navigation, dataset: env.dataset, glyphs: glyphs, filter: state.filter, reloading: state.reloading != nil, chart: false)
            .draw(into: &frame, area: Rect(x: 0, y: 0, width: frame.grid.width, height: 1))
        let viewport = layout.viewport(offset: map.scroll)
        let scale = grid.scale(shown: Self.rows(grid, viewport), columns: Self.columns(grid, layout, viewport))
        drawLegend(grid, scale: scale, y: layout.legendRow, into: &frame.grid)
        if grid.rowCount > 0, grid.columnCount > 0 {
            drawGrid(grid, layout: layout, viewport: viewport, scale: scale, into: &frame.grid)
        } else {
            frame.grid.write("no data", x: 1, y: layout.area.y, style: .muted)
        }
        drawFooter(grid, y: layout.footerRow, into: &frame.grid)
    }

    /// `Days × hours · 0 ░▒▓█ 1.2k  ▲ over 1.2k, up to 9.9k`
    func drawLegend(_ grid: MapGrid, scale: HeatScale, y: Int, into screen: inout Grid) {
        let row = Rect(x: 0, y: y, width: screen.width, height: 1)
        let title = grid.rowsAreSeries ? "Series \(glyphs.times) \(grid.level.rawValue)s"
                                       : "\(grid.level.displayName)s \(glyphs.times) \(grid.subUnit.name)s"
        var x = 1 + screen.write(title, x: 1, y: y, style: Style(.plain, bold: true), clip: row)
        x += screen.write("  \(NumberFormat.humane(scale.low)) ", x: x, y: y, style: .muted, clip: row)
        for (step, shade) in glyphs.heat.enumerated().dropFirst() {
            screen.write(String(env.colors ? solid : shade), x: x, y: y, style: Style(.heat(UInt8(step * 2))), clip: row)
            x += 1
        }
        x += screen.write(" \(NumberFormat.humane(scale.high))", x: x, y: y, style: .muted, clip: row)
        if scale.cutsOutliers {
            screen.write("  \(glyphs.up) over \(NumberFormat.humane(scale.high)), up to \(NumberFormat.humane(scale.max))",
                         x: x, y: y, style: .muted, clip: row)
        }
    }

    /// The rows the viewport shows.
    static func rows(_ grid: MapGrid, _ viewport: Viewport) -> Range<Int> {
        viewport.offset.y..<max(viewport.offset.y, min(grid.rowCount, viewport.offset.y + viewport.bodyArea.height))
    }

    /// The columns on screen.
    static func columns(_ grid: MapGrid, _ layout: MapLayout, _ viewport: Viewport) -> Range<Int> {
        let first = viewport.offset.x / layout.cellWidth
        return first..<max(first, min(grid.columnCount, (viewport.offset.x + viewport.bodyArea.width) / layout.cellWidth + 1))
    }

    func drawGrid(_ grid: MapGrid, layout: MapLayout, viewport: Viewport, scale: HeatScale, into screen: inout Grid) {
        let body = viewport.bodyArea
        let rows = Self.rows(grid, viewport)
        let columns = Self.columns(grid, layout, viewport)
        let cursor = (row: grid.cursorRow, column: grid.cursorColumn(map))
        let nowColumn = grid.nowColumn(env.now)
        let nowRow = grid.rowsAreSeries ? nil : grid.nowRow(env.now)
        func screenPoint(x: Int, y: Int) -> (x: Int, y: Int) {
            let rect = viewport.screenRect(forContent: Rect(x: x, y: y, width: 1, height: 1))
            return (rect.x, rect.y)
        }

        screen.clipped(to: viewport.cornerArea) { screen in
            let label = grid.rowsAreSeries ? grid.level.rawValue : grid.subUnit.name
            screen.write(glyphs.truncate(label, to: layout.rowHeaderWidth - 1), x: viewport.cornerArea.x + 1,
                         y: viewport.cornerArea.y, style: .muted)
        }
        screen.clipped(to: viewport.columnHeaderArea) { screen in
            let step = layout.labelStep(labelWidth: grid.columnLabelWidth)
            for column in columns where column % step == 0 {
                let at = screenPoint(x: layout.x(ofColumn: column) + 1, y: 0)
                let label = grid.columnLabel(column)
                // A label cut by the edge would read as another one (`1` for `16`): left out.
                guard at.x + TextWidth.columns(of: label) <= viewport.columnHeaderArea.maxX else { continue }
                screen.write(label, x: at.x, y: at.y,
                             style: column == cursor.column ? Style(.accent, bold: true) : .muted)
            }
            if let nowColumn, columns.contains(nowColumn) {
                let at = screenPoint(x: layout.x(ofColumn: nowColumn), y: 1)
                screen.write(String(glyphs.nowMark), x: at.x, y: at.y, style: Style(.accent, bold: true))
            }
        }
        screen.clipped(to: viewport.rowHeaderArea) { screen in
            for row in rows {
                let at = screenPoint(x: 0, y: layout.y(ofRow: row))
                if row == nowRow { screen.write(glyphs.cursor, x: at.x, y: at.y, style: Style(.accent, bold: true)) }
                // Period ids all fit the width they were measured for; series names may not.
                let label = grid.rowsAreSeries ? glyphs.truncate(grid.rowLabel(row), to: layout.rowHeaderWidth - 2)
                                               : grid.rowLabel(row)
                screen.write(label, x: at.x + 1, y: at.y,
                             style: row == cursor.row ? Style(.accent, bold: true, reverse: true) : .plain)
            }
        }
        // Asked once, not per cell: a finished load's map costs what it did before loads were shown.
        let loading = !env.dataset.readiness.isReady
        screen.clipped(to: body) { screen in
            for row in rows {
                for (column, cell) in zip(columns, grid.cells(ofRow: row, columns: columns)) {
                    let at = screenPoint(x: layout.x(ofColumn: column), y: layout.y(ofRow: row))
                    drawCell(cell, x: at.x + 1, y: at.y, width: layout.cellWidth - 1, scale: scale, into: &screen)
                    if loading, !grid.isFinal(row: row, column: column) {
                        screen.restyle(Rect(x: at.x + 1, y: at.y, width: layout.cellWidth - 1, height: 1)) { $0.dim = true }
                    }
                    if column == nowColumn { screen.write(String(glyphs.vertical), x: at.x, y: at.y, style: Style(.accent)) }
                }
            }
            guard rows.contains(cursor.row) else { return }
            let at = screenPoint(x: layout.x(ofColumn: cursor.column), y: layout.y(ofRow: cursor.row))
            let style = Style(.accent, bold: true)
            screen.write("[", x: at.x, y: at.y, style: style)
            screen.write("]", x: at.x + layout.cellWidth, y: at.y, style: style)
            // Reversed, a solid block would read as an empty cell: in colour the brackets mark it.
            if !env.colors {
                screen.restyle(Rect(x: at.x + 1, y: at.y, width: layout.cellWidth - 1, height: 1)) { $0.reverse = true }
            }
        }
    }

    /// The glyph of a cell in colour: a solid block, its colour the shade.
    var solid: Unicode.Scalar { glyphs.heat[glyphs.heat.count - 1] }

    /// A cell's shade: eight steps of colour on a solid block, or without
    /// colour four steps of glyph (textured cells beside solid ones read as
    /// noise); `·` for a zero, `▲` above the scale's robust top, hatching
    /// where no hour was.
    func drawCell(_ cell: MapGrid.Cell, x: Int, y: Int, width: Int, scale: HeatScale, into screen: inout Grid) {
        let rect = Rect(x: x, y: y, width: width, height: 1)
        switch cell {
        case .absent:
            return
        case .skipped:
            screen.fill(rect, with: glyphs.hatch, style: .muted)
        case .stats:
            // An infinite sum is above any top (marked as such); two meeting make NaN, which has no shade.
            guard let value = cell.value(state.navigation.aggregate), !value.isNaN else { return }
            if value == 0 {
                screen.write(String(glyphs.middleDot), x: x + (width - 1) / 2, y: y, style: .muted)
            } else if let fraction = scale.fraction(value) ?? (scale.cutsOutliers ? nil : 1) {
                // (A repeated DST hour folded into one cell can pass an uncut top: it is the top.)
                let steps = glyphs.heat.count - 1
                let shade = env.colors ? solid : glyphs.heat[1 + min(steps - 1, Int(fraction * Double(steps)))]
                let heat = 1 + min(Int(ColorMap.maxHeat) - 1, Int(fraction * Double(ColorMap.maxHeat)))
                screen.fill(rect, with: Cell(shade, style: Style(.heat(UInt8(heat)))))
            } else {
                let top = Style(.heat(ColorMap.maxHeat), bold: true)
                screen.fill(rect, with: Cell(solid, style: top))
                screen.write(String(glyphs.up), x: x, y: y, style: top)
            }
        }
    }

    func drawFooter(_ grid: MapGrid, y: Int, into screen: inout Grid) {
        let row = Rect(x: 0, y: y, width: screen.width, height: 1)
        let navigation = state.navigation
        let position = PageDots(current: navigation.position, count: env.dataset.count(navigation.level),
                                levelName: navigation.level.rawValue, glyphs: glyphs).positionText
        let readout = grid.readout(row: grid.cursorRow, column: grid.cursorColumn(map), ellipsis: glyphs.ellipsis)
        let footer = FooterLine(pendingCount: state.pendingCount, lead: readout, ellipsis: glyphs.ellipsis,
                                hints: KeyMap.map.hints.map(glyphs.hint), position: position)
        StatusLine(state: state, env: env, footer: footer).draw(into: &screen, area: row)
    }
}
