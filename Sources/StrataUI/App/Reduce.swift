import StrataData

/// The one path from an event to a new state: keys through the key map in
/// force, clicks through the hit zones that were drawn, the wheel through
/// the map's wheel rows, time through the transition. Pure and total.
public func reduce(into state: inout AppState, event: Event, env: AppEnvironment) {
    // Whatever the event did, the screen on show says what it now needs read.
    defer { state.requestRows(env: env) }
    switch event {
    case .resize(let size):
        state.size = size
        state.withRoute { route, app in route.resized(in: &app, env: env) }
    case .tick:
        if let transition = state.transition, transition.isFinished(at: env.time) { state.transition = nil }
    case .key(let key):
        state.transition = nil // a key skips any running animation to its end
        state.notice = nil
        // Esc with a count pending cancels the count, whatever else Esc does on the screen.
        if key == .escape, state.pendingCount != nil, state.overlay == nil {
            state.pendingCount = nil
            return
        }
        let before = state
        guard let action = state.keyMap.action(for: key) else {
            state.notice = NothingToDo.unbound(key, in: state)
            return
        }
        reduce(into: &state, action: action, env: env)
        // A key that changed nothing says why (a pending count it used up does not count as a change).
        var after = state
        if after.pendingCount == nil { after.pendingCount = before.pendingCount }
        if after == before, state.notice == nil {
            state.notice = before.route.reducer.nothingToDo(action, in: before, env: env)
                ?? NothingToDo.reason(for: action, in: before, env: env)
        }
    case .mouse(let mouse):
        if let action = action(for: mouse, state: state, env: env) {
            state.transition = nil
            reduce(into: &state, action: action, env: env)
        }
    }
}

/// A press on a zone of the frame on screen, or a wheel step the map knows.
private func action(for mouse: MouseEvent, state: AppState, env: AppEnvironment) -> Action? {
    // The map and the timeline pan by dragging; a press that does not move is a click.
    // A press on a zone that is not a block (a level tab) is that zone's click at once.
    if state.overlay == nil, isPannable(state.route) {
        switch mouse.kind {
        case .press(.left):
            let zone = env.zones.last { $0.rect.contains(x: mouse.x, y: mouse.y) }?.action
            if let zone, !isBlockPick(zone) { return zone }
            return .dragBegan(x: mouse.x, y: mouse.y)
        case .drag(.left): return .dragMoved(x: mouse.x, y: mouse.y)
        case .release: return .dragEnded
        default: break
        }
    }
    switch mouse.kind {
    case .press(.left):
        return env.zones.last { $0.rect.contains(x: mouse.x, y: mouse.y) }?.action
    case .wheel:
        guard let wheel = mouse.effectiveWheel else { return nil }
        // Sideways over an overview strip: that strip, whichever section is selected.
        if wheel == .left || wheel == .right, state.overlay == nil,
           case .selectPeriod(let level, _)? = env.zones.last(where: { $0.rect.contains(x: mouse.x, y: mouse.y) })?.action {
            return .moveLevel(level, by: wheel == .left ? -1 : 1)
        }
        return state.keyMap.action(forWheel: wheel)
    case .press, .drag, .release:
        return nil
    }
}

/// The screens whose grid a drag pans.
private func isPannable(_ route: AppState.Route) -> Bool {
    route.reducer.pans
}

private func isBlockPick(_ action: Action) -> Bool {
    if case .pickBlock = action { true } else { false }
}

/// Applies one action: the route on show takes it first, then help and
/// the prompt, then the shared navigation; keys that apply nowhere are
/// ignored. Then the route follows what changed (a cursor kept in view, a
/// slide started).
public func reduce(into state: inout AppState, action: Action, env: AppEnvironment) {
    if case .rowsRead(let request, let rows) = action { return state.receiveRows(rows, for: request) }
    if case .pagesArrived = action { return state.withRoute { route, app in route.dataArrived(in: &app, env: env) } }
    let before = state
    let count = state.pendingCount ?? 1
    if case .countDigit = action {} else { state.pendingCount = nil }
    let handled = state.withRoute { route, app in route.reduce(action, in: &app, count: count, env: env) }
    if !handled, !reduceHelp(&state, action: action), !reduceFilter(&state, action: action, env: env),
       !reduceBreakdown(&state, action: action, env: env), !reduceExport(&state, action: action),
       !reduceOverlay(&state, action: action, env: env) {
        reduceNavigation(&state, action: action, count: count, env: env)
    }
    state.withRoute { route, app in route.settle(after: before, in: &app, env: env) }
}
