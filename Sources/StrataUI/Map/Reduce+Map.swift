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
        if let nowRow = grid.rowsAreSeries ? nil : grid.nowRow(env.now) {
            grid.move(&state, map: &map, row: nowRow, column: grid.nowColumn(env.now) ?? column)
        } else {
            state.navigation.setPosition(env.dataset.index(state.navigation.level, containing: env.now))
        }
    case .scrollMap(let columns, let rows):
        viewport.scroll(dx: columns * layout.cellWidth, dy: rows)
        map.scroll = viewport.offset
    case .swapMapAxes:
        map.rowsAreSeries.toggle()
        // Rows of series start on a real series, not on "all".
        if map.rowsAreSeries, state.navigation.seriesIndex == 0, state.navigation.seriesCount > 1 {
            state.navigation.seriesIndex = 1
        }
    case .mapPress(let x, let y):
        let cell = layout.cell(atScreenX: x, y: y, viewport: viewport)
        grid.move(&state, map: &map, row: cell.row ?? row, column: cell.column ?? column)
        revealCursor(&map, navigation: state.navigation, size: state.size, env: env)
        map.drag = DragLock(x: x, y: y, offset: map.scroll)
    case .mapDrag(let x, let y):
        guard var drag = map.drag else { return }
        if let offset = drag.offset(x: x, y: y) {
            viewport.scroll(dx: offset.x - viewport.offset.x, dy: offset.y - viewport.offset.y)
            map.scroll = viewport.offset
        }
        map.drag = drag
    case .mapRelease:
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

/// Scrolls as little as it takes, along each axis, to show the cursor's cell.
func revealCursor(_ map: inout MapState, navigation: Navigation, size: Size, env: AppEnvironment) {
    let grid = MapGrid(dataset: env.dataset, navigation: navigation, rowsAreSeries: map.rowsAreSeries)
    let layout = MapLayout(size: size, grid: grid)
    var viewport = layout.viewport(offset: map.scroll)
    viewport.reveal(layout.rect(row: grid.cursorRow, column: grid.cursorColumn(map)))
    map.scroll = viewport.offset
}

/// After any action on the map: a cursor that moved (by a key here, or by a
/// shared move such as `:` or Tab) is scrolled into view; a scroll is not undone.
func revealMapCursor(_ state: inout AppState, before: Navigation, beforeRoute: AppState.Route, env: AppEnvironment) {
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

/// Enter: the cursor's sub-bucket on the next finer level, or its period
/// when there is none (or when the cells are periods), in the pager.
private func openPager(_ state: inout AppState, grid: MapGrid, row: Int, column: Int, env: AppEnvironment) {
    state.route = .pager
    guard !grid.rowsAreSeries, state.navigation.levelIndex > 0 else { return }
    let buckets = state.navigation.page(in: env.dataset).buckets.enumerated()
    guard let start = buckets.first(where: { grid.column(ofBucket: $0.offset, start: $0.element.start) == column })?
        .element.start else { return }
    state.navigation.levelIndex -= 1
    state.navigation.setPosition(env.dataset.index(state.navigation.level, containing: start))
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
