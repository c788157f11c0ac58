/// Collects rows into base buckets (the finest sub-bucket any chosen level
/// needs) per series. Memory grows with the number of distinct buckets,
/// never with the number of rows. Readers may run one per thread and merge.
///
/// A loader's accumulator holds every value column of the input (`width`
/// of them): a row's bucket is found once for all its values, and the open
/// bucket's stats sit side by side. Reads are of the first column;
/// `column(_:)` takes one out on its own.
public struct Accumulator: Sendable {
    public let calendar: CalendarSystem
    /// Coarser than asked once the buckets pass `baseLimit`.
    public private(set) var baseUnit: TimeUnit
    /// `runs[column][series]` (series 0 being the only one when there is no series column).
    private var runs: [[BucketRun]]
    private var zoneCursor: ZoneRules.Cursor
    // Rows mostly arrive in time order: keep the open bucket out of the runs.
    private var openSeries = -1
    private var openOrdinal = 0
    /// The open bucket of column 0, and of the columns after it (`others[k - 1]`
    /// is column `k`'s): a bucket of one column is a stored property, not an
    /// array element to check for sharing on every row. Empty ones
    /// (`Self.blank`) are not flushed. Their sums are compensated: a
    /// bucket's rows are most of the additions a period's sum is made of.
    private var first = Self.blank
    private var others: [CompensatedStats]
    /// The values' sketches, beside the buckets, for percentiles (`keepSketches(unit:)`);
    /// nil in a load that asks for none (kept but empty for counted rows and intervals, which take no values).
    public private(set) var sketches: SketchTable?
    /// Rows the open bucket took through `add(seconds:series:values:)`.
    private var openRows = 0
    /// Column 0 counts rows: its stats come from `openRows` at the flush
    /// instead of a 1 added row by row.
    private(set) var countsRows = false
    /// UTC instants `[openFrom, openTo)` all fall in the open bucket (one
    /// zone offset, one ordinal): a row there skips the calendar arithmetic.
    private var openFrom: Int64 = 1
    private var openTo: Int64 = 0

    /// An empty bucket whose sum is -0.0: adding a value to it gives exactly
    /// `Stats(value:)`, even for a -0.0 (0.0 + -0.0 would be 0.0).
    private static let blank: CompensatedStats = {
        var s = Stats()
        s.sum = -0.0
        return CompensatedStats(s)
    }()

    /// Interval data only: per column, per unit coarser than the base
    /// (`baseUnit + 1` first, up to years), per series, every period's stats
    /// over the intervals overlapping it, each counted once. Base buckets
    /// cannot be merged into the duration's: an interval over three hours
    /// would count 3 in its day.
    private var coarser: [[[BucketRun]]] = []
    /// Interval data only: per column, per unit coarser than the base and
    /// finer than `seriesUnit`, every series' periods together ("all"'s),
    /// as `coarser` is indexed. A thousand channels over two years are
    /// 730,000 channel-days apart, 730 days together: past the budget a
    /// series' periods of such a unit are read back with its page.
    private var coarserTogether: [[MergedRun]] = []
    /// Interval data: whether the periods of every unit coarser than the
    /// base are kept (`coarser`); not for a read of a page's bars, which
    /// are the base buckets alone.
    var keepsCoarserPeriods = true
    /// Interval data only: per column, per series, each interval once, whole.
    private var intervalTotals: [[Stats]] = []
    /// Series every column has room for in the interval tables.
    private var intervalSlots = 0
    /// The rows are intervals (`add(start:end:series:)`), not instants.
    public private(set) var holdsIntervals = false
    /// Interval data: how each column's value counts in the periods an
    /// interval overlaps (the duration's is `.overlap`).
    public private(set) var shares: [IntervalShare] = [.overlap]
    /// The most base buckets kept apart, over every series; `Int.max` for
    /// an input read once, whose pages cannot be read back. Interval data
    /// past it puts every series' into one run (`merged`), and a series'
    /// base sub-buckets are read back from the source a page at a time: two
    /// hundred channels over three years are 5 million hours apart, 26,000
    /// together. Any data past `baseLimit` at `coarsestBase` does too
    /// (`keepSeriesWithinBaseLimit`).
    var seriesBaseLimit = Int.max
    /// Every series' base buckets are in `merged`, a run per column: interval
    /// data past `seriesBaseLimit`, or any data read back past `baseLimit` at
    /// `coarsestBase` (each series then keeps its own of `seriesUnit`).
    public private(set) var mergesSeriesBase = false
    private var merged: [MergedRun] = []
    /// The finest unit each series keeps its own buckets or periods of: the
    /// base, or once `mergesSeriesBase`, a coarser one. Instants' series
    /// buckets in `runs` are then of a unit made of whole base buckets (an
    /// hour's day, a day's month), made coarser again while the buckets
    /// pass `baseLimit` and the series' outnumber every series' together:
    /// sixty series' hours over two years are a million buckets, their
    /// days 44,000. Interval data keeps a series' coarser periods in
    /// `coarser`: the unit after the base, or past the budget a coarser
    /// one (`keepSeriesPeriodsWithinBaseLimit`).
    public private(set) var seriesUnit: TimeUnit
    /// The last base ordinal a flush put into a series' coarser bucket, and that bucket's ordinal.
    private var lastSeriesOrdinal = (base: Int.min, series: 0)
    /// Interval data whose base was made coarser past `baseLimit`: the base
    /// is then a level's periods (or a unit the coarser tables keep per
    /// series anyway), so each series keeps its own, and they go together
    /// only past `baseLimit` at `coarsestBase`, not past `seriesBaseLimit`.
    var baseCoarsened = false
    /// Buckets entered (for intervals, the base buckets they may cover, in
    /// every column they fill) since the buckets were last counted against
    /// `baseLimit` (and `seriesBaseLimit`).
    private var sinceCount = 0
    /// How many may be entered between two counts: a count is a sum over
    /// the runs (a thousand series' at most), and shuffled rows' buckets
    /// (kept aside, at twice an ordered one's cost) must not overshoot far.
    private static let countEvery = 8_192
    /// The most base buckets kept, over every column and series. Past it
    /// the base becomes the next coarser unit, up to `coarsestBase`: each
    /// bucket of instants merged into its hour (or day); for intervals, the
    /// coarser unit's own periods (`coarsenIntervals`).
    var baseLimit = Int.max
    /// The most sketches kept (`BucketBudget.sketches(within:)`): past it
    /// they are kept per coarser period, up to days, and finer sub-buckets'
    /// percentiles are read back from the source.
    var sketchLimit = Int.max
    /// The coarsest base `baseLimit` makes: days, or a followed file's finest level's periods.
    var coarsestBase = TimeUnit.day

