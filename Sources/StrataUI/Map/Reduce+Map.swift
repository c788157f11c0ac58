import StrataData

/// The map's actions: open and close it, move its cursor (whose row is the
/// shared position), scroll and pan its grid, swap rows and columns, open
/// the pager at the cursor, and find a row by its label.
func reduceMap(_ state: inout AppState, action: Action, count: Int, env: AppEnvironment) {
    if action == .toggleMap {
        toggleMap(&state, env: env)
        return
    }
    guard case .map(var map) = state.route else { return }
    let grid = MapGrid(dataset: env.dataset, navigation: state.navigation, rowsAreSeries: map.rowsAreSeries)
    let layout = MapLayout(size: state.size, grid: grid)
    var viewport = layout.viewport(offset: map.scroll)
    let row = grid.cursorRow, column = grid.cursorColumn(map)
    switch action {
    case .cursor(let rows):
        grid.move(&state, map: &map, row: row + rows * count, column: column)
    case .cursorColumn(let columns):
        grid.move(&state, map: &map, row: row, column: column + columns * count)
    case .cursorPages(let pages):
        grid.move(&state, map: &map, row: row + pages * count * max(1, viewport.bodyArea.height), column: column)
    case .cursorTo(let target):
        grid.move(&state, map: &map, row: target, column: column)
    case .cursorToEnd:
        grid.move(&state, map: &map, row: grid.rowCount - 1, column: column)
    case .nowPeriod:
        // The period of now (or the nearest end of the data), and now's column by the wall clock.
        let nowIndex = env.dataset.index(state.navigation.level, containing: env.now)
        if grid.rowsAreSeries {
            grid.move(&state, map: &map, row: row, column: nowIndex)
        } else {
            grid.move(&state, map: &map, row: nowIndex, column: grid.nowColumn(env.now) ?? column)
        }
    case .scrollMap(let columns, let rows):
        viewport.scroll(dx: columns * layout.cellWidth, dy: rows)
        map.scroll = layout.snapped(viewport.offset, viewport: viewport)
    case .swapMapAxes:
        swapAxes(&state.navigation, map: &map)
    case .nextSeries, .previousSeries:
        // Rows of series: Tab walks the rows, wrapping, as it walks the series elsewhere.
        let step = action == .nextSeries ? count : -count
        let rows = grid.rowCount
        grid.move(&state, map: &map, row: ((row + step) % rows + rows) % rows, column: column)
    case .dragBegan(let x, let y):
        map.drag = DragLock(x: x, y: y, offset: map.scroll)
    case .dragMoved(let x, let y):
        guard var drag = map.drag else { return }
        if let offset = drag.offset(x: x, y: y) {
            viewport.scroll(dx: offset.x - viewport.offset.x, dy: offset.y - viewport.offset.y)
            map.scroll = viewport.offset
        }
        map.drag = drag
    case .dragEnded:
        // A press and release that never became a pan is a click: the cursor goes there.
        if let drag = map.drag, drag.axis == nil {
            let cell = layout.cell(atScreenX: drag.originX, y: drag.originY, viewport: viewport)
            grid.move(&state, map: &map, row: cell.row ?? row, column: cell.column ?? column)
        }
        map.drag = nil
    case .zoomIn:
        openPager(&state, grid: grid, row: row, column: column, env: env)
        return
    case .openSearch:
        state.overlay = .search(text: "", error: nil)
    case .searchNext:
        guard let query = map.query, let found = findRow(query, in: grid, after: row) else { return }
        grid.move(&state, map: &map, row: found, column: column)
    default:
        return
    }
    state.route = .map(map)
}

/// `m` opens the map on the level's current period, the cursor in the
/// column of now when that period holds it; `m` again (or Esc) goes back.
private func toggleMap(_ state: inout AppState, env: AppEnvironment) {
    if case .map = state.route {
        state.route = .pager
        return
    }
    guard state.route == .pager else { return }
    let grid = MapGrid(dataset: env.dataset, navigation: state.navigation, rowsAreSeries: false)
    var map = MapState()
    if grid.nowRow(env.now) == state.navigation.position, let column = grid.nowColumn(env.now) { map.column = column }
    revealCursor(&map, navigation: state.navigation, size: state.size, env: env)
    state.route = .map(map)
}

