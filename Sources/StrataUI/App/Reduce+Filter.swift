import StrataData

/// `f`, its prompt and `F`: the expression is parsed and its names checked
/// against the input's fields here, so a bad one says what and where in the
/// prompt and the view stays as it was; a good one asks the runner to read
/// the input again with it (`DataRequest.reload`).
func reduceFilter(_ state: inout AppState, action: Action, env: AppEnvironment) -> Bool {
    switch action {
    case .openFilter:
        state.overlay = .filter(text: "", error: nil, recalled: nil)
    case .clearFilter:
        guard state.filter != nil else { return true } // unchanged: NothingToDo says why
        state.reload(ReadChange(filter: nil, series: state.breakdown))
    case .reloadRefused(let why):
        state.reloading = nil
        state.notice = why
    case .recallFilter(let older):
        guard case .filter(_, _, let recalled) = state.overlay else { return false }
        let history = state.filterHistory
        let index = older ? (recalled ?? history.count) - 1 : recalled.map { $0 + 1 }
        guard let index, index >= 0 else { return true }
        state.overlay = index < history.count ? .filter(text: history[index], error: nil, recalled: index)
            : .filter(text: "", error: nil, recalled: nil)
    case .promptInput(let character):
        guard case .filter(let text, _, _) = state.overlay else { return false }
        state.overlay = .filter(text: text + String(character), error: nil, recalled: nil)
    case .promptBackspace:
        guard case .filter(let text, _, _) = state.overlay else { return false }
        state.overlay = text.isEmpty ? nil : .filter(text: String(text.dropLast()), error: nil, recalled: nil)
    case .promptSubmit:
        guard case .filter(let text, _, _) = state.overlay else { return false }
        submitFilter(text, in: &state, env: env)
    default:
        return false
    }
    return true
}

/// Parses `text` and checks its names; a good one reloads, a bad one stays in the prompt with why.
private func submitFilter(_ text: String, in state: inout AppState, env: AppEnvironment) {
    let typed = text.trimmingCharacters(in: .whitespaces)
    guard !typed.isEmpty else { return state.overlay = nil }
    let filter: TypedFilter
    do {
        filter = try TypedFilter(parsing: typed)
    } catch {
        return state.overlay = .filter(text: text, error: "\(typed): \(error)", recalled: nil)
    }
    // Fields not known (the demo): the reload says what it can do.
    if let fields = env.dataset.filterFields, let missing = filter.parsed.fieldNames.first(where: { fields.index(of: $0) == nil }) {
        let column = RowFilter.column(ofField: missing, in: typed) ?? 1
        return state.overlay = .filter(text: text, error: "no field \(missing) at column \(column) (\(fields.listing))", recalled: nil)
    }
    state.overlay = nil
    state.filterHistory.removeAll { $0 == typed }
    state.filterHistory.append(typed)
    guard typed != state.filter else { return }
    state.reload(ReadChange(filter: filter, series: state.breakdown))
}