    public init(calendar: CalendarSystem, baseUnit: TimeUnit) {
        self.init(calendar: calendar, baseUnit: baseUnit, width: 1)
    }

    init(calendar: CalendarSystem, baseUnit: TimeUnit, width: Int) {
        self.calendar = calendar
        self.baseUnit = baseUnit
        self.seriesUnit = baseUnit
        self.runs = Array(repeating: [BucketRun()], count: width)
        self.others = Array(repeating: Self.blank, count: width - 1)
        self.zoneCursor = calendar.zone.cursor()
    }

    /// Value columns held.
    var width: Int { runs.count }

    /// Keeps a sketch of the values from now on, per period of `unit` (the base or coarser).
    public mutating func keepSketches(unit: TimeUnit) {
        flush()
        sketches = SketchTable(unit: Swift.max(unit, baseUnit))
    }

    /// No buckets, sketches of the same unit, series' intervals put together
    /// past the same limit (a load's column carries no other): a followed file cut short.
    var emptied: Accumulator {
        var empty = Accumulator(calendar: calendar, baseUnit: baseUnit)
        (empty.seriesBaseLimit, empty.baseCoarsened) = (seriesBaseLimit, baseCoarsened)
        if let sketches { empty.keepSketches(unit: sketches.unit) }
        return empty
    }

    /// Adds empty columns up to `width` (counted at their rows' starts, for intervals).
    mutating func widen(to width: Int) {
        while runs.count < width {
            runs.append([BucketRun()])
            others.append(Self.blank)
            shares.append(.atStart)
        }
        if holdsIntervals { holdIntervals(series: 0) }
        if mergesSeriesBase { while merged.count < runs.count { merged.append(MergedRun()) } }
    }

    /// Interval data: how each column counts in the periods an interval overlaps, from now on.
    public mutating func countIntervals(_ shares: [IntervalShare]) {
        widen(to: shares.count)
        self.shares = shares + self.shares.dropFirst(shares.count)
    }

    /// Adds one accepted row: its UTC instant in seconds, its value (1 when
    /// counting) and its series index (0 without a series column).
    @inline(__always)
    public mutating func add(seconds: Int64, value: Double, series: Int = 0) {
        if seconds < openFrom || seconds >= openTo || series != openSeries { enter(seconds: seconds, series: series) }
        first.add(value)
        if sketches != nil { sketches!.add(value, column: 0) }
    }

    /// Adds one row of every column: `values[k]` goes to column `k`, NaN
    /// meaning no value there (parsed values are always finite).
    @inline(__always)
    mutating func add(seconds: Int64, series: Int, values: UnsafeMutableBufferPointer<Double>) {
        if seconds < openFrom || seconds >= openTo || series != openSeries { enter(seconds: seconds, series: series) }
        openRows &+= 1
        if !countsRows && !values[0].isNaN { first.add(values[0]) }
        if sketches != nil { sketchValues(values) }
        guard values.count > 1 else { return }
        others.withUnsafeMutableBufferPointer { stats in
            for k in 0..<Swift.min(values.count - 1, stats.count) where !values[k + 1].isNaN { stats[k].add(values[k + 1]) }
        }
    }

