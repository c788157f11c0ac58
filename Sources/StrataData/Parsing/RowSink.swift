/// Where one reading thread puts its rows: the accumulator (a column for
/// the value or counted rows, then one per other value column), the series
/// table, and the accounting of read, accepted and skipped rows.
struct RowSink: Sendable {
    var accumulator: Accumulator
    var series = SeriesTable()
    var rowsRead = 0
    var accepted = 0
    var skipped = 0
    /// Rows `--where` did not pass, and how many of those lacked a field it names.
    var filteredOut = 0
    var lackingField = 0
    /// How many of those `progress` has been told of.
    var toldFilteredOut = 0
    var toldLackingField = 0
    var firstSkipped: [SkippedRow] = []
    var trail: RowTrail
    let keep: Int
    let strict: Bool
    /// Told of rows as they are read, every `RowReaders.cancelCheckInterval` rows.
    var progress: LoadProgress?
    /// Shown the rows read so far, now and then (the first thread's sink only).
    var watcher: (any RowWatcher)?
    /// A fine read's time range (`RangeFetch`): only rows, or the parts of
    /// intervals, inside it are added. Nil for a load, which adds every row.
    var window: Range<Int64>?

    init(calendar: CalendarSystem, baseUnit: TimeUnit, keep: Int, strict: Bool, sketches: Bool) {
        accumulator = Accumulator(calendar: calendar, baseUnit: baseUnit)
        if sketches { accumulator.keepSketches(unit: baseUnit) }
        trail = RowTrail(calendar: calendar, baseUnit: baseUnit)
        self.keep = keep
        self.strict = strict
    }

    /// An empty sink for more of the same read: the same rules, progress and limits.
    func fresh(calendar: CalendarSystem, baseUnit: TimeUnit) -> RowSink {
        var sink = RowSink(calendar: calendar, baseUnit: baseUnit, keep: keep, strict: strict, sketches: accumulator.sketches != nil)
        sink.progress = progress
        sink.intervals = intervals.emptied
        sink.accumulator.seriesBaseLimit = accumulator.seriesBaseLimit
        sink.accumulator.sketchLimit = accumulator.sketchLimit
        (sink.accumulator.baseLimit, sink.accumulator.coarsestBase) = (accumulator.baseLimit, accumulator.coarsestBase)
        return sink
    }

    /// Keeps what a load holds within `budget` bytes (nil: everything).
    /// Inputs whose pages and windows are read back (`readsBack`) keep a
    /// quarter's worth of intervals (about 40 bytes each, with the index's
    /// search array), and each series' base buckets of intervals while they
    /// fit. Inputs read once keep every interval. Past the budget, the base
    /// of instants becomes coarser for every series, up to `coarsest`.
    mutating func keep(within budget: Int64?, readsBack: Bool, coarsest: TimeUnit) {
        let buckets = budget.map(BucketBudget.buckets(within:)) ?? .max
        intervals.limit = readsBack ? budget.map { Int($0 / 4 / 40) } ?? .max : .max
        accumulator.seriesBaseLimit = readsBack ? buckets : .max
        (accumulator.baseLimit, accumulator.coarsestBase) = (buckets, coarsest)
        accumulator.sketchLimit = budget.map(BucketBudget.sketches(within:)) ?? .max
    }

    /// Makes room for `plan`'s other value columns: the accumulator's
    /// columns after the first (the value, counted rows, or the duration),
    /// counted as the plan's intervals count them.
    mutating func prepare(for plan: RowPlan) {
        accumulator.widen(to: plan.width)
        accumulator.countRows(plan.value == nil)
        if !plan.shares.isEmpty { accumulator.countIntervals(plan.shares) }
        for name in plan.sideBySideNames { _ = Array(name.utf8).withUnsafeBufferPointer { series.index(of: $0) } }
    }

    /// A row of value columns side by side (`RowPlan.sideBySide`): `values[k]`
    /// into series `k`, NaN meaning none there. One row, accepted once.
    @inline(__always)
    mutating func accept(seconds: Int64, sideBySide values: UnsafeMutableBufferPointer<Double>, count: Int) {
        accepted += 1
        trail.note(seconds: seconds, end: seconds, series: RowTap.everySeries, row: accepted)
        if let window, !window.contains(seconds) { return }
        for k in 0..<count where !values[k].isNaN { accumulator.add(seconds: seconds, value: values[k], series: k) }
    }

    @inline(__always)
    mutating func accept(seconds: Int64, value: Double, series: Int) {
        accepted += 1
        trail.note(seconds: seconds, end: seconds, series: series, row: accepted)
        if let window, !window.contains(seconds) { return }
        accumulator.add(seconds: seconds, value: value, series: series)
    }

