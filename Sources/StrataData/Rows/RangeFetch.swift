/// Reads every row of one time range back from the inputs, from the byte
/// ranges the checkpoints give (the spans a `RowFetch` reads), and makes
/// one thing of them: a page's fine sub-buckets, or the intervals of the
/// timeline's window. Every row of the range counts, not the first few.
enum RangeFetch {
    /// Every row of `[start, end)` (and the part of each interval inside
    /// it) in buckets of `unit` in the locator's calendar: one column per
    /// value column, series numbered as in the load. A bucket at an edge of
    /// the range holds only the range's part of it.
    /// - Parameter progress: called now and then with the share read so far
    ///   (0...1); false stops the read, and nil is returned.
    static func buckets(_ locator: RowLocator, from start: Int64, to end: Int64, unit: TimeUnit,
                        progress: ((Double) -> Bool)? = nil) throws(ReadError) -> Accumulator? {
        var total = Accumulator(calendar: locator.calendar, baseUnit: unit)
        let read = try each(locator, from: start, to: end, purpose: .buckets(unit), progress: progress) { cursor, span in
            total.merge(cursor.buckets, seriesMap: locator.filePerSeries ? [fileSeries(span.source, locator)] : nil)
        }
        guard read else { return nil }
        total.flush()
        return total
    }

    /// Every interval overlapping `[start, end)`, whole, by series and
    /// start, each with its input and line as the load's index has them.
    static func intervals(_ locator: RowLocator, from start: Int64, to end: Int64,
                          progress: ((Double) -> Bool)? = nil) throws(ReadError) -> IntervalIndex? {
        var all = IntervalList()
        let read = try each(locator, from: start, to: end, purpose: .intervals, progress: progress) { cursor, span in
            let input = locator.sources.firstIndex { $0.name == span.source.name } ?? 0
            all.absorb(cursor.intervals, seriesMap: locator.filePerSeries ? [fileSeries(span.source, locator)] : [],
                       lineOffset: span.first.line - 1, input: UInt16(truncatingIfNeeded: input))
        }
        guard read else { return nil }
        return all.index(seriesCount: locator.series.names.count, inputs: locator.sources.map(\.name))
    }

    /// Reads each span of the range through a cursor for `purpose`, then
    /// hands it to `take`; false when `progress` stopped the read.
    private static func each(_ locator: RowLocator, from start: Int64, to end: Int64, purpose: RowCursor.Purpose,
                             progress: ((Double) -> Bool)?,
                             take: (RowCursor, RowCursor.Span) -> Void) throws(ReadError) -> Bool {
        let spans = locator.spans(from: start, to: end)
        let work = max(1, spans.reduce(0) { $0 + $1.work })
        var done: Int64 = 0
        for span in spans {
            let cursor = try RowCursor(span, locator: locator, start: start, end: end, series: nil, purpose: purpose)
            while !cursor.isDone {
                _ = try cursor.step(limit: .max)
                if let progress, !cursor.isDone, !progress(Double(done + cursor.worked) / Double(work)) { return false }
            }
            done += span.work
            take(cursor, span)
        }
        return true
    }

    /// When each input is a series: the series of `source`'s rows (its
    /// base name, as the load named it).
    private static func fileSeries(_ source: RowSource, _ locator: RowLocator) -> Int {
        locator.series.names.firstIndex(of: InputSource.name(of: [.file(source.name)])) ?? 0
    }
}