    /// A row's values into the open sketches (a counted column has none).
    private mutating func sketchValues(_ values: UnsafeMutableBufferPointer<Double>) {
        for k in values.indices where !values[k].isNaN && !(k == 0 && countsRows) { sketches!.add(values[k], column: k) }
    }

    /// Whether column 0 counts rows (see `countsRows`) from now on.
    mutating func countRows(_ counts: Bool) {
        flush()
        countsRows = counts
    }

    /// Makes the bucket of `seconds` in `series` the open one.
    private mutating func enter(seconds: Int64, series: Int) {
        if baseLimit < .max {
            sinceCount += 1
            if sinceCount >= Swift.min(Self.countEvery, baseLimit) { keepWithinBaseLimit() }
        }
        let offset = zoneCursor.offset(at: seconds)
        let ordinal = calendar.ordinal(of: baseUnit, at: seconds, offset: offset, segment: zoneCursor.segment)
        if ordinal != openOrdinal || series != openSeries {
            flushBuckets()
            openSeries = series
            openOrdinal = ordinal
            if sketches != nil { enterSketch() }
        }
        // The instants around this one with the same ordinal: the same
        // minute, hour or civil day, while the zone's segment stays the same.
        let width: Int64, shift: Int64
        switch baseUnit {
        case .minute: width = 60; shift = floorMod64(offset, 60)
        case .hour: width = 3600; shift = floorMod64(offset, 3600)
        default: width = 86_400; shift = offset
        }
        let from = floorDiv64(seconds + shift, width) * width - shift
        if seconds >= zoneCursor.validFrom && seconds < zoneCursor.validTo {
            openFrom = Swift.max(from, zoneCursor.validFrom)
            openTo = Swift.min(from + width, zoneCursor.validTo)
        } else {
            openFrom = 1
            openTo = 0
        }
    }

    /// Adds a base bucket's stats whole, as a database's `GROUP BY` gives
    /// them: `start` is the UTC instant the bucket starts at. False, and
    /// nothing added, when no base bucket starts there (zone rules that
    /// disagree with this calendar's).
    public mutating func add(_ stats: Stats, bucketStart start: Int64, series: Int) -> Bool {
        let ordinal = calendar.ordinal(of: baseUnit, at: start)
        guard calendar.start(of: baseUnit, ordinal: ordinal) == start else { return false }
        flush()
        while runs[0].count <= series { runs[0].append(BucketRun()) }
        guard !stats.isEmpty else { return true }
        if mergesSeriesBase {
            merged[0].add(ordinal, stats)
            runs[0][series].add(seriesOrdinal(of: ordinal), stats)
        } else {
            runs[0][series].add(ordinal, stats)
        }
        return true
    }

    /// Keeps the series' buckets as `other` keeps its: every series'
    /// together, each series' of the coarser `seriesUnit` of the two (a
    /// file's halves, or a database's value columns, one of which passed
    /// the budget with fewer buckets than another).
    public mutating func keepSeries(like other: Accumulator) {
        guard other.mergesSeriesBase else { return }
        mergeSeriesBase()
        if holdsIntervals {
            while seriesUnit < other.seriesUnit { mergeSeriesPeriods() }
        } else if seriesUnit < other.seriesUnit {
            coarsenSeriesRuns(to: other.seriesUnit)
        }
    }

    /// A database's load, whose base the server's `GROUP BY` gives: past
    /// `buckets` (counted by `keepWithinBaseLimit`) every series' are kept
    /// together and each series' of a coarser unit, as a file's are.
    public mutating func keepSeries(within buckets: Int) {
        (baseLimit, seriesBaseLimit, coarsestBase) = (buckets, buckets, baseUnit)
    }

    /// Adds one interval `[start, end)` (UTC seconds, `end >= start`) to
    /// the duration's column: in every base bucket and every coarser period
    /// it overlaps, it counts 1 with the overlap in seconds as its value. A
    /// zero-length interval is an instant: 1 with value 0 where it lies.
    public mutating func add(start: Int64, end: Int64, series: Int = 0) {
        var duration = 0.0
        withUnsafeMutablePointer(to: &duration) {
            add(start: start, end: end, series: series, values: UnsafeBufferPointer(start: $0, count: 1), holdsStart: true)
        }
    }

