import StrataData

/// The card's actions: expand and collapse, the cursor and its scroll,
/// zooming into a sub-bucket, and searching the lines.
func reduceCard(_ state: inout AppState, action: Action, count: Int, env: AppEnvironment) {
    let layout = CardLayout(size: state.size)
    if action == .expand {
        guard state.route == .pager, env.dataset.count(state.navigation.level) > 0 else { return }
        state.route = .card(CardState())
        if env.animates {
            state.transition = Transition(.expand(from: PagerScreen.layout(for: state.size).card), start: env.time,
                                          duration: Transition.expandMilliseconds)
        }
        return
    }
    guard case .card(var card) = state.route else { return }
    let content = CardContent(navigation: state.navigation, env: env)
    let last = max(0, content.itemCount - 1)
    switch action {
    case .collapse:
        collapse(&state, env: env)
        return
    case .cursor(let lines):
        // ↑ on the first line goes back to the page, as a list's top edge would.
        if lines == -1, card.cursor == 0 {
            collapse(&state, env: env)
            return
        }
        card.cursor = min(max(0, card.cursor + lines * count), last)
    case .cursorPages(let pages):
        card.cursor = min(max(0, card.cursor + pages * count * max(1, layout.body.height - 1)), last)
    case .cursorTo(let item):
        card.cursor = min(max(0, item), last)
    case .cursorToEnd:
        card.cursor = last
    case .zoomIn:
        zoom(&state, into: card.cursor, content: content, env: env)
        return
    case .openSearch:
        state.overlay = .search(text: "", error: nil)
    case .searchNext:
        guard let query = card.query, let found = find(query, in: content, after: card.cursor) else { return }
        card.cursor = found
    default:
        return
    }
    card.scroll = layout.scroll(card.scroll, revealing: CardLayout.line(ofItem: card.cursor, buckets: content.buckets))
    if card.cursor == 0 { card.scroll = 0 }
    state.route = .card(card)
}

private func collapse(_ state: inout AppState, env: AppEnvironment) {
    state.route = .pager
    if env.animates {
        state.transition = Transition(.collapse(to: PagerScreen.layout(for: state.size).card), start: env.time,
                                      duration: Transition.expandMilliseconds)
    }
}

/// The next finer level moves to the period holding the sub-bucket, and the pager shows it.
private func zoom(_ state: inout AppState, into item: Int, content: CardContent, env: AppEnvironment) {
    guard item < content.buckets else { return }
    guard state.navigation.levelIndex > 0 else {
        state.notice = "\(state.navigation.level.rawValue) is the finest level (--levels adds finer ones)"
        return
    }
    let start = content.page.buckets[item].start
    state.navigation.levelIndex -= 1
    state.navigation.setPosition(env.dataset.index(state.navigation.level, containing: start))
    state.route = .pager
}

/// `/`: the next line after the cursor whose text holds the query, wrapping around.
func search(_ state: inout AppState, for text: String, env: AppEnvironment) {
    guard case .card(var card) = state.route else { return }
    let content = CardContent(navigation: state.navigation, env: env)
    guard !text.isEmpty, let found = find(text, in: content, after: card.cursor) else {
        state.overlay = .search(text: text, error: text.isEmpty ? nil : "not found")
        return
    }
    card.query = text
    card.cursor = found
    card.scroll = CardLayout(size: state.size).scroll(card.scroll, revealing: CardLayout.line(ofItem: found, buckets: content.buckets))
    state.route = .card(card)
    state.overlay = nil
}

private func find(_ query: String, in content: CardContent, after cursor: Int) -> Int? {
    TextSearch.next(query, count: content.itemCount, after: cursor, text: content.text(ofItem:))
}
