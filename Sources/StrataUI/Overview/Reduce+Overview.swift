import StrataData

/// The overview as a route: open and close it, scroll its page, pick a
/// card, open the pager there. Moves within a strip are the shared moves
/// of the level, so leaving shows the pager where the overview left it;
/// the selected section stays in view and a strip slides as it moves.
extension OverviewState: RouteReducer {
    var route: AppState.Route { .overview(self) }
    var keyMap: KeyMap { .overview }

    func screen(_ state: AppState, env: AppEnvironment) -> any Screen {
        OverviewScreen(state: state, overview: self, env: env)
    }

    /// `o` on the pager: the overview, the current level's section in view.
    static func open(_ app: inout AppState) {
        var overview = OverviewState()
        overview.reveal(section: app.navigation.levelIndex, size: app.size, levels: app.navigation.levels.count)
        app.route = .overview(overview)
    }

    mutating func reduce(_ action: Action, in app: inout AppState, count: Int, env: AppEnvironment) -> Bool {
        switch action {
        case .toggleOverview, .openPager:
            app.route = .pager
        case .scrollOverview(let rows):
            scroll = OverviewLayout(size: app.size, levels: app.navigation.levels.count).viewport(scroll: scroll + rows).offset.y
        case .selectPeriod(let level, let index):
            guard app.navigation.levels.indices.contains(level) else { return true }
            app.navigation.levelIndex = level
            app.navigation.setPosition(index)
        default:
            return false
        }
        return true
    }

    mutating func settle(after before: AppState, in app: inout AppState, env: AppEnvironment) {
        startSlide(&app, from: before.navigation, env: env)
        if before.navigation.levelIndex != app.navigation.levelIndex {
            reveal(section: app.navigation.levelIndex, size: app.size, levels: app.navigation.levels.count)
        }
    }

    /// Scrolls as little as it takes to show all of section `i` (or its top, when taller than the screen).
    private mutating func reveal(section i: Int, size: Size, levels: Int) {
        let layout = OverviewLayout(size: size, levels: levels)
        var viewport = layout.viewport(scroll: scroll)
        viewport.reveal(layout.section(i))
        scroll = viewport.offset.y
    }
}
