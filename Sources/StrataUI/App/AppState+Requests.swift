import StrataData

extension AppState {
    /// Asks for the rows the screen on show wants when they changed (the
    /// card opened on another period, a block's card, a card closed): once
    /// per change, not per frame.
    mutating func requestRows(env: AppEnvironment) {
        let wanted = route.reducer.rowsWanted(self, dataset: env.dataset)
        guard wanted != rowsRequest else { return }
        rowsRequest = wanted
        cardRows = wanted.map { _ in .reading(0) }
        if let wanted { requests.append(.cardRows(wanted)) }
    }

    /// Rows read for `request`, as far as they have come; those of a request since replaced are dropped.
    mutating func receiveRows(_ rows: CardRows, for request: RowsRequest) {
        guard request == rowsRequest else { return }
        cardRows = rows
    }

    /// A fuller dataset: the rows on show are asked of it again.
    public mutating func forgetRows() {
        rowsRequest = nil
        cardRows = nil
    }

    /// The filter and split asked last: a reload's not yet shown, else the rows on show's.
    public var asked: ReadChange { reloading ?? read }

    /// The filter the header names (`asked`'s), as written; nil: every row.
    public var filter: String? { asked.filter?.text }

    /// The field chosen with `g` to split the rows into series (`none`: none); nil: the command line's.
    public var breakdown: String? { asked.series }

    /// Asks the runner to read the input again with `change` (`f`, `F`, `g`):
    /// the view stays on the rows on show until the reload's first rows come.
    mutating func reload(_ change: ReadChange) {
        reloading = change
        requests.append(.reload(change))
    }

    /// The reload's first rows are shown: they were read with what it asked.
    mutating func reloadShown() {
        read = asked
        reloading = nil
    }

    /// Hands the runner what was asked since it last looked.
    public mutating func takeRequests() -> [DataRequest] {
        defer { requests = [] }
        return requests
    }
}
