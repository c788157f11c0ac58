/// One input's part of a `RowFetch` or a `RangeFetch`, open: the stream
/// from the first checkpoint, and the readers' loop over it with a `RowTap`
/// in the sink; for a `RangeFetch` of buckets, the sink adds the rows of the range
/// into buckets of its unit instead of the tap collecting them, and for one of
/// intervals it keeps the intervals overlapping the range.
final class RowCursor {
    /// Where to read in one input.
    struct Span {
        let source: RowSource
        /// The record the reading starts on.
        let first: RowIndex.Checkpoint
        /// Where it stops: the next checkpoint past the period, or the end.
        let stopOffset: Int64

        /// Bytes to go through: a gzip input is decompressed from its start.
        var work: Int64 { stopOffset - (source.isCompressed ? 0 : first.offset) }
    }

    /// Bytes a gzip input is skipped by at a time, between progress reports.
    static let skipStep = 8 << 20

    private let span: Span
    /// Owns the descriptor that a slice of it reads from.
    private let file: ByteStream
    private let stream: ByteStream
    private let scanner: RecordScanner
    private var parser: TimeParser
    private var sink: RowSink
    /// Decompressed bytes still to skip before the first checkpoint.
    private var skip: Int64
    private(set) var isDone = false

    /// What a read makes of the rows of its range.
    enum Purpose {
        /// The raw rows, as the card shows them.
        case rows
        /// Every series' rows added into buckets of a unit.
        case buckets(TimeUnit)
        /// Every series' intervals, kept whole.
        case intervals
    }

    init(_ span: Span, locator: RowLocator, start: Int64, end: Int64, series: Int?, purpose: Purpose = .rows) throws(ReadError) {
        let source = span.source
        guard let path = source.path else { throw .unreadable(file: source.name, reason: "its rows are not kept") }
        guard source.unchanged(at: path) else {
            throw .unreadable(file: source.name, reason: "changed since it was loaded; its rows cannot be read back")
        }
        self.span = span
        file = try ByteStream.open(.file(path))
        if source.isCompressed {
            stream = file
            skip = span.first.offset
        } else {
            stream = file.slice(span.first.offset..<span.stopOffset)
            skip = 0
        }
        scanner = RecordScanner(stream: stream, mode: source.mode, limits: locator.limits)
        parser = TimeParser(format: source.plan.format, zone: locator.calendar.zone, years: source.years)
        var unit = locator.baseUnit
        if case .buckets(let bucketUnit) = purpose { unit = bucketUnit }
        sink = RowSink(calendar: locator.calendar, baseUnit: unit, keep: 0, strict: false, sketches: locator.keepsSketches)
        sink.series = locator.series
        let keepsRows: Bool
        switch purpose {
        case .rows:
            // The tap keeps the rows; an empty window keeps no buckets of them
            // (a thousand channels' programmes would fill every unit's).
            (sink.window, keepsRows) = (start..<start, true)
        case .buckets:
            (sink.window, keepsRows) = (start..<end, false)
            // A page's bars are its buckets alone.
            sink.accumulator.keepsCoarserPeriods = false
        case .intervals: (sink.window, sink.collectsIntervals, keepsRows) = (start..<end, true, false)
        }
        sink.trail.tap = RowTap(file: source.name, start: start, end: end, series: series, lineBase: span.first.line - 1,
                                stopOffset: span.stopOffset, keepsRows: keepsRows)
    }

    /// An interval read's intervals so far, their lines counted from where the span starts.
    var intervals: IntervalList { sink.intervals }

    /// A bucket read's buckets so far: one column per value column, series numbered as the load's.
    var buckets: Accumulator {
        var all = sink.accumulator
        all.flush()
        return all
    }

    /// Bytes gone through so far, of `span.work`.
    var worked: Int64 { min(span.work, stream.position - (span.source.isCompressed ? 0 : span.first.offset)) }

    /// Reads on until `limit` rows are found, the span is over, or a step
    /// of work is done (a chance to report progress); returns the rows found.
    func step(limit: Int) throws(ReadError) -> [RawRow] {
        if skip > 0 {
            try skipAhead()
            return []
        }
        sink.trail.tap!.resume(limit: limit)
        try RowReaders.run(scanner, span.source.plan, parser: &parser, sink: &sink, skipHeader: false, cancel: nil)
        let tap = sink.trail.tap!
        if tap.pastSpan || !tap.paused { isDone = true }
        return tap.rows
    }

    /// Reads and drops up to `skipStep` bytes of a gzip input.
    private func skipAhead() throws(ReadError) {
        let count = Int(min(skip, Int64(Self.skipStep)))
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
        defer { chunk.deallocate() }
        var left = count
        while left > 0 {
            let n = try stream.read(into: chunk, count: min(left, 1 << 16))
            if n == 0 { throw .unreadable(file: span.source.name, reason: "ended early; changed since it was loaded?") }
            left -= n
        }
        skip -= Int64(count)
    }
}
