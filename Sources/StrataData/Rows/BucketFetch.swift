/// Reads the rows of one time range back from the inputs and adds them
/// into buckets of one unit, per series and value column: a page's fine
/// sub-buckets, from the byte ranges the checkpoints give (the spans a
/// `RowFetch` reads), every row of the range counted rather than the first
/// few collected.
enum BucketFetch {
    /// Every row of `[start, end)` (and the part of each interval inside
    /// it) in buckets of `unit` in the locator's calendar: one column per
    /// value column, series numbered as in the load. A bucket at an edge of
    /// the range holds only the range's part of it.
    /// - Parameter progress: called now and then with the share read so far
    ///   (0...1); false stops the read, and nil is returned.
    static func read(_ locator: RowLocator, from start: Int64, to end: Int64, unit: TimeUnit,
                     progress: ((Double) -> Bool)? = nil) throws(ReadError) -> Accumulator? {
        var total = Accumulator(calendar: locator.calendar, baseUnit: unit)
        let spans = locator.spans(from: start, to: end)
        let work = max(1, spans.reduce(0) { $0 + $1.work })
        var done: Int64 = 0
        for span in spans {
            let cursor = try RowCursor(span, locator: locator, start: start, end: end, series: nil, bucketUnit: unit)
            while !cursor.isDone {
                _ = try cursor.step(limit: .max)
                if let progress, !cursor.isDone, !progress(Double(done + cursor.worked) / Double(work)) { return nil }
            }
            done += span.work
            total.merge(cursor.buckets, seriesMap: locator.filePerSeries ? [fileSeries(span.source, locator)] : nil)
        }
        total.flush()
        return total
    }

    /// When each input is a series: the series of `source`'s rows (its
    /// base name, as the load named it).
    private static func fileSeries(_ source: RowSource, _ locator: RowLocator) -> Int {
        locator.series.names.firstIndex(of: DataLoader.sourceName([.file(source.name)])) ?? 0
    }
}
