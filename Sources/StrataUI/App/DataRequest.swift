import StrataData

/// What a screen needs read that the dataset does not hold, as a value
/// (bubbletea's `Cmd`): reducers record it in `AppState.requests`, the
/// runner reads it from the source on its own time and sends what it read
/// back as an action. No reducer and no widget reads.
public enum DataRequest: Hashable, Sendable {
    /// The raw rows of a card's period, or those overlapping a timeline block (`Action.rowsRead`).
    case cardRows(RowsRequest)
    /// Bars finer than the dataset keeps, a running period's rows, or a
    /// timeline's window, which a frame drew as reading (`Action.pagesArrived`).
    case pages([FinePages.Key])
    /// The input read again with another filter (`f`, `F`) or split (`g`): a new load
    /// that fills the view in as the first did (`DatasetFeed`), or a refusal
    /// (`Action.reloadRefused`).
    case reload(ReadChange)
    /// `e`: a level's periods written to a new file, once the load has ended (`Action.exported`).
    case export(Level)
}

/// How rows are read: those on show (`AppState.read`), or a reload's (`f`, `F`, `g`).
public struct ReadChange: Hashable, Sendable {
    /// Only the rows this passes, as written and parsed; nil: every row.
    public var filter: TypedFilter?
    /// The column that splits the rows into series (`none`: none); nil: the command line's.
    public var series: String?

    public init(filter: TypedFilter? = nil, series: String? = nil) {
        self.filter = filter
        self.series = series
    }
}
