import StrataData

/// `e`: the periods of the level on show asked of the runner
/// (`DataRequest.export`), which writes them at the edge and says with
/// `Action.exported` what came of it; the footer says that, nothing else changes.
func reduceExport(_ state: inout AppState, action: Action) -> Bool {
    switch action {
    case .exportLevel:
        state.requests.append(.export(state.navigation.level))
    case .exported(let outcome):
        // The notice line has the width but a column at each end.
        state.notice = outcome.footer(fitting: state.size.width - 2)
    default:
        return false
    }
    return true
}
