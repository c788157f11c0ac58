/// While fetching a card's rows from one input: which accepted rows are
/// wanted, and the ones found so far. The readers' own loops run with a
/// tap in their sink, so a row is shown exactly when it was counted. A
/// tap that keeps no rows only paces a read whose sink counts them
/// (`RangeFetch`): it stops at the span's end and now and then to report.
struct RowTap: Sendable {
    /// Rows read between two chances to report progress.
    static let rowsPerStep = 1 << 15

    let file: String
    let start: Int64
    let end: Int64
    /// The accumulator series wanted; nil: every series.
    let series: Int?
    /// The line reading began on, less one (the scanner counts from 1 there).
    let lineBase: Int
    /// A record starting here or later is past the span to read.
    let stopOffset: Int64
    /// False: the wanted rows are not collected (the sink aggregates them).
    let keepsRows: Bool
    /// Stop once this many rows are found.
    private(set) var limit = 0
    var rows: [RawRow] = []
    private(set) var pastSpan = false
    /// Stopped for `limit` or for a step, with more to read.
    private(set) var paused = false
    private var sinceStep = 0
    // The marked row, until `take`.
    private var seconds: Int64 = 0
    private var rowEnd: Int64 = 0
    private var rowSeries = 0

    init(file: String, start: Int64, end: Int64, series: Int?, lineBase: Int, stopOffset: Int64, keepsRows: Bool = true) {
        self.file = file
        self.start = start
        self.end = end
        self.series = series
        self.lineBase = lineBase
        self.stopOffset = stopOffset
        self.keepsRows = keepsRows
    }

    /// Before reading on: no rows yet, `limit` to find.
    mutating func resume(limit: Int) {
        self.limit = limit
        rows = []
        paused = false
    }

    /// A row's series when it is in every series (value columns side by side).
    static let everySeries = -1

    mutating func mark(seconds: Int64, end: Int64, series: Int) {
        self.seconds = seconds
        rowEnd = end
        rowSeries = series
    }

    /// Keeps the marked row if it is wanted. False: stop reading, because
    /// enough rows are found, the span is over, or it is time to report.
    mutating func take(_ scanner: RecordScanner) -> Bool {
        if scanner.recordOffset >= stopOffset {
            pastSpan = true
            return false
        }
        // An instant in the span, or an interval overlapping it.
        if keepsRows && seconds < end && (seconds >= start || rowEnd > start) && (series == nil || series == rowSeries || rowSeries == Self.everySeries) {
            rows.append(RawRow(file: file, line: lineBase + scanner.recordLine, text: RawRow.text(scanner.recordBytes)))
            if rows.count >= limit {
                paused = true
                return false
            }
        }
        sinceStep += 1
        if sinceStep == Self.rowsPerStep {
            sinceStep = 0
            paused = true
            return false
        }
        return true
    }
}
