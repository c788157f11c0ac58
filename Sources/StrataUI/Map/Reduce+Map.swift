import StrataData

/// The map as a route: open and close it, move its cursor (whose row is the
/// shared position), scroll and pan its grid, swap rows and columns, open
/// the pager at the cursor, and find a row by its label. A cursor moved by
/// any means is scrolled into view.
extension MapState: RouteReducer {
    var route: AppState.Route { .map(self) }
    var keyMap: KeyMap { .map }
    var pans: Bool { true }

    func screen(_ state: AppState, env: AppEnvironment) -> any Screen {
        MapScreen(state: state, map: self, env: env)
    }

    /// `m` on the pager opens the map on the level's current period, the
    /// cursor in the column of now when that period holds it.
    static func open(_ app: inout AppState, env: AppEnvironment) {
        let grid = MapGrid(dataset: env.dataset, navigation: app.navigation, rowsAreSeries: false)
        var map = MapState()
        if grid.nowRow(env.now) == app.navigation.position, let column = grid.nowColumn(env.now) { map.column = column }
        map.revealCursor(navigation: app.navigation, size: app.size, env: env)
        app.route = .map(map)
    }

    mutating func reduce(_ action: Action, in app: inout AppState, count: Int, env: AppEnvironment) -> Bool {
        let grid = MapGrid(dataset: env.dataset, navigation: app.navigation, rowsAreSeries: rowsAreSeries)
        let layout = MapLayout(size: app.size, grid: grid)
        var viewport = layout.viewport(offset: scroll)
        let row = grid.cursorRow, column = grid.cursorColumn(self)
        switch action {
        case .toggleMap:
            app.route = .pager
        case .cursor(let rows):
            grid.move(&app, map: &self, row: row + rows * count, column: column)
        case .cursorColumn(let columns):
            grid.move(&app, map: &self, row: row, column: column + columns * count)
        case .cursorPages(let pages):
            grid.move(&app, map: &self, row: row + pages * count * max(1, viewport.bodyArea.height), column: column)
        case .cursorTo(let target):
            grid.move(&app, map: &self, row: target, column: column)
        case .cursorToEnd:
            grid.move(&app, map: &self, row: grid.rowCount - 1, column: column)
        case .nowPeriod:
            // The period of now (or the nearest end of the data), and now's column by the wall clock.
            let nowIndex = env.dataset.index(app.navigation.level, containing: env.now)
            if grid.rowsAreSeries {
                grid.move(&app, map: &self, row: row, column: nowIndex)
            } else {
                grid.move(&app, map: &self, row: nowIndex, column: grid.nowColumn(env.now) ?? column)
            }
        case .scrollMap(let columns, let rows):
            viewport.scroll(dx: columns * layout.cellWidth, dy: rows)
            scroll = layout.snapped(viewport.offset, viewport: viewport)
        case .swapMapAxes:
            swapAxes(&app.navigation)
        case .nextSeries where rowsAreSeries && app.overlay == nil, .previousSeries where rowsAreSeries && app.overlay == nil:
            // Rows of series: Tab walks the rows, wrapping, as it walks the series elsewhere.
            let step = action == .nextSeries ? count : -count
            let rows = grid.rowCount
            grid.move(&app, map: &self, row: ((row + step) % rows + rows) % rows, column: column)
        case .dragBegan(let x, let y):
            drag = DragLock(x: x, y: y, offset: scroll)
        case .dragMoved(let x, let y):
            guard var drag else { return true }
            if let offset = drag.offset(x: x, y: y) {
                viewport.scroll(dx: offset.x - viewport.offset.x, dy: offset.y - viewport.offset.y)
                scroll = viewport.offset
            }
            self.drag = drag
        case .dragEnded:
            // A press and release that never became a pan is a click: the cursor goes there.
            if let drag, drag.axis == nil {
                let cell = layout.cell(atScreenX: drag.originX, y: drag.originY, viewport: viewport)
                grid.move(&app, map: &self, row: cell.row ?? row, column: cell.column ?? column)
            }
            drag = nil
        case .zoomIn:
            openPager(&app, grid: grid, row: row, column: column, env: env)
        case .openSearch:
            app.overlay = .search(text: "", error: nil)
        case .searchNext:
            guard let found = search.flatMap({ findRow($0, in: grid, after: row) }) else { return true }
            grid.move(&app, map: &self, row: found, column: column)
        default:
            return false
        }
        return true
    }

