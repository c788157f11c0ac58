extension AppState {
    /// The screen on show, each with its own small state. Adding a screen
    /// adds a case here and its folder; nothing else in App/ changes.
    public enum Route: Equatable, Sendable {
        case pager
        case card(CardState)
        case overview(OverviewState)
        case map(MapState)
        case timeline(TimelineState)

        /// The route's own state as its reducer, key map and screen.
        var reducer: any RouteReducer {
            switch self {
            case .pager: PagerRoute()
            case .card(let card): card
            case .overview(let overview): overview
            case .map(let map): map
            case .timeline(let timeline): timeline
            }
        }
    }
}
