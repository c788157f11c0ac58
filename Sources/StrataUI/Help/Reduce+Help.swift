/// `?` opens and closes help over any screen; its keys scroll it within the list.
func reduceHelp(_ state: inout AppState, action: Action) -> Bool {
    switch action {
    case .toggleHelp:
        if case .help = state.overlay { state.overlay = nil } else { state.overlay = .help(offset: 0) }
    case .scrollHelp(let lines):
        guard case .help(let offset) = state.overlay else { return true }
        let layout = HelpLayout(lines: state.routeKeyMap.helpLines(for: state.navigation), size: state.size)
        state.overlay = .help(offset: layout.viewport(offset: offset + lines).offset.y)
    default:
        return false
    }
    return true
}