/// `r`: rows of series start on a real series rather than "all" (which
/// has no row), and going back restores "all" if the rows were not moved.
private func swapAxes(_ navigation: inout Navigation, map: inout MapState) {
    map.rowsAreSeries.toggle()
    if map.rowsAreSeries {
        map.seriesBeforeRows = navigation.seriesIndex
        if navigation.seriesIndex == 0, navigation.seriesCount > 1 { navigation.seriesIndex = 1 }
        map.seriesOnEntry = navigation.seriesIndex
    } else {
        if let before = map.seriesBeforeRows, navigation.seriesIndex == map.seriesOnEntry { navigation.seriesIndex = before }
        map.seriesBeforeRows = nil
        map.seriesOnEntry = nil
    }
}

func isMapOfSeries(_ state: AppState) -> Bool {
    if case .map(let map) = state.route, map.rowsAreSeries, state.overlay == nil { return true }
    return false
}

/// Scrolls as little as it takes, along each axis, to show the cursor's cell.
func revealCursor(_ map: inout MapState, navigation: Navigation, size: Size, env: AppEnvironment) {
    let grid = MapGrid(dataset: env.dataset, navigation: navigation, rowsAreSeries: map.rowsAreSeries)
    let layout = MapLayout(size: size, grid: grid)
    var viewport = layout.viewport(offset: map.scroll)
    viewport.reveal(layout.rect(row: grid.cursorRow, column: grid.cursorColumn(map)))
    map.scroll = layout.snapped(viewport.offset, viewport: viewport)
}

/// After a resize: the cursor stays in view on the new screen.
func revealMapCursor(_ state: inout AppState, env: AppEnvironment) {
    guard case .map(var map) = state.route else { return }
    revealCursor(&map, navigation: state.navigation, size: state.size, env: env)
    state.route = .map(map)
}

/// After any action on the map: a cursor that moved (by a key here, or by a
/// shared move such as `:` or Tab) is scrolled into view; a scroll is not undone.
func revealMapCursorIfMoved(_ state: inout AppState, before: Navigation, beforeRoute: AppState.Route, env: AppEnvironment) {
    guard case .map(var map) = state.route else { return }
    let after = state.navigation
    var moved = before.levelIndex != after.levelIndex || before.position != after.position
        || before.seriesIndex != after.seriesIndex
    if case .map(let old) = beforeRoute {
        moved = moved || old.column != map.column || old.rowsAreSeries != map.rowsAreSeries
    }
    guard moved else { return }
    revealCursor(&map, navigation: after, size: state.size, env: env)
    state.route = .map(map)
}

/// Enter: the cursor's sub-bucket in the pager, on the level of its own
/// unit when that is a level (a year's month opens that month), else on
/// the next finer level; the cursor's period when there is no finer level
/// (or when the cells are periods).
private func openPager(_ state: inout AppState, grid: MapGrid, row: Int, column: Int, env: AppEnvironment) {
    state.route = .pager
    let navigation = state.navigation
    guard !grid.rowsAreSeries, navigation.levelIndex > 0 else { return }
    let buckets = navigation.page(in: env.dataset).buckets.enumerated()
    guard let start = buckets.first(where: { grid.column(ofBucket: $0.offset, start: $0.element.start) == column })?
        .element.start else { return }
    state.navigation.levelIndex = navigation.levels.firstIndex { $0.unit == grid.subUnit } ?? navigation.levelIndex - 1
    state.navigation.setPosition(env.dataset.index(state.navigation.level, containing: start))
}

/// After `:` in the map: the cursor goes to the column holding the date too.
func moveMapColumn(_ state: inout AppState, to t: Int64, env: AppEnvironment) {
    guard case .map(var map) = state.route, !map.rowsAreSeries else { return }
    let grid = MapGrid(dataset: env.dataset, navigation: state.navigation, rowsAreSeries: false)
    if let column = grid.column(holding: t) { map.column = column }
    state.route = .map(map)
}

/// `/` in the map: the next row after the cursor whose label holds the text, wrapping around.
func searchMap(_ state: inout AppState, for text: String, env: AppEnvironment) {
    guard case .map(var map) = state.route else { return }
    let grid = MapGrid(dataset: env.dataset, navigation: state.navigation, rowsAreSeries: map.rowsAreSeries)
    guard !text.isEmpty, let found = findRow(text, in: grid, after: grid.cursorRow) else {
        state.overlay = .search(text: text, error: text.isEmpty ? nil : "no row matches")
        return
    }
    map.query = text
    grid.move(&state, map: &map, row: found, column: grid.cursorColumn(map))
    state.route = .map(map)
    state.overlay = nil
}

private func findRow(_ query: String, in grid: MapGrid, after row: Int) -> Int? {
    TextSearch.next(query, count: grid.rowCount, after: row, text: grid.rowLabel)
}