    /// Adds one interval `[start, end)` with `values[k]` for column `k`
    /// (NaN: none there), each counted as the column's share says in every
    /// base bucket and coarser period the interval overlaps. `holdsStart`:
    /// the interval starts at `start` (not a part of one, cut at a read's
    /// edge), so a quantity counts there. The work is one step per base
    /// bucket covered, plus one per coarser period, for all columns at once.
    mutating func add(start: Int64, end: Int64, series: Int, values: UnsafeBufferPointer<Double>, holdsStart: Bool) {
        holdIntervals(series: series)
        let columns = Swift.min(values.count, runs.count), instant = start == end
        if Swift.min(baseLimit, seriesBaseLimit) < .max {
            // Counted before the interval is split: years of minutes are millions of buckets on their own.
            let pieces = columns * basePieces(start: start, end: end)
            sinceCount += pieces
            if sinceCount >= Swift.min(Self.countEvery, baseLimit, seriesBaseLimit) {
                keepIntervalBaseWithinLimits(adding: start..<end, pieces: pieces, columns: columns)
            }
        }
        for c in 0..<columns where !values[c].isNaN {
            if let whole = shares[c].piece(values[c], seconds: end - start, instant: instant, holdsStart: holdsStart) {
                intervalTotals[c][series].merge(whole)
            }
        }
        var unit = baseUnit
        // A loop per unit, not a closure per piece: the runs are mutated in place, with no copy.
        while true {
            let k = unit.rawValue - baseUnit.rawValue - 1, together = unit < seriesUnit
            var ordinal = calendar.ordinal(of: unit, at: start)
            var from = start
            while true {
                let to = min(max(calendar.start(of: unit, ordinal: ordinal + 1), from), end)
                for c in 0..<columns where !values[c].isNaN {
                    guard let piece = shares[c].piece(values[c], seconds: to - from, instant: instant, holdsStart: holdsStart && from == start)
                    else { continue }
                    addPeriod(piece, unitIndex: k, together: together, ordinal: ordinal, series: series, column: c)
                }
                if to >= end { break }
                from = to
                ordinal += 1
            }
            guard unit < .coarsest, keepsCoarserPeriods else { break }
            unit = TimeUnit(rawValue: unit.rawValue + 1)!
        }
    }

    /// The base buckets `[start, end)` may cover, at most (a day for units past it, as no base is finer).
    private func basePieces(start: Int64, end: Int64) -> Int {
        Int(Swift.min((end - start) / IntervalRule.bucketSeconds(baseUnit) + 1, Int64(Int32.max)))
    }

    /// Interval data: puts every series' base buckets together once they
    /// pass `seriesBaseLimit`, then makes the base coarser while they and
    /// those of `interval` (`pieces` in its `columns` at the base now), about to be added, would pass `baseLimit`.
    private mutating func keepIntervalBaseWithinLimits(adding interval: Range<Int64>, pieces: Int, columns: Int) {
        mergeSeriesBaseOverLimit(adding: pieces)
        var pieces = pieces
        while baseUnit < coarsestBase, bucketCount + pieces > baseLimit {
            coarsen()
            // A coarser base cuts the interval in fewer buckets.
            pieces = columns * basePieces(start: interval.lowerBound, end: interval.upperBound)
        }
        keepSeriesWithinBaseLimit(adding: pieces)
    }

    /// Interval data aggregated elsewhere (a database's `GROUP BY`): the
    /// stats of the intervals overlapping the period of `unit` (the base or
    /// coarser) that starts at UTC instant `start`, each counted once with
    /// its overlap, as `add(start:end:series:)` counts them. False, and
    /// nothing added, when no period of `unit` starts there.
    public mutating func add(intervals stats: Stats, unit: TimeUnit, periodStart start: Int64, series: Int, column c: Int = 0) -> Bool {
        let ordinal = calendar.ordinal(of: unit, at: start)
        guard unit >= baseUnit, calendar.start(of: unit, ordinal: ordinal) == start else { return false }
        holdIntervals(series: series)
        guard !stats.isEmpty else { return true }
        addPeriod(stats, unitIndex: unit.rawValue - baseUnit.rawValue - 1, together: unit < seriesUnit, ordinal: ordinal, series: series, column: c)
        return true
    }

    /// Interval data: a period's stats into where its unit is kept: the
    /// base (`unitIndex` -1: every series' together past the budget, or the
    /// series'), or coarser (`together`: every series', finer than `seriesUnit`).
    @inline(__always)
    private mutating func addPeriod(_ stats: Stats, unitIndex k: Int, together: Bool, ordinal: Int, series: Int, column c: Int) {
        if k >= 0 {
            if together { coarserTogether[c][k].add(ordinal, stats) } else { coarser[c][k][series].add(ordinal, stats) }
        } else if mergesSeriesBase {
            merged[c].add(ordinal, stats)
        } else {
            runs[c][series].add(ordinal, stats)
        }
    }

    /// Interval data aggregated elsewhere: series `series`' intervals in column `c`, each once, whole.
    public mutating func add(intervalTotal stats: Stats, series: Int, column c: Int = 0) {
        holdIntervals(series: series)
        intervalTotals[c][series].merge(stats)
    }

    /// Makes this an accumulator of intervals, with room for `series` in every column.
    private mutating func holdIntervals(series: Int) {
        flush()
        // Called for every interval: most find their room made.
        guard !holdsIntervals || coarser.count < runs.count || series >= intervalSlots else { return }
        holdsIntervals = true
        let units = TimeUnit.coarsest.rawValue - baseUnit.rawValue
        while coarser.count < runs.count { coarser.append(Array(repeating: [], count: units)) }
        while coarserTogether.count < runs.count { coarserTogether.append(Array(repeating: MergedRun(), count: units)) }
        while intervalTotals.count < runs.count { intervalTotals.append([]) }
        while merged.count < runs.count { merged.append(MergedRun()) }
        for c in runs.indices {
            while runs[c].count <= series { runs[c].append(BucketRun()) }
            while intervalTotals[c].count <= series { intervalTotals[c].append(Stats()) }
            for k in coarser[c].indices { while coarser[c][k].count <= series { coarser[c][k].append(BucketRun()) } }
        }
        intervalSlots = intervalTotals.map(\.count).min() ?? 0
    }

