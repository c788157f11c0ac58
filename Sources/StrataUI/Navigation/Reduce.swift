import StrataData

/// The state machine: pure, total, and the only code that changes `State`.
/// Keys that do not apply are ignored; indices are clamped, never wrapped.
public func reduce(into state: inout State, action: Action) {
    let count = state.pendingCount ?? 1
    if case .countDigit = action {} else { state.pendingCount = nil }

    switch action {
    case .move(let periods):
        setPosition(&state, state.position + periods * count)
    case .coarserLevel:
        state.levelIndex = min(state.levelIndex + 1, state.levels.count - 1)
    case .finerLevel:
        state.levelIndex = max(state.levelIndex - 1, 0)
    case .selectLevel(let index):
        if state.levels.indices.contains(index) { state.levelIndex = index }
    case .firstPeriod:
        setPosition(&state, 0)
    case .lastPeriod:
        setPosition(&state, state.periodCount - 1)
    case .nowPeriod:
        setPosition(&state, state.nowIndices[state.levelIndex])
    case .jump(let index):
        setPosition(&state, index)
    case .countDigit(let digit):
        let next = (state.pendingCount ?? 0) * 10 + digit
        state.pendingCount = next == 0 ? nil : min(next, 999_999)
    case .cycleAggregate:
        state.aggregate = state.aggregate.next
    case .nextSeries:
        state.seriesIndex = (state.seriesIndex + 1) % state.seriesCount
    case .previousSeries:
        state.seriesIndex = (state.seriesIndex + state.seriesCount - 1) % state.seriesCount
    case .toggleHelp:
        state.mode = state.mode == .help ? .pager : .help
    case .cancel:
        state.mode = .pager
    case .openPrompt:
        state.mode = .prompt(text: "", error: nil)
    case .promptInput(let character):
        if case .prompt(let text, _) = state.mode { state.mode = .prompt(text: text + String(character), error: nil) }
    case .promptBackspace:
        if case .prompt(let text, _) = state.mode {
            state.mode = text.isEmpty ? .pager : .prompt(text: String(text.dropLast()), error: nil)
        }
    case .promptSubmit(let positions, let error):
        guard case .prompt(let text, _) = state.mode else { break }
        if let positions, positions.count == state.positions.count {
            for i in positions.indices { state.positions[i] = clamp(positions[i], state.periodCounts[i]) }
            state.mode = .pager
        } else {
            state.mode = .prompt(text: text, error: error ?? "not a date or period")
        }
    case .resized(let size):
        state.size = size
    case .quit:
        state.quit = true
    }
}

private func setPosition(_ state: inout State, _ index: Int) {
    state.positions[state.levelIndex] = clamp(index, state.periodCount)
}

private func clamp(_ index: Int, _ count: Int) -> Int {
    max(0, min(index, count - 1))
}
