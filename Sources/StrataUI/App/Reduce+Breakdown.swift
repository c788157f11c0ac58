import StrataData

/// `g`: the list of the fields that can split the rows (`Dataset.breakdowns`,
/// after `none`), and Enter on one, which reads the input again split by it,
/// with the filter in force (`DataRequest.reload`).
func reduceBreakdown(_ state: inout AppState, action: Action, env: AppEnvironment) -> Bool {
    // Every action passes here (each key typed in a prompt too): the list is built only for g's own.
    switch action {
    case .openBreakdowns:
        let choices = breakdownChoices(env.dataset)
        guard choices.count > 1 else {
            state.notice = "no field splits these rows: a text field with a few names does (--series COL names one)"
            return true
        }
        state.overlay = .breakdowns(cursor: choices.firstIndex(of: shownBreakdown(state, env.dataset)) ?? 0)
    case .moveBreakdownCursor(let lines):
        guard case .breakdowns(let cursor) = state.overlay else { return false }
        state.overlay = .breakdowns(cursor: min(max(0, cursor + lines), breakdownChoices(env.dataset).count - 1))
    case .chooseBreakdown:
        let choices = breakdownChoices(env.dataset)
        guard case .breakdowns(let cursor) = state.overlay, choices.indices.contains(cursor) else { return false }
        state.overlay = nil
        let chosen = choices[cursor]
        guard chosen != shownBreakdown(state, env.dataset) else { return true }
        state.reload(ReadChange(filter: state.asked.filter, series: chosen))
    default:
        return false
    }
    return true
}

/// The field the rows on show are split by: `g`'s, else the load's series column, else `none`.
func shownBreakdown(_ state: AppState, _ dataset: Dataset) -> String {
    state.breakdown ?? dataset.seriesColumn ?? "none"
}

/// What the `g` list offers: `none`, then the fields that can split the rows.
func breakdownChoices(_ dataset: Dataset) -> [String] {
    ["none"] + dataset.breakdowns
}