    /// Makes the base coarser while its buckets number more than `baseLimit`
    /// (counted now and then while reading, and once at the end).
    public mutating func keepWithinBaseLimit() {
        sinceCount = 0
        guard baseLimit < .max else { return }
        flush()
        while baseUnit < coarsestBase, bucketCount > baseLimit { coarsen() }
        keepSeriesWithinBaseLimit()
    }

    /// At the coarsest base and still past `baseLimit`, a load whose pages
    /// are read back (`seriesBaseLimit` set) keeps every series' base
    /// buckets together, and each series' of a coarser unit (instants, up
    /// to years); or
    /// its coarser periods only (intervals, which keep them anyway). The
    /// finest level's periods of one series are then read back with its page.
    private mutating func keepSeriesWithinBaseLimit(adding pieces: Int = 0) {
        guard seriesBaseLimit < .max, runs[0].count > 1 else { return }
        if baseUnit == coarsestBase, bucketCount + pieces > baseLimit {
            mergeSeriesBase()
            // Coarser still while the series' own pass it and outnumber every series' together.
            while !holdsIntervals, seriesUnit < .year, bucketCount > baseLimit,
                  runs.joined().reduce(0, { $0 + $1.count }) > merged.reduce(0, { $0 + $1.count }) {
                coarsenSeriesRuns(to: Self.unit(holding: seriesUnit))
            }
        }
        if holdsIntervals { keepSeriesPeriodsWithinBaseLimit() }
    }

    /// Interval data whose series' base periods are together: while those
    /// and the coarser periods kept pass `baseLimit`, every series' periods
    /// of `seriesUnit` go together too, and each series keeps the next
    /// unit's: a thousand channels' days, then their weeks. Not while the
    /// base outnumbers them (it is made coarser first), nor while they are
    /// few: the first rows of a load would decide, whatever their order.
    private mutating func keepSeriesPeriodsWithinBaseLimit() {
        guard mergesSeriesBase else { return }
        while seriesUnit < .coarsest, bucketCount + coarserCount > baseLimit,
              seriesPeriodCount > Swift.max(bucketCount, Self.fewSeriesPeriods) {
            mergeSeriesPeriods()
        }
    }

    /// Series' periods of a unit too few to read back rather than keep.
    private static let fewSeriesPeriods = 512

    /// Interval data: the series' own periods of `seriesUnit`, over every column.
    private var seriesPeriodCount: Int {
        let k = seriesUnit.rawValue - baseUnit.rawValue - 1
        return coarser.reduce(0) { total, units in total + (units.indices.contains(k) ? units[k].reduce(0) { $0 + $1.count } : 0) }
    }

    /// Interval data: periods kept of the units coarser than the base, over every column and series (every series' together too).
    private var coarserCount: Int {
        coarser.joined().joined().reduce(0) { $0 + $1.count } + coarserTogether.joined().reduce(0) { $0 + $1.count }
    }

    /// Interval data: every series' periods of `seriesUnit` put together
    /// ("all"'s), column by column; the series keep the next unit's.
    private mutating func mergeSeriesPeriods() {
        flush()
        let k = seriesUnit.rawValue - baseUnit.rawValue - 1
        for c in coarser.indices {
            coarserTogether[c][k] = Self.together(coarser[c][k])
            coarser[c][k] = coarser[c][k].map { _ in BucketRun() }
        }
        seriesUnit = TimeUnit(rawValue: seriesUnit.rawValue + 1)!
    }

    /// Every series' buckets in one run, each ordinal's merged.
    private static func together(_ runs: [BucketRun]) -> MergedRun {
        var table: [Int: Stats] = [:]
        for run in runs {
            let sorted = run.sorted
            for (ordinal, bucket) in zip(sorted.ordinals, sorted.stats) { table[ordinal, default: Stats()].merge(bucket) }
        }
        return MergedRun(BucketSeries(table))
    }

    /// The next coarser unit made of whole periods of `unit`: a day's month, not its week.
    static func unit(holding unit: TimeUnit) -> TimeUnit {
        switch unit {
        case .day, .week: .month
        case .century: .century
        default: TimeUnit(rawValue: unit.rawValue + 1)!
        }
    }

    /// Instants: each series' buckets merged into the periods of `unit` (coarser than theirs) holding them.
    private mutating func coarsenSeriesRuns(to unit: TimeUnit) {
        runs = runs.map { column in column.map { Self.coarsened($0.sorted, from: seriesUnit, to: unit, calendar: calendar) } }
        seriesUnit = unit
        lastSeriesOrdinal = (.min, 0)
    }

