/// Reads a period's raw records back from the inputs, for the card. Made
/// while loading (`LoadResult.rowLocator`), it holds a few checkpoints per
/// input (see `RowIndex`), never rows.
public struct RowLocator: Sendable {
    private(set) var sources: [RowSource]
    /// The series table the load ended with, so a series keeps its number.
    let series: SeriesTable
    let calendar: CalendarSystem
    let baseUnit: TimeUnit
    let now: Int64
    let limits: ScannerLimits
    /// Each input is a series of its own (several files, no series column).
    let filePerSeries: Bool
    /// Buckets read back keep sketches, as the load's did (`--agg pNN`).
    let keepsSketches: Bool

    /// False when some input (standard input, a pipe) cannot be read again:
    /// its rows are not kept and never returned.
    public var keepsRows: Bool { unkeptInputs.isEmpty }

    /// Every input can be read again at the bytes of a range, without inflating it from its start (no pipe, no gzip).
    public var readsRangesInPlace: Bool { sources.allSatisfy { $0.path != nil && !$0.isCompressed } }

    /// The names of the inputs whose rows are not kept (`stdin`).
    public var unkeptInputs: [String] { sources.filter { $0.path == nil }.map(\.name) }

    /// The inputs as they can be read again from their start (a file by its
    /// path, a pipe or gzip by the copy made of it); nil when one's rows were not kept.
    public var inputsReadAgain: [InputSource]? {
        guard keepsRows, !sources.isEmpty else { return nil }
        return sources.map(\.input)
    }

    /// Checkpoints held, over every input: what the locator costs (32 bytes each).
    public var checkpointCount: Int { sources.reduce(0) { $0 + $1.index.count } }

    /// Starts reading the rows whose time is in `[start, end)` (UTC seconds,
    /// e.g. a period's `calendar.start(of:ordinal:)` and `end(of:ordinal:)`),
    /// input by input, each in file order. `series` counts as `Dataset`
    /// does: 0 is every series, `i` is series name `i - 1`.
    public func fetch(from start: Int64, to end: Int64, series: Int = 0) -> RowFetch {
        guard filePerSeries, series > 0, series <= sources.count else {
            return RowFetch(locator: self, start: start, end: end, series: series > 0 ? series - 1 : nil)
        }
        // When each file is a series, series `i` is every row of file `i - 1`.
        var file = self
        file.sources = [sources[series - 1]]
        return RowFetch(locator: file, start: start, end: end, series: nil)
    }

    /// What to read of each input that may hold rows of `[start, end)`, in input order.
    func spans(from start: Int64, to end: Int64) -> [RowCursor.Span] {
        sources.compactMap { source in
            guard source.path != nil, start < end, let (first, stop) = source.index.span(from: start, to: end) else { return nil }
            let checkpoints = source.index.checkpoints
            return RowCursor.Span(source: source, first: checkpoints[first],
                                  stopOffset: stop < checkpoints.count ? checkpoints[stop].offset : source.length)
        }
    }

    /// The first `limit` rows of `fetch(from:to:series:)`.
    public func rows(from start: Int64, to end: Int64, series: Int = 0, limit: Int,
                     progress: ((Double) -> Bool)? = nil) throws(ReadError) -> [RawRow] {
        try fetch(from: start, to: end, series: series).next(limit: limit, progress: progress)
    }
}

extension RowLocator {
    /// The followed input at `path` is read back through `descriptorPath` from now on (`RowSource.followed`).
    mutating func follow(_ path: String, through descriptorPath: String) {
        sources = sources.map { $0.path == path ? $0.followed(through: descriptorPath) : $0 }
    }

    /// The followed input read back through `path` has been read up to
    /// `length`, the rows appended holding the checkpoints `later` (their lines after `lineOffset`).
    mutating func grow(_ path: String, to length: Int64, adding later: RowIndex, lineOffset: Int) {
        sources = sources.map { $0.path == path ? $0.grown(to: length, adding: later, lineOffset: lineOffset) : $0 }
    }

    /// The followed name holds a new file, read back through `descriptorPath`:
    /// after the files read so far (rotated away: their rows are kept), or
    /// in their place (`emptying`: the file was cut, and its rows with it).
    mutating func restart(through descriptorPath: String, emptying: Bool) {
        guard let followed = sources.last else { return }
        let next = followed.restarted(through: descriptorPath)
        sources = emptying ? [next] : sources + [next]
    }

    /// For rows that cannot be read back: made in memory, or a load not ended yet.
    static func none(calendar: CalendarSystem, baseUnit: TimeUnit) -> RowLocator {
        RowLocator(sources: [], series: SeriesTable(), calendar: calendar, baseUnit: baseUnit, now: 0, limits: ScannerLimits(),
                   filePerSeries: false, keepsSketches: false)
    }
}

extension RowLocator: RowReading {
    public var rowsNotKept: String? {
        keepsRows ? nil : "rows from \(unkeptInputs.joined(separator: ", ")) are not kept"
    }

    public func rowSlices(from start: Int64, to end: Int64, series: Int) -> any RowSlices {
        fetch(from: start, to: end, series: series)
    }
}
