/// A period's raw rows read back a slice at a time, so a slow read (an
/// unsorted file read whole) never holds up a key: `next` returns the rows
/// that follow, and a long read can be paused and resumed.
public protocol RowSlices: AnyObject {
    /// The next rows, at most `limit`; fewer only when every row has been
    /// returned or `progress` (called now and then with the share read so
    /// far) returned false to pause.
    func next(limit: Int, progress: ((Double) -> Bool)?) throws(ReadError) -> [RawRow]
    /// Every row has been returned (or reading failed).
    var isFinished: Bool { get }
    /// The record's named fields, as its record view lists them; empty when it has none (a log line).
    func fields(of row: RawRow) -> [RecordField]
    /// A JSON record pretty-printed, which its record view shows instead of its fields.
    func prettyJSON(of row: RawRow) -> [String]
}