    /// Sorted buckets of `unit` merged into the periods of `coarser` holding them.
    private static func coarsened(_ sorted: BucketSeries, from unit: TimeUnit, to coarser: TimeUnit, calendar: CalendarSystem) -> BucketRun {
        var run = BucketRun(), from = 0
        // Sorted buckets lie in sorted coarser ones: each coarser bucket is a run of them.
        while from < sorted.ordinals.count {
            let ordinal = calendar.ordinal(of: coarser, at: calendar.start(of: unit, ordinal: sorted.ordinals[from]))
            var to = from + 1
            while to < sorted.ordinals.count,
                  calendar.ordinal(of: coarser, at: calendar.start(of: unit, ordinal: sorted.ordinals[to])) == ordinal { to += 1 }
            run.add(ordinal, sorted.stats[from..<to].merged())
            from = to
        }
        return run
    }

    /// Base buckets held, over every column and series (every series' together too).
    var bucketCount: Int { runs.joined().reduce(0) { $0 + $1.count } + merged.reduce(0) { $0 + $1.count } }

    /// The next coarser base: each bucket merged into the one holding its
    /// start (every series' together too, each series' own kept no finer).
    mutating func coarsen() {
        if holdsIntervals { return coarsenIntervals() }
        flush()
        let unit = TimeUnit(rawValue: baseUnit.rawValue + 1)!
        if mergesSeriesBase {
            merged = merged.map { MergedRun(Self.coarsened($0.sorted, from: baseUnit, to: unit, calendar: calendar).sorted) }
            if seriesUnit <= unit { coarsenSeriesRuns(to: Self.unit(holding: unit)) }
            lastSeriesOrdinal = (.min, 0)
        } else {
            runs = runs.map { column in column.map { Self.coarsened($0.sorted, from: baseUnit, to: unit, calendar: calendar) } }
            seriesUnit = unit
        }
        baseUnit = unit
        sketches?.coarsen(to: unit, calendar: calendar)
    }

    /// Interval data: the next coarser unit's periods become the base as
    /// they are (each interval counted once in each), and the finer buckets
    /// are let go: they cannot be merged into them, as an interval over
    /// three minutes counts once in its hour. Every level's periods stay
    /// exact; a page's finer bars are read back (or not kept, read once).
    private mutating func coarsenIntervals() {
        flush()
        let next = TimeUnit(rawValue: baseUnit.rawValue + 1)!
        // Every series' periods of the next unit together: they stay so, as the base.
        let together = next < seriesUnit
        for c in runs.indices {
            runs[c] = coarser[c].removeFirst()
            let nextTogether = coarserTogether[c].removeFirst()
            merged[c] = together ? nextTogether : MergedRun()
        }
        (baseUnit, baseCoarsened) = (next, true)
        if !together { (mergesSeriesBase, seriesUnit) = (false, baseUnit) }
        sketches?.coarsen(to: baseUnit, calendar: calendar)
    }

    /// Puts every series' base buckets together once they, and `pieces`
    /// about to be added, number more than `seriesBaseLimit`, or `baseLimit`
    /// (a half of a file read by two threads keeps half): before the base is
    /// made coarser, which would read "all"'s finer bars back too. Not a
    /// coarsened base's (`baseCoarsened`).
    private mutating func mergeSeriesBaseOverLimit(adding pieces: Int = 0) {
        sinceCount = 0
        guard seriesBaseLimit < .max, !mergesSeriesBase, !baseCoarsened else { return }
        if bucketCount + pieces > Swift.min(seriesBaseLimit, baseLimit) { mergeSeriesBase() }
    }

    /// Puts every series' base buckets together in `merged`, column by
    /// column, keeping their slots (`seriesCount`): interval data lets each
    /// series' go (its coarser periods are kept apart), instants keep each
    /// series' merged into the unit holding the base's.
    private mutating func mergeSeriesBase() {
        guard !mergesSeriesBase else { return }
        flush()
        if holdsIntervals { holdIntervals(series: 0) }
        while merged.count < runs.count { merged.append(MergedRun()) }
        for c in runs.indices {
            merged[c] = Self.together(runs[c])
            if holdsIntervals { runs[c] = runs[c].map { _ in BucketRun() } }
        }
        mergesSeriesBase = true
        if holdsIntervals {
            seriesUnit = TimeUnit(rawValue: baseUnit.rawValue + 1)!
        } else {
            coarsenSeriesRuns(to: Self.unit(holding: baseUnit))
        }
    }

    /// Interval data: series `s`'s periods of `unit` (coarser than the base), sorted by ordinal, of the first column.
    /// Nil where the series keep no periods of their own of `unit` (finer than `seriesUnit`: `periodsTogether`).
    public func sortedPeriods(of unit: TimeUnit, series s: Int) -> BucketSeries? {
        let k = unit.rawValue - baseUnit.rawValue - 1
        guard holdsIntervals, unit >= seriesUnit, let units = coarser.first, units.indices.contains(k) else { return nil }
        return s < units[k].count ? units[k][s].sorted : BucketSeries(sortedOrdinals: [], stats: [])
    }

