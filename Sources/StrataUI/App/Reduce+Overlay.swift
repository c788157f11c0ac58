import StrataData

/// The `:` prompt and the `/` search line, over any route: typing, and
/// what Enter does with the text. Esc closes any overlay.
func reduceOverlay(_ state: inout AppState, action: Action, env: AppEnvironment) -> Bool {
    switch action {
    case .cancel:
        state.overlay = nil
    case .openPrompt:
        state.overlay = .prompt(text: "", error: nil)
    case .promptInput(let character):
        switch state.overlay {
        case .prompt(let text, _): state.overlay = .prompt(text: text + String(character), error: nil)
        case .search(let text, _): state.overlay = .search(text: text + String(character), error: nil)
        default: break
        }
    case .promptBackspace:
        switch state.overlay {
        case .prompt(let text, _): state.overlay = text.isEmpty ? nil : .prompt(text: String(text.dropLast()), error: nil)
        case .search(let text, _): state.overlay = text.isEmpty ? nil : .search(text: String(text.dropLast()), error: nil)
        default: break
        }
    case .promptSubmit:
        if case .search(let text, _) = state.overlay {
            search(&state, for: text, env: env)
        } else {
            submitPrompt(&state, env: env)
        }
    default:
        return false
    }
    return true
}

/// The route looks for the text; the search line closes on a match, or stays with why not.
private func search(_ state: inout AppState, for text: String, env: AppEnvironment) {
    switch state.withRoute({ route, app in route.search(for: text, in: &app, env: env) }) {
    case .found: state.overlay = nil
    case .notFound(let why): state.overlay = .search(text: text, error: text.isEmpty ? nil : why)
    case .unsupported: break
    }
}

/// The prompt's text as a period on every level, or the prompt again with why not.
private func submitPrompt(_ state: inout AppState, env: AppEnvironment) {
    guard case .prompt(let text, _) = state.overlay else { return }
    guard let t = env.dataset.calendar.instant(forLooseReference: text) else {
        state.overlay = .prompt(text: text, error: "not a date or period id: \(text)")
        return
    }
    let navigation = state.navigation
    for (i, level) in navigation.levels.enumerated() {
        state.navigation.positions[i] = Navigation.clamp(env.dataset.index(level, containing: t), navigation.periodCounts[i])
    }
    if let named = coarserLevel(named: text, at: t, navigation: navigation, calendar: env.dataset.calendar) {
        state.navigation.levelIndex = named
    }
    state.overlay = nil
    state.withRoute { route, app in route.jumped(to: t, in: app, env: env) }
    let level = state.navigation.level
    switch env.dataset.side(of: t, on: level) {
    case .before: state.notice = "\(text) is before the data: showing the first \(level.rawValue)"
    case .after: state.notice = "\(text) is after the data: showing the last \(level.rawValue)"
    case nil: break
    }
}

/// The level whose period id `text` is (`2013-W27`, `2013-07`, `2013`),
/// when that level is coarser than the current one: the current level
/// cannot show the whole period, so the jump goes to its level. An id of a
/// finer level (a date on the week level) stays, on the period holding it.
private func coarserLevel(named text: String, at t: Int64, navigation: Navigation, calendar: CalendarSystem) -> Int? {
    let typed = text.filter { $0 != " " }.uppercased()
    return navigation.levels.indices.dropFirst(navigation.levelIndex + 1).first { i in
        let level = navigation.levels[i]
        return calendar.periodID(level, ordinal: calendar.ordinal(of: level.unit, at: t)).uppercased() == typed
    }
}
