/// Where the card's raw rows are read back from, a period at a time,
/// whatever holds them: a file's inputs through their checkpoints
/// (`RowLocator`), a table by query.
public protocol RowReading: Sendable {
    /// Why no row can be read back (an input read once, as a pipe); nil when they can.
    var rowsNotKept: String? { get }
    /// The rows of `[start, end)` (UTC seconds) of `series` (0: every series, as `Dataset` counts).
    func rowSlices(from start: Int64, to end: Int64, series: Int) -> any RowSlices
}