    /// A record of several rows at different times (a wide table's cells),
    /// noted once for the row index and a card's rows, as an interval over
    /// the times its rows span: the rows follow with `acceptNoted`.
    mutating func noteRecord(from: Int64, to: Int64, series: Int) {
        trail.note(seconds: from, end: to, series: series, row: accepted + 1)
    }

    /// A row of a record noted with `noteRecord`.
    @inline(__always)
    mutating func acceptNoted(seconds: Int64, series: Int, values: UnsafeMutableBufferPointer<Double>) {
        accepted += 1
        if let window, !window.contains(seconds) { return }
        accumulator.add(seconds: seconds, series: series, values: values)
    }

    /// Interval rows, kept for the timeline.
    var intervals = IntervalList()
    /// With a `window`: the intervals overlapping it are kept whole in
    /// `intervals` (a window of the timeline), rather than their overlaps added.
    var collectsIntervals = false

    /// An interval row `[start, end)`, on physical line `line` of the input,
    /// with a value for each accumulator column (see `Accumulator.add(start:end:series:values:holdsStart:)`).
    @inline(__always)
    mutating func accept(start: Int64, end: Int64, series: Int, label: Field, line: Int, values: UnsafeMutableBufferPointer<Double>) {
        accepted += 1
        trail.note(seconds: start, end: end, series: series, row: accepted)
        if let window {
            // An instant inside, or the overlap of an interval reaching into it.
            let from = max(start, window.lowerBound), to = min(end, window.upperBound)
            guard from < to || (start == end && window.contains(start)) else { return }
            if collectsIntervals {
                intervals.append(start: start, end: end, series: series, label: label, line: line)
            } else {
                accumulator.add(start: from, end: to, series: series, values: UnsafeBufferPointer(values), holdsStart: from == start)
            }
            return
        }
        accumulator.add(start: start, end: end, series: series, values: UnsafeBufferPointer(values), holdsStart: true)
        if trail.tap == nil { intervals.append(start: start, end: end, series: series, label: label, line: line) }
    }

    /// A row of every value column, NaN where it has none (see `Accumulator.add(seconds:series:values:)`).
    @inline(__always)
    mutating func accept(seconds: Int64, series: Int, values: UnsafeMutableBufferPointer<Double>) {
        accepted += 1
        trail.note(seconds: seconds, end: seconds, series: series, row: accepted)
        if let window, !window.contains(seconds) { return }
        accumulator.add(seconds: seconds, series: series, values: values)
    }

    /// More than `cap` series: keeps the `cap - 1` largest apart, largest
    /// first (by the absolute total of their values, then by their rows),
    /// and puts the others into one, `the rest`. Returns how many series
    /// there were; nil, and nothing changed, when no more than `cap`.
    mutating func foldSeries(cap: Int) -> Int? {
        let count = series.names.count
        guard count > cap, !accumulator.holdsIntervals else { return nil }
        accumulator.flush()
        accumulator.regroupSeries(series.fold(keeping: Array(accumulator.seriesBySize(count: count).prefix(cap - 1))))
        return count
    }

    /// Whether a row passes `--where` (always, without one); one that does not is counted.
    @inline(__always)
    mutating func passes(_ matcher: RowMatcher?, text: @autoclosure () -> Field, field: (Int) -> Field?) -> Bool {
        guard let matcher else { return true }
        var lacking = false
        guard matcher.passes(text: text(), lacking: &lacking, field: field) else {
            filteredOut += 1
            if lacking { lackingField += 1 }
            return false
        }
        return true
    }

    /// Counts a bad row; with `--strict`, stops there.
    mutating func skip(_ row: @autoclosure () -> SkippedRow) throws(ReadError) {
        skipped += 1
        if strict { throw .badRow(row()) }
        if firstSkipped.count < keep { firstSkipped.append(row()) }
    }

    /// Adds a later part's rows (a second thread's half of a file); its
    /// skipped rows' lines are shifted by `lineOffset`.
    mutating func absorb(_ other: RowSink, lineOffset: Int) {
        let map = series.absorb(other.series)
        accumulator.merge(other.accumulator, seriesMap: map.isEmpty ? nil : map)
        trail.absorb(other.trail, lineOffset: lineOffset)
        intervals.absorb(other.intervals, seriesMap: map, lineOffset: lineOffset)
        rowsRead += other.rowsRead
        accepted += other.accepted
        skipped += other.skipped
        filteredOut += other.filteredOut
        lackingField += other.lackingField
        (toldFilteredOut, toldLackingField) = (toldFilteredOut + other.toldFilteredOut, toldLackingField + other.toldLackingField)
        for var row in other.firstSkipped where firstSkipped.count < keep {
            row.line += lineOffset
            firstSkipped.append(row)
        }
    }
}
