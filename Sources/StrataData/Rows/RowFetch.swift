/// A resumable read of one period's raw rows. Each `next` returns the rows
/// that follow, so the card reads a screenful at a time; a long read (an
/// unsorted input, a gzip file) reports its progress and can be paused by
/// the callback, then resumed by calling `next` again.
public final class RowFetch: RowSlices {
    private let locator: RowLocator
    private let start: Int64
    private let end: Int64
    /// The accumulator series wanted; nil: every series.
    private let series: Int?
    /// What to read of each input that may hold rows of the period, in order.
    private let spans: [RowCursor.Span]
    private var nextSpan = 0
    private var cursor: RowCursor?
    private let totalWork: Int64
    private var doneWork: Int64 = 0
    /// True once every row has been returned (or reading failed).
    public private(set) var isFinished = false
    /// How the rows split into fields: their inputs' headers are read once, when first asked.
    private lazy var recordFields = locator.recordFields()

    init(locator: RowLocator, start: Int64, end: Int64, series: Int?) {
        self.locator = locator
        self.start = start
        self.end = end
        self.series = series
        spans = locator.spans(from: start, to: end)
        totalWork = spans.reduce(0) { $0 + $1.work }
        isFinished = spans.isEmpty
    }

    /// How much of the reading is done, from 0 to 1.
    public var fraction: Double {
        if isFinished || totalWork == 0 { return 1 }
        return Double(doneWork + (cursor?.worked ?? 0)) / Double(totalWork)
    }

    /// The next rows, at most `limit`; fewer only when the fetch is finished
    /// or `progress` (called with `fraction` now and then during a long
    /// read) returned false to pause it.
    public func next(limit: Int, progress: ((Double) -> Bool)? = nil) throws(ReadError) -> [RawRow] {
        var found: [RawRow] = []
        do {
            while found.count < limit && !isFinished {
                let reading: RowCursor
                if let cursor {
                    reading = cursor
                } else {
                    reading = try RowCursor(spans[nextSpan], locator: locator, start: start, end: end, series: series)
                    cursor = reading
                }
                found += try reading.step(limit: limit - found.count)
                if reading.isDone {
                    doneWork += spans[nextSpan].work
                    cursor = nil
                    nextSpan += 1
                    isFinished = nextSpan == spans.count
                } else if found.count < limit, let progress, !progress(fraction) {
                    break
                }
            }
        } catch {
            cursor = nil
            isFinished = true
            throw error
        }
        return found
    }
}

extension RowFetch {
    public func fields(of row: RawRow) -> [RecordField] { recordFields.fields(of: row) }

    public func prettyJSON(of row: RawRow) -> [String] { recordFields.prettyJSON(of: row) }
}
