import StrataData

/// The one path from an event to a new state: keys through the key map in
/// force, clicks through the hit zones that were drawn, the wheel through
/// the map's wheel rows, time through the transition. Pure and total.
public func reduce(into state: inout AppState, event: Event, env: AppEnvironment) {
    switch event {
    case .resize(let size):
        state.size = size
        revealMapCursor(&state, env: env)
        revealTimelineCursor(&state, env: env)
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
        if let action = state.keyMap.action(for: key) { reduce(into: &state, action: action, env: env) }
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

/// Each row counts 1 for the value on show: no value column.
private func countsRows(_ navigation: Navigation, env: AppEnvironment) -> Bool {
    let names = env.dataset.valueNames
    return names.indices.contains(navigation.valueIndex) && names[navigation.valueIndex] == LoadResult.countedRows
}

/// The screens whose grid a drag pans.
private func isPannable(_ route: AppState.Route) -> Bool {
    switch route {
    case .map: true
    case .timeline(let timeline): !timeline.showsCard
    default: false
    }
}

private func isBlockPick(_ action: Action) -> Bool {
    if case .pickBlock = action { true } else { false }
}

/// Applies one action. Keys that do not apply are ignored; indices are
/// clamped, never wrapped; a move on the pager starts a slide.
public func reduce(into state: inout AppState, action: Action, env: AppEnvironment) {
    let before = state.navigation
    let beforeRoute = state.route
    let count = state.pendingCount ?? 1
    if case .countDigit = action {} else { state.pendingCount = nil }
    if reduceTimeline(&state, action: action, count: count, env: env) { return }

    switch action {
    case .move(let periods):
        state.navigation.setPosition(state.navigation.position + periods * count)
    case .coarserLevel:
        state.navigation.levelIndex = min(state.navigation.levelIndex + count, state.navigation.levels.count - 1)
    case .finerLevel:
        state.navigation.levelIndex = max(state.navigation.levelIndex - count, 0)
    case .selectLevel(let index):
        if state.navigation.levels.indices.contains(index) { state.navigation.levelIndex = index }
    case .firstPeriod:
        state.navigation.setPosition(0)
    case .lastPeriod:
        state.navigation.setPosition(state.navigation.periodCount - 1)
    case .nowPeriod:
        if case .map = state.route {
            reduceMap(&state, action: action, count: count, env: env)
        } else {
            state.navigation.setPosition(env.dataset.index(state.navigation.level, containing: env.now))
        }
    case .jump(let index):
        state.navigation.setPosition(index)
    case .moveLevel(let level, let periods):
        if state.navigation.levels.indices.contains(level) {
            state.navigation.positions[level] = Navigation.clamp(state.navigation.positions[level] + periods,
                                                                 state.navigation.periodCounts[level])
        }
    case .periodWithData(let forward):
        let navigation = state.navigation
        if let index = env.dataset.index(navigation.level, withDataFrom: navigation.position, forward: forward,
                                         series: navigation.shownSeries, value: navigation.valueIndex) {
            state.navigation.setPosition(index)
        }
    case .alignLevels:
        alignLevels(&state, env: env)
    case .countDigit(let digit):
        let next = (state.pendingCount ?? 0) * 10 + digit
        state.pendingCount = next == 0 ? nil : min(next, 999_999)
    case .cycleAggregate:
        // Counted rows are all 1: their mean, min and max say nothing.
        state.navigation.aggregate = countsRows(state.navigation, env: env)
            ? (state.navigation.aggregate == .sum ? .count : .sum) : state.navigation.aggregate.next
    case .nextSeries where isMapOfSeries(state), .previousSeries where isMapOfSeries(state):
        reduceMap(&state, action: action, count: count, env: env)
    case .nextSeries:
        state.navigation.allSeries = false  // Tab picks one series out of them all
        state.navigation.seriesIndex = (state.navigation.seriesIndex + 1) % state.navigation.seriesCount
    case .nextValue:
        state.navigation.valueIndex = (state.navigation.valueIndex + 1) % state.navigation.valueCount
    case .previousValue:
        let n = state.navigation.valueCount
        state.navigation.valueIndex = (state.navigation.valueIndex + n - 1) % n
    case .previousSeries:
        let n = state.navigation.seriesCount
        state.navigation.allSeries = false
        state.navigation.seriesIndex = (state.navigation.seriesIndex + n - 1) % n
    case .cycleChart:
        var next = state.navigation.chart.next
        // Counted rows are each worth 1: their min–max band is a flat line at 1, so `c` passes it by.
        if next == .band, countsRows(state.navigation, env: env) { next = next.next }
        state.navigation.chosenChart = next
    case .toggleYScale:
        state.navigation.yScale = state.navigation.yScale.toggled
    case .toggleAllSeries:
        // Only data with two series or more has anything to overlay.
        if state.navigation.namedSeriesCount > 1 { state.navigation.allSeries.toggle() }
    case .cursor, .cursorPages, .cursorTo, .cursorToEnd, .zoomIn, .openSearch, .searchNext:
        // The same moves mean the card's cursor in the card, the map's in the map.
        if case .map = state.route {
            reduceMap(&state, action: action, count: count, env: env)
        } else {
            reduceCard(&state, action: action, count: count, env: env)
        }
    case .expand, .collapse:
        reduceCard(&state, action: action, count: count, env: env)
    case .toggleMap where env.dataset.intervals != nil:
        openTimeline(&state, env: env)
    case .toggleMap, .cursorColumn, .scrollMap, .swapMapAxes, .dragBegan, .dragMoved, .dragEnded:
        reduceMap(&state, action: action, count: count, env: env)
    case .toggleOverview, .scrollOverview, .selectPeriod, .openPager:
        reduceOverview(&state, action: action, env: env)
    case .zoomTimeline, .blockStep, .blockRow, .pickBlock, .openBlock, .closeBlock, .scrollTimeline:
        break
    case .toggleHelp:
        if case .help = state.overlay { state.overlay = nil } else { state.overlay = .help(offset: 0) }
    case .scrollHelp(let lines):
        if case .help(let offset) = state.overlay {
            let room = HelpOverlay.scrollRoom(lines: HelpOverlay.rows(state.routeKeyMap.helpLines(for: state.navigation), size: state.size).count, size: state.size)
            state.overlay = .help(offset: min(max(0, offset + lines), room))
        }
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
            switch state.route {
            case .map: searchMap(&state, for: text, env: env)
            case .timeline: searchTimeline(&state, for: text, env: env)
            default: search(&state, for: text, env: env)
            }
        } else {
            submitPrompt(&state, env: env)
        }
    case .quit:
        state.quit = true
    }
    startSlide(&state, from: before, env: env)
    if before != state.navigation { settleTimeline(&state, env: env) }
    if before.levelIndex != state.navigation.levelIndex { revealOverviewSection(&state) }
    revealMapCursorIfMoved(&state, before: before, beforeRoute: beforeRoute, env: env)
    // A card that now shows another period starts again at its top.
    if case .card(var card) = state.route,
       before.levelIndex != state.navigation.levelIndex || before.position != state.navigation.position {
        card.cursor = 0
        card.scroll = 0
        state.route = .card(card)
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
    state.overlay = nil
    moveMapColumn(&state, to: t, env: env)
    switch env.dataset.side(of: t, on: navigation.level) {
    case .before: state.notice = "\(text) is before the data: showing the first \(navigation.level.rawValue)"
    case .after: state.notice = "\(text) is after the data: showing the last \(navigation.level.rawValue)"
    case nil: break
    }
}

/// Every other level moves to the period holding the current one's start,
/// unless it is already inside the current period (a finer level keeps its place there).
private func alignLevels(_ state: inout AppState, env: AppEnvironment) {
    let navigation = state.navigation
    let dataset = env.dataset
    let page = navigation.page(in: dataset)
    for (i, level) in navigation.levels.enumerated() where i != navigation.levelIndex {
        let own = navigation.page(in: dataset, level: level)
        if level < navigation.level, own.start >= page.start, own.start < page.end { continue }
        state.navigation.positions[i] = Navigation.clamp(dataset.index(level, containing: page.start), navigation.periodCounts[i])
    }
}

/// Paging on the pager slides the new page in, and in the overview the
/// strip slides by card widths; a level switch does not.
private func startSlide(_ state: inout AppState, from before: Navigation, env: AppEnvironment) {
    let after = state.navigation
    var slides = state.route == .pager
    if case .overview = state.route { slides = true }
    guard env.animates, slides, state.overlay == nil, after.levelIndex == before.levelIndex,
          after.position != before.position else { return }
    state.transition = Transition(.slide(fromIndex: before.position, direction: after.position > before.position ? 1 : -1),
                                  start: env.time, duration: Transition.slideMilliseconds)
}
