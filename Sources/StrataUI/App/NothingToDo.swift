import StrataData

/// Why a key changed nothing, for the notice line: a key with nothing to
/// do on the data is never an error, and never silent either. Routes give
/// the reasons for their own actions (a cursor at its last line); these are
/// the shared ones, asked with the state before the key.
enum NothingToDo {
    static func reason(for action: Action, in state: AppState, env: AppEnvironment) -> String? {
        let navigation = state.navigation
        let dataset = env.dataset
        let level = navigation.level.rawValue
        switch action {
        case .move(let periods):
            return "no \(level) \(periods < 0 ? "before" : "after") \(name(navigation, dataset))"
        case .periodWithData(let forward):
            let atEnd = navigation.position == (forward ? navigation.periodCount - 1 : 0)
            return atEnd ? "no \(level) \(forward ? "after" : "before") \(name(navigation, dataset))"
                : "no \(forward ? "later" : "earlier") \(level) with data"
        case .firstPeriod:
            return "already on the first \(level)"
        case .lastPeriod:
            return "already on the last \(level)"
        case .nowPeriod:
            switch dataset.side(of: env.now, on: navigation.level) {
            case .after?: return "now is after the data: already on its last \(level)"
            case .before?: return "now is before the data: already on its first \(level)"
            case nil: return "already on the \(level) of now"
            }
        case .coarserLevel:
            return "\(level) is the coarsest level (--levels adds coarser ones)"
        case .finerLevel:
            return "\(level) is the finest level (--levels adds finer ones)"
        case .alignLevels:
            return navigation.levels.count == 1 ? "one level: nothing to align" : "every level is already on this period"
        case .nextValue, .previousValue:
            return navigation.countsRows(in: dataset) ? "no value column: rows are counted (--value COL picks one)"
                : "one value column: \(dataset.valueNames[navigation.valueIndex])"
        case .nextSeries, .previousSeries, .toggleAllSeries:
            return navigation.namedSeriesCount == 0 ? noSeries : "one series: nothing to overlay"
        case .countDigit:
            return "a count starts with 1-9"
        case .cancel:
            return "nothing to close (q quits)"
        case .scrollHelp(let lines):
            return lines < 0 ? "the top of help" : "the end of help"
        case .toggleYScale:
            return "one scale for the \(level) level needs every \(dataset.subUnit(of: navigation.level).name) of it: "
                + "read a page at a time here (a bigger --memory keeps them)"
        case .searchNext:
            return "no search yet: / searches"
        case .clearFilter:
            return "no filter to clear: f filters the rows"
        default:
            return nil
        }
    }

    static let noSeries = "no series: --series COL splits the rows"

    /// What a key with no binding here says: help lists the keys, or closes.
    static func unbound(_ key: Key, in state: AppState) -> String {
        if case .help = state.overlay { return "\(key.name) does nothing in help: Esc closes it" }
        return "\(key.name) does nothing here: ? lists the keys"
    }

    /// An edge a cursor is already at: `the last line`, `the first column`.
    static func edge(_ forward: Bool, _ what: String) -> String {
        "already on the \(forward ? "last" : "first") \(what)"
    }

    private static func name(_ navigation: Navigation, _ dataset: Dataset) -> String {
        dataset.calendar.periodName(navigation.level, ordinal: dataset.ordinal(navigation.level, index: navigation.position))
    }
}
