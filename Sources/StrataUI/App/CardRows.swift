import StrataData

/// A period's raw input records as the card shows them, read by the app on
/// demand (never held per row while loading), or why there are none.
public enum CardRows: Hashable, Sendable {
    /// The input cannot be read again (standard input): the note says so.
    case notKept(String)
    /// Still being read (an unsorted file is read whole): the share read so far.
    case reading(Double)
    /// The records in input order; `complete` is false when more follow past the limit.
    case rows([CardRow], complete: Bool)

    public var count: Int {
        if case .rows(let rows, _) = self { return rows.count }
        return 0
    }
}

/// One raw record: `data.csv:12`, its text as in the file, and its named
/// fields (none for a log line, whose text is the record).
public struct CardRow: Hashable, Sendable {
    public let location: String
    public let text: String
    public let fields: [RecordField]
    /// A JSON record pretty-printed, which its record view shows instead of its fields.
    public let pretty: [String]

    public init(location: String, text: String, fields: [RecordField] = [], pretty: [String] = []) {
        self.location = location
        self.text = text
        self.fields = fields
        self.pretty = pretty
    }
}

/// Which raw rows a screen wants: those of `series` from `from` to `to`
/// (UTC seconds), known by `key` so they are read once, not per frame.
public struct RowsRequest: Hashable, Sendable {
    let key: [Int]
    public let from: Int64
    public let to: Int64
    public let series: Int
}
