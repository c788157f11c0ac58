import StrataData

/// The card as a route: a cursor over the period's sub-buckets and raw
/// rows, its scroll, zooming into a sub-bucket, and searching the lines.
/// A move to another period starts it again at its top.
extension CardState: RouteReducer {
    var route: AppState.Route { .card(self) }
    var keyMap: KeyMap { record == nil ? .card : .cardRecord }

    func screen(_ state: AppState, env: AppEnvironment) -> any Screen {
        CardScreen(state: state, card: self, env: env)
    }

    /// Enter on the pager: the page grows into its card.
    static func open(_ app: inout AppState, env: AppEnvironment) {
        guard env.dataset.count(app.navigation.level) > 0 else { return }
        app.route = .card(CardState())
        if env.animates {
            app.transition = Transition(.grow(from: PagerLayout(size: app.size).card, to: CardLayout(size: app.size).box),
                                        start: env.time, duration: Transition.expandMilliseconds)
        }
    }

    mutating func reduce(_ action: Action, in app: inout AppState, count: Int, env: AppEnvironment) -> Bool {
        let layout = CardLayout(size: app.size)
        let content = CardContent(navigation: app.navigation, rows: app.cardRows, env: env)
        if let record { return reduceRecord(record, action, layout: layout, content: content, count: count) }
        let last = max(0, content.itemCount - 1)
        switch action {
        case .collapse:
            collapse(&app, env: env)
            return true
        case .cursor(let lines):
            // ↑ on the first line goes back to the page, as a list's top edge would.
            if lines == -1, cursor == 0 {
                collapse(&app, env: env)
                return true
            }
            cursor = min(max(0, cursor + lines * count), last)
        case .cursorPages(let pages):
            cursor = min(max(0, cursor + pages * count * max(1, layout.body.height - 1)), last)
        case .cursorTo(let item):
            cursor = min(max(0, item), last)
        case .cursorToEnd:
            cursor = last
        case .zoomIn:
            if let row = content.rowIndex(ofItem: cursor) {
                record = RecordView(row: row)
            } else {
                zoom(&app, into: cursor, content: content, env: env)
            }
            return true
        case .openSearch:
            app.overlay = .search(text: "", error: nil)
        case .searchNext:
            guard let found = search?.next(count: content.itemCount, after: cursor, text: content.text(ofItem:)) else { return true }
            cursor = found
        default:
            return false
        }
        reveal(layout, content: content)
        return true
    }

    /// The record's keys: its lines scroll; Esc goes back to the card as it was.
    private mutating func reduceRecord(_ record: RecordView, _ action: Action, layout: CardLayout, content: CardContent,
                                       count: Int) -> Bool {
        guard let row = content.row(record.row) else {
            self.record = nil
            return false
        }
        let lines = RecordLines(row, width: layout.record.width)
        var viewport = lines.viewport(area: layout.record, scroll: record.scroll)
        switch action {
        case .collapse:
            self.record = nil
            return true
        case .cursor(let lines): viewport.scroll(dx: 0, dy: lines * count)
        case .cursorPages(let pages): viewport.scroll(dx: 0, dy: pages * count * max(1, layout.record.height - 1))
        case .cursorTo(let line): viewport.scroll(dx: 0, dy: line - viewport.offset.y)
        case .cursorToEnd: viewport.scroll(dx: 0, dy: viewport.maxOffset.y - viewport.offset.y)
        default: return false
        }
        self.record?.scroll = viewport.offset.y
        return true
    }

    /// A cursor at its first or last line, a record scrolled to its end, a search with one match.
    func nothingToDo(_ action: Action, in app: AppState, env: AppEnvironment) -> String? {
        let what = record == nil ? "line" : "line of the record"
        switch action {
        case .cursor(let lines), .cursorPages(let lines): return NothingToDo.edge(lines > 0, what)
        case .cursorTo: return NothingToDo.edge(false, what)
        case .cursorToEnd: return NothingToDo.edge(true, what)
        case .searchNext: return search.map { "no other line holds \"\($0.query)\"" }
        default: return nil
        }
    }

    /// The period's rows, in the series shown.
    func rowsWanted(_ state: AppState, dataset: Dataset) -> RowsRequest? {
        let navigation = state.navigation
        let page = navigation.page(in: dataset)
        return RowsRequest(key: [navigation.levelIndex, navigation.position, navigation.shownSeries], from: page.start, to: page.end,
                           series: navigation.shownSeries)
    }

    /// Another period (a move with the card open) starts again at its top.
    mutating func settle(after before: AppState, in app: inout AppState, env: AppEnvironment) {
        if before.navigation.levelIndex != app.navigation.levelIndex || before.navigation.position != app.navigation.position {
            cursor = 0
            scroll = 0
            record = nil
        }
    }

    mutating func search(for text: String, in app: inout AppState, env: AppEnvironment) -> SearchResult {
        let content = CardContent(navigation: app.navigation, rows: app.cardRows, env: env)
        let search = TextSearch(text)
        guard !text.isEmpty, let found = search.next(count: content.itemCount, after: cursor, text: content.text(ofItem:)) else {
            return .notFound("not found")
        }
        self.search = search
        cursor = found
        reveal(CardLayout(size: app.size), content: content)
        return .found
    }

    /// Scrolls as little as it takes to show the cursor's line; the first line shows the top.
    private mutating func reveal(_ layout: CardLayout, content: CardContent) {
        var viewport = layout.viewport(scroll: scroll, content: content)
        viewport.reveal(Rect(x: 0, y: CardLayout.line(ofItem: cursor, buckets: content.buckets), width: 1, height: 1))
        scroll = cursor == 0 ? 0 : viewport.offset.y
    }

    private func collapse(_ app: inout AppState, env: AppEnvironment) {
        app.route = .pager
        if env.animates {
            app.transition = Transition(.grow(from: CardLayout(size: app.size).box, to: PagerLayout(size: app.size).card),
                                        start: env.time, duration: Transition.expandMilliseconds)
        }
    }

    /// The next finer level moves to the period holding the sub-bucket, and the pager shows it.
    private func zoom(_ app: inout AppState, into item: Int, content: CardContent, env: AppEnvironment) {
        guard item < content.buckets else { return }
        guard app.navigation.levelIndex > 0 else {
            app.notice = "\(app.navigation.level.rawValue) is the finest level (--levels adds finer ones)"
            return
        }
        let start = content.page.buckets[item].start
        app.navigation.levelIndex -= 1
        app.navigation.setPosition(env.dataset.index(app.navigation.level, containing: start))
        app.route = .pager
    }
}
