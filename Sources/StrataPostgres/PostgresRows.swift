import StrataData

/// A period's rows of a table or query, for the card: one statement asks
/// for those already returned, the slice and one more, which says whether
/// more follow. A statement tells no share done: `progress` is not called.
final class PostgresRows: RowSlices {
    private let source: PostgresSource
    private let start: Int64
    private let end: Int64
    private let series: Int
    private var returned = 0
    private(set) var isFinished = false

    init(_ source: PostgresSource, from start: Int64, to end: Int64, series: Int) {
        self.source = source
        self.start = start
        self.end = end
        self.series = series
    }

    func next(limit: Int, progress: ((Double) -> Bool)?) throws(ReadError) -> [RawRow] {
        guard !isFinished else { return [] }
        let rows = try source.rows(from: start, to: end, series: series, limit: returned + limit + 1)
        let slice = Array(rows.dropFirst(returned).prefix(limit))
        returned += slice.count
        isFinished = rows.count <= returned
        return slice
    }

    func fields(of row: RawRow) -> [RecordField] { [] }

    func prettyJSON(of row: RawRow) -> [String] { [] }
}

extension PostgresSource: RowReading {
    /// A table can always be asked again.
    public var rowsNotKept: String? { nil }

    public func rowSlices(from start: Int64, to end: Int64, series: Int) -> any RowSlices {
        PostgresRows(self, from: start, to: end, series: series)
    }
}
