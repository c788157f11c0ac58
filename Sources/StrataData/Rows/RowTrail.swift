/// What a reading thread notes about the rows it accepts, besides their
/// buckets. While loading, it builds the input's `RowIndex`: a checkpoint
/// at the first row of each run of rows in one base bucket, so a sorted
/// input gets one per base bucket and a period's rows start exactly at
/// one. While fetching a card's rows, it hands every accepted row to its
/// `RowTap` instead.
struct RowTrail: Sendable {
    /// Checkpoints per input at most (2 MB). Past it (an unsorted input, or
    /// more base buckets than this) they are halved, and new ones come at
    /// least twice as many rows apart as before.
    static let capacity = 1 << 16

    private let calendar: CalendarSystem
    private let baseUnit: TimeUnit
    private var index = RowIndex()
    /// The base bucket of the last checkpoint; empty before the first.
    /// A row inside costs two comparisons and nothing else: the bounds
    /// below count the whole bucket as seen, which keeps them safe.
    private var cellFrom = Int64.max
    private var cellTo = Int64.min
    /// No row so far is later, and none since the last checkpoint earlier.
    private var latest = Int64.min
    private var earliest = Int64.max
    /// Fewest accepted rows from one checkpoint to the next.
    private var spacing = 1
    private var lastRow = 0
    /// A row was marked and waits for `resolve` (its record is still the scanner's).
    private(set) var pending = false
    var tap: RowTap?
    /// A row came before the base bucket of the last checkpoint: the rows
    /// are not in time order, and nothing read so far is known to be whole.
    private(set) var wentBack = false

    /// While the rows come in time order, every row before this instant
    /// has been read (the start of the last checkpoint's bucket); nil when
    /// they did not, or before the first row.
    var readThrough: Int64? { wentBack || cellFrom == .max ? nil : cellFrom }

    init(calendar: CalendarSystem, baseUnit: TimeUnit) {
        self.calendar = calendar
        self.baseUnit = baseUnit
    }

    /// One accepted row: its time (an interval's start), its end (the
    /// same for an instant), series and running number in the sink. An
    /// interval's end counts as a time seen, so a period's rows include
    /// those that began before it and run into it.
    @inline(__always)
    mutating func note(seconds: Int64, end: Int64, series: Int, row: Int) {
        if seconds < cellFrom || seconds >= cellTo { cross(seconds: seconds, end: end, series: series, row: row) }
        if end > latest { latest = end }
    }

    @inline(never)
    private mutating func cross(seconds: Int64, end: Int64, series: Int, row: Int) {
        if seconds < cellFrom && cellFrom != .max { wentBack = true }
        if tap != nil {
            tap!.mark(seconds: seconds, end: end, series: series)
            pending = true
            return
        }
        guard row - lastRow >= spacing else {
            latest = max(latest, seconds)
            earliest = min(earliest, seconds)
            return
        }
        if index.count == Self.capacity { halve() } else { index.close(earliest: earliest) }
        index.open(before: latest)
        lastRow = row
        let ordinal = calendar.ordinal(of: baseUnit, at: seconds)
        cellFrom = calendar.start(of: baseUnit, ordinal: ordinal)
        cellTo = calendar.start(of: baseUnit, ordinal: ordinal + 1)
        earliest = cellFrom
        latest = max(latest, cellTo - 1)
        pending = true
    }

    private mutating func halve() {
        index.close(earliest: earliest)
        index.thin()
        earliest = index.lastFrom
        spacing *= 2
    }

    /// Called while the scanner is still on the marked row's record.
    /// Returns false to stop reading (only a tap stops).
    mutating func resolve(_ scanner: RecordScanner) -> Bool {
        pending = false
        if tap != nil { return tap!.take(scanner) }
        index.place(offset: scanner.recordOffset, line: scanner.recordLine)
        return true
    }

    /// Adds the trail of the later part of the same input (a second
    /// thread's half), whose lines move down by `lineOffset`.
    mutating func absorb(_ other: RowTrail, lineOffset: Int) {
        wentBack = wentBack || other.wentBack
        guard !other.index.isEmpty else { return }
        index.close(earliest: earliest)
        index.append(other.index, lineOffset: lineOffset, latest: latest)
        earliest = other.earliest
        latest = max(latest, other.latest)
        if index.count > Self.capacity { halve() }
    }

    /// The finished index of the input just read; the trail starts over for the next one.
    mutating func finish() -> RowIndex {
        index.close(earliest: earliest)
        index.finish()
        index.latest = latest
        let done = index
        self = RowTrail(calendar: calendar, baseUnit: baseUnit)
        return done
    }
}
