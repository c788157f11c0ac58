import StrataData

/// A screen's own part of the app, as its route holds it: the keys it
/// answers, the actions it takes, how it keeps in step with the shared
/// navigation, and the screen that draws it. `reduce(into:action:env:)`
/// hands every action to the route on show first; what it leaves falls
/// through to the shared navigation. A reducer that opens another route
/// sets `app.route`; otherwise its own changed state is put back.
protocol RouteReducer: Sendable {
    /// How the app holds this state.
    var route: AppState.Route { get }
    var keyMap: KeyMap { get }
    func screen(_ state: AppState, env: AppEnvironment) -> any Screen
    /// Whether a drag pans the screen (a press that does not move is then a click).
    var pans: Bool { get }

    /// Takes `action` if it is this screen's (`count` is the pending count, 1 if none); false leaves it
    /// to the shared navigation. `app.route` still holds this state as it was before the action.
    mutating func reduce(_ action: Action, in app: inout AppState, count: Int, env: AppEnvironment) -> Bool

    /// After every action and resize, whoever handled it: follow the shared
    /// navigation and the size (keep a cursor in view, start a slide).
    /// `before` is the whole state before; `app.route` holds this state.
    mutating func settle(after before: AppState, in app: inout AppState, env: AppEnvironment)

    /// After the terminal changed size (or may have, after a stop).
    mutating func resized(in app: inout AppState, env: AppEnvironment)

    /// After data the screen asked the source for has come (a window's intervals).
    mutating func dataArrived(in app: inout AppState, env: AppEnvironment)

    /// `/` submitted on this screen: the next match for `text`, or why there is none.
    mutating func search(for text: String, in app: inout AppState, env: AppEnvironment) -> SearchResult

    /// The raw input rows the screen shows (a card's), read by the app when this changes; nil for none.
    func rowsWanted(_ state: AppState, dataset: Dataset) -> RowsRequest?

    /// `:` moved every level to the periods holding `instant`.
    mutating func jumped(to instant: Int64, in app: AppState, env: AppEnvironment)

    /// Why `action` changed nothing on this screen (`app` as it was before it), or nil for the shared reasons.
    func nothingToDo(_ action: Action, in app: AppState, env: AppEnvironment) -> String?
}

/// What a search on a screen found.
enum SearchResult: Equatable {
    case found
    /// Nothing matched: the words the search line shows.
    case notFound(String)
    /// The screen has nothing to search.
    case unsupported
}

extension RouteReducer {
    var pans: Bool { false }
    func resized(in app: inout AppState, env: AppEnvironment) {}
    func dataArrived(in app: inout AppState, env: AppEnvironment) {}
    func settle(after before: AppState, in app: inout AppState, env: AppEnvironment) {}
    func search(for text: String, in app: inout AppState, env: AppEnvironment) -> SearchResult { .unsupported }
    func jumped(to instant: Int64, in app: AppState, env: AppEnvironment) {}
    func rowsWanted(_ state: AppState, dataset: Dataset) -> RowsRequest? { nil }
    func nothingToDo(_ action: Action, in app: AppState, env: AppEnvironment) -> String? { nil }
}

extension AppState {
    /// Runs `body` on the route's state and puts it back, unless `body` opened another route.
    mutating func withRoute<Result>(_ body: (inout any RouteReducer, inout AppState) -> Result) -> Result {
        let before = route
        var reducer = before.reducer
        let result = body(&reducer, &self)
        if route == before { route = reducer.route }
        return result
    }
}
