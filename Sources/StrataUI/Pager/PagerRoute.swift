/// The pager as a route: no state of its own (its page is the level's
/// position). From here Enter opens the card, `o` the overview, `m` the
/// map or, for interval data, the timeline; a move slides the page in.
struct PagerRoute: RouteReducer {
    var route: AppState.Route { .pager }
    var keyMap: KeyMap { .pager }

    func screen(_ state: AppState, env: AppEnvironment) -> any Screen {
        PagerScreen(state: state, env: env)
    }

    func reduce(_ action: Action, in app: inout AppState, count: Int, env: AppEnvironment) -> Bool {
        switch action {
        case .expand: CardState.open(&app, env: env)
        case .toggleOverview: OverviewState.open(&app)
        case .toggleMap where env.dataset.drawsTimeline: TimelineState.open(&app, env: env)
        case .toggleMap: MapState.open(&app, env: env)
        default: return false
        }
        return true
    }

    func settle(after before: AppState, in app: inout AppState, env: AppEnvironment) {
        startSlide(&app, from: before.navigation, env: env)
    }
}
