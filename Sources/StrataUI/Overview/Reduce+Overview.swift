import StrataData

/// The overview's actions: open and close it, scroll its page, pick a
/// card, open the pager there. Moves within a strip are the shared moves
/// of the level, so leaving shows the pager where the overview left it.
func reduceOverview(_ state: inout AppState, action: Action, env: AppEnvironment) {
    let layout = OverviewLayout(size: state.size, levels: state.navigation.levels.count)
    switch action {
    case .toggleOverview:
        if case .overview = state.route {
            state.route = .pager
        } else if state.route == .pager {
            state.route = .overview(OverviewState(scroll: layout.scroll(0, revealing: state.navigation.levelIndex)))
        }
    case .scrollOverview(let rows):
        guard case .overview(var overview) = state.route else { return }
        overview.scroll = layout.clamp(overview.scroll + rows)
        state.route = .overview(overview)
    case .selectPeriod(let level, let index):
        guard case .overview = state.route, state.navigation.levels.indices.contains(level) else { return }
        state.navigation.levelIndex = level
        state.navigation.setPosition(index)
    case .openPager:
        if case .overview = state.route { state.route = .pager }
    default:
        return
    }
}

/// After any action on the overview: the selected section stays in view.
func revealOverviewSection(_ state: inout AppState) {
    guard case .overview(var overview) = state.route else { return }
    let layout = OverviewLayout(size: state.size, levels: state.navigation.levels.count)
    overview.scroll = layout.scroll(overview.scroll, revealing: state.navigation.levelIndex)
    state.route = .overview(overview)
}