    /// Interval data: every series' periods of `unit` together, of the
    /// first column, where the series keep none of their own (coarser than
    /// the base, finer than `seriesUnit`).
    public func periodsTogether(of unit: TimeUnit) -> BucketSeries? {
        let k = unit.rawValue - baseUnit.rawValue - 1
        guard holdsIntervals, unit < seriesUnit, let units = coarserTogether.first, units.indices.contains(k) else { return nil }
        return units[k].sorted
    }

    /// Interval data: series `s`'s intervals, each once, whole, of the first column.
    public func intervalTotal(series s: Int) -> Stats {
        guard let totals = intervalTotals.first, s < totals.count else { return Stats() }
        return totals[s]
    }

    /// Moves the open bucket into its series' runs, and the open sketch into
    /// its table; call before reading the buckets.
    public mutating func flush() {
        flushBuckets()
        guard sketches != nil else { return }
        sketches!.storeOpen()
        keepSketchesWithinLimit()
    }

    /// The open sketch takes the values of the open bucket's period of the
    /// sketches' unit: a day's hours go to one sketch, stored once the day ends.
    private mutating func enterSketch() {
        let unit = sketches!.unit
        let ordinal = unit == baseUnit ? openOrdinal : calendar.ordinal(of: unit, at: calendar.start(of: baseUnit, ordinal: openOrdinal))
        if sketches!.enter(ordinal: ordinal, series: openSeries) { keepSketchesWithinLimit() }
    }

    /// Sketches held, over every column and series.
    var sketchCount: Int { sketches?.count ?? 0 }

    /// Keeps the sketches per period of `unit` from now on (coarser than theirs), each merged into the one holding it.
    mutating func coarsenSketches(to unit: TimeUnit) {
        flush()
        sketches?.coarsen(to: unit, calendar: calendar)
    }

    private mutating func keepSketchesWithinLimit() {
        while sketches!.count > sketchLimit, sketches!.unit < .day {
            sketches!.coarsen(to: TimeUnit(rawValue: sketches!.unit.rawValue + 1)!, calendar: calendar)
        }
    }

    private mutating func flushBuckets() {
        guard openSeries >= 0 else { return }
        if countsRows && openRows > 0 { first = CompensatedStats(Stats(count: openRows, sum: Double(openRows), min: 1, max: 1)) }
        openRows = 0
        let seriesOrdinal = mergesSeriesBase ? seriesOrdinal(of: openOrdinal) : openOrdinal
        store(first.total, column: 0, seriesOrdinal: seriesOrdinal)
        first = Self.blank
        for k in others.indices {
            store(others[k].total, column: k + 1, seriesOrdinal: seriesOrdinal)
            others[k] = Self.blank
        }
        openSeries = -1
        openFrom = 1
        openTo = 0
    }

    /// The open bucket into its series' run at `seriesOrdinal` (of `seriesUnit`), and into every series' (`merged`) when kept apart.
    private mutating func store(_ bucket: Stats, column k: Int, seriesOrdinal: Int) {
        guard !bucket.isEmpty else { return }
        while runs[k].count <= openSeries { runs[k].append(BucketRun()) }
        runs[k][openSeries].add(seriesOrdinal, bucket)
        if mergesSeriesBase { merged[k].add(openOrdinal, bucket) }
    }

    /// The ordinal of the series' bucket (`seriesUnit`) holding base bucket
    /// `ordinal`: interleaved series flush the same hour over and over.
    private mutating func seriesOrdinal(of ordinal: Int) -> Int {
        if lastSeriesOrdinal.base != ordinal {
            lastSeriesOrdinal = (ordinal, calendar.ordinal(of: seriesUnit, at: calendar.start(of: baseUnit, ordinal: ordinal)))
        }
        return lastSeriesOrdinal.series
    }

    /// Adds another accumulator's buckets, column by column; `seriesMap[i]`
    /// is where its series `i` goes here.
    public mutating func merge(_ other: Accumulator, seriesMap: [Int]? = nil) {
        flush()
        var other = other
        other.flush()
        // A side made coarser by its limit: the other's buckets are merged into the same unit.
        while baseUnit < other.baseUnit { coarsen() }
        while other.baseUnit < baseUnit { other.coarsen() }
        if var theirs = other.sketches {
            if sketches == nil { sketches = SketchTable(unit: theirs.unit) }
            sketches!.coarsen(to: theirs.unit, calendar: calendar)
            theirs.coarsen(to: sketches!.unit, calendar: calendar)
            sketches!.merge(theirs, seriesMap: seriesMap)
        }
        widen(to: other.width)
        other.widen(to: width)
        if other.holdsIntervals, !holdsIntervals { shares = other.shares }
        if other.holdsIntervals { holdIntervals(series: 0) }
        baseCoarsened = baseCoarsened || other.baseCoarsened
        // Series' base buckets kept apart on one side are put together on both, before the runs join.
        if mergesSeriesBase || other.mergesSeriesBase {
            keepSeries(like: other)
            other.keepSeries(like: self)
            for c in merged.indices { merged[c].merge(other.merged[c]) }
        }
        for (k, column) in other.runs.enumerated() { Self.merge(column, into: &runs[k], seriesMap: seriesMap) }
        guard other.holdsIntervals else { return }
        mergeSeriesBaseOverLimit()
        for (c, units) in other.coarser.enumerated() {
            for (k, unitRuns) in units.enumerated() { Self.merge(unitRuns, into: &coarser[c][k], seriesMap: seriesMap) }
        }
        for (c, units) in other.coarserTogether.enumerated() {
            for (k, run) in units.enumerated() { coarserTogether[c][k].merge(run) }
        }
        for (c, totals) in other.intervalTotals.enumerated() {
            for (i, total) in totals.enumerated() {
                let target = seriesMap?[i] ?? i
                while intervalTotals[c].count <= target { intervalTotals[c].append(Stats()) }
                intervalTotals[c][target].merge(total)
            }
        }
    }