    /// A cursor that moved (by a key here, or by a shared move such as `:`
    /// or Tab) is scrolled into view; a scroll is not undone.
    mutating func settle(after before: AppState, in app: inout AppState, env: AppEnvironment) {
        let was = before.navigation, now = app.navigation
        var moved = was.levelIndex != now.levelIndex || was.position != now.position || was.seriesIndex != now.seriesIndex
        if case .map(let old) = before.route {
            moved = moved || old.column != column || old.rowsAreSeries != rowsAreSeries
        }
        if moved { revealCursor(navigation: now, size: app.size, env: env) }
    }

    /// On a new screen the cursor stays in view.
    mutating func resized(in app: inout AppState, env: AppEnvironment) {
        revealCursor(navigation: app.navigation, size: app.size, env: env)
    }

    /// `:` in the map: the cursor goes to the column holding the date too.
    mutating func jumped(to instant: Int64, in app: AppState, env: AppEnvironment) {
        guard !rowsAreSeries else { return }
        let grid = MapGrid(dataset: env.dataset, navigation: app.navigation, rowsAreSeries: false)
        if let column = grid.column(holding: instant) { self.column = column }
    }

    /// `/` in the map: the next row after the cursor whose label holds the text, wrapping around.
    mutating func search(for text: String, in app: inout AppState, env: AppEnvironment) -> SearchResult {
        let grid = MapGrid(dataset: env.dataset, navigation: app.navigation, rowsAreSeries: rowsAreSeries)
        let search = TextSearch(text)
        guard !text.isEmpty, let found = findRow(search, in: grid, after: grid.cursorRow) else { return .notFound("no row matches") }
        self.search = search
        grid.move(&app, map: &self, row: found, column: grid.cursorColumn(self))
        return .found
    }

    /// A cursor at an edge of the grid, a search with one match.
    func nothingToDo(_ action: Action, in app: AppState, env: AppEnvironment) -> String? {
        switch action {
        case .cursor(let rows), .cursorPages(let rows): return NothingToDo.edge(rows > 0, "row")
        case .cursorTo: return NothingToDo.edge(false, "row")
        case .cursorToEnd: return NothingToDo.edge(true, "row")
        case .cursorColumn(let columns): return NothingToDo.edge(columns > 0, "column")
        case .searchNext: return search.map { "no other row holds \"\($0.query)\"" }
        default: return nil
        }
    }

    /// `r`: rows of series start on a real series rather than "all" (which
    /// has no row), and going back restores "all" if the rows were not moved.
    private mutating func swapAxes(_ navigation: inout Navigation) {
        rowsAreSeries.toggle()
        if rowsAreSeries {
            seriesBeforeRows = navigation.seriesIndex
            overlaidBeforeRows = navigation.allSeries
            navigation.allSeries = false
            if navigation.seriesIndex == 0, navigation.seriesCount > 1 { navigation.seriesIndex = 1 }
            seriesOnEntry = navigation.seriesIndex
        } else {
            if let before = seriesBeforeRows, navigation.seriesIndex == seriesOnEntry {
                navigation.seriesIndex = before
                navigation.allSeries = overlaidBeforeRows
            }
            seriesBeforeRows = nil
            seriesOnEntry = nil
        }
    }

    /// Scrolls as little as it takes, along each axis, to show the cursor's cell.
    private mutating func revealCursor(navigation: Navigation, size: Size, env: AppEnvironment) {
        let grid = MapGrid(dataset: env.dataset, navigation: navigation, rowsAreSeries: rowsAreSeries)
        let layout = MapLayout(size: size, grid: grid)
        var viewport = layout.viewport(offset: scroll)
        viewport.reveal(layout.rect(row: grid.cursorRow, column: grid.cursorColumn(self)))
        scroll = layout.snapped(viewport.offset, viewport: viewport)
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

    private func findRow(_ search: TextSearch, in grid: MapGrid, after row: Int) -> Int? {
        search.next(count: grid.rowCount, after: row, text: grid.rowLabel)
    }
}