    /// Puts series `i` into series `map[i]`, several into one where they
    /// share a target (instants only: intervals keep more than the runs).
    mutating func regroupSeries(_ map: [Int]) {
        precondition(!holdsIntervals)
        flush()
        runs = runs.map { column in
            var into: [BucketRun] = []
            Self.merge(column, into: &into, seriesMap: map)
            return into.isEmpty ? [BucketRun()] : into
        }
        sketches?.regroupSeries(map)
    }

    /// Adds `from`'s series `i` to `into`'s series `seriesMap[i]` (`i` without a map).
    private static func merge(_ from: [BucketRun], into: inout [BucketRun], seriesMap: [Int]?) {
        for (i, run) in from.enumerated() {
            let target = seriesMap?[i] ?? i
            while into.count <= target { into.append(BucketRun()) }
            into[target].merge(run)
        }
    }

    /// Column `k` on its own (flushed), with its coarser periods, totals and share for intervals.
    public func column(_ k: Int) -> Accumulator {
        var copy = self
        copy.flush()
        var one = Accumulator(calendar: calendar, baseUnit: baseUnit)
        one.sketches = copy.sketches?.column(k)
        one.runs = [copy.runs[k]]
        one.shares = [shares[k]]
        (one.seriesBaseLimit, one.mergesSeriesBase, one.seriesUnit) = (seriesBaseLimit, mergesSeriesBase, seriesUnit)
        if mergesSeriesBase || holdsIntervals { one.merged = [copy.merged[k]] }
        if holdsIntervals {
            one.holdsIntervals = true
            one.coarser = [copy.coarser[k]]
            one.coarserTogether = [copy.coarserTogether[k]]
            one.intervalTotals = [copy.intervalTotals[k]]
            one.baseCoarsened = baseCoarsened
        }
        return one
    }

    /// How many series have buckets slots (series 0 always).
    public var seriesCount: Int { runs[0].count }

    /// Series `s`'s buckets, of `seriesUnit`, sorted by ordinal (call `flush` first).
    public func sortedBuckets(series s: Int) -> BucketSeries {
        s < runs[0].count ? runs[0][s].sorted : BucketSeries(sortedOrdinals: [], stats: [])
    }

    /// The first `count` series, largest first: by the absolute total of
    /// their values, then by their rows, then in their order (call `flush` first).
    public func seriesBySize(count: Int) -> [Int] {
        let sizes = (0..<count).map { s in
            sortedBuckets(series: s).stats.reduce((total: 0.0, rows: 0)) { ($0.total + abs($1.sum), $0.rows + $1.count) }
        }
        return (0..<count).sorted { a, b in
            sizes[a].total != sizes[b].total ? sizes[a].total > sizes[b].total : sizes[a].rows != sizes[b].rows ? sizes[a].rows > sizes[b].rows : a < b
        }
    }

    /// Every series' base buckets together, once `mergesSeriesBase`.
    public var mergedBuckets: BucketSeries? { mergesSeriesBase ? merged.first?.sorted : nil }

    /// `buckets[s][ordinal]`: every series' buckets by ordinal (call `flush` first).
    public var buckets: [[Int: Stats]] { runs[0].map(\.table) }

    /// The start instants of the first and last base buckets with data, over every series.
    public var instantRange: ClosedRange<Int64>? {
        // Every series' base buckets, wherever they are kept.
        let first = column(0)
        let ranges = first.mergesSeriesBase ? first.merged.compactMap(\.range) : first.runs[0].compactMap(\.range)
        guard let lo = ranges.map(\.lowerBound).min(), let hi = ranges.map(\.upperBound).max() else { return nil }
        return calendar.start(of: baseUnit, ordinal: lo)...calendar.start(of: baseUnit, ordinal: hi)
    }

    /// Total rows added, over every series.
    public var rowCount: Int {
        if holdsIntervals { return intervalTotals.first?.reduce(0) { $0 + $1.count } ?? 0 }
        return column(0).runs[0].reduce(0) { $0 + $1.rowCount }
    }
}
