/// Collects rows into base buckets (the finest sub-bucket any chosen level
/// needs) per series. Memory grows with the number of distinct buckets,
/// never with the number of rows. Readers may run one per thread and merge.
public struct Accumulator: Sendable {
    public let calendar: CalendarSystem
    public let baseUnit: TimeUnit
    /// Per series (series 0 being the only one when there is no series column).
    private var runs: [BucketRun]
    private var zoneCursor: ZoneRules.Cursor
    // Rows mostly arrive in time order: keep the open bucket out of the dictionary.
    private var openSeries = -1
    private var openOrdinal = 0
    private var open = Stats()
    /// UTC instants `[openFrom, openTo)` all fall in the open bucket (one
    /// zone offset, one ordinal): a row there skips the calendar arithmetic.
    private var openFrom: Int64 = 1
    private var openTo: Int64 = 0

    /// Interval data only: per unit coarser than the base (`baseUnit + 1`
    /// first, up to years), per series, every period's stats over the
    /// intervals overlapping it, each counted once. Base buckets cannot be
    /// merged into these: an interval over three hours would count 3 in its day.
    private var coarser: [[BucketRun]] = []
    /// Interval data only: per series, each interval's whole length once.
    private var intervalTotals: [Stats] = []
    /// The rows are intervals (`add(start:end:series:)`), not instants.
    public private(set) var holdsIntervals = false

    public init(calendar: CalendarSystem, baseUnit: TimeUnit) {
        self.calendar = calendar
        self.baseUnit = baseUnit
        self.runs = [BucketRun()]
        self.zoneCursor = calendar.zone.cursor()
    }

    /// Adds one accepted row: its UTC instant in seconds, its value (1 when
    /// counting) and its series index (0 without a series column).
    @inline(__always)
    public mutating func add(seconds: Int64, value: Double, series: Int = 0) {
        if seconds >= openFrom && seconds < openTo && series == openSeries {
            open.add(value)
            return
        }
        addSlow(seconds: seconds, value: value, series: series)
    }

    private mutating func addSlow(seconds: Int64, value: Double, series: Int) {
        let offset = zoneCursor.offset(at: seconds)
        let ordinal = calendar.ordinal(of: baseUnit, at: seconds, offset: offset)
        if ordinal == openOrdinal && series == openSeries {
            open.add(value)
        } else {
            flush()
            openSeries = series
            openOrdinal = ordinal
            open = Stats(value: value)
        }
        // The instants around this one with the same ordinal: the same
        // minute, hour or civil day, while the zone's offset stays the same.
        let width: Int64, shift: Int64
        switch baseUnit {
        case .minute: width = 60; shift = floorMod64(offset, 60)
        case .hour: width = 3600; shift = floorMod64(offset, 3600)
        default: width = 86_400; shift = offset
        }
        let from = floorDiv64(seconds + shift, width) * width - shift
        if seconds >= zoneCursor.validFrom && seconds < zoneCursor.validTo {
            openFrom = max(from, zoneCursor.validFrom)
            openTo = min(from + width, zoneCursor.validTo)
        } else {
            openFrom = 1
            openTo = 0
        }
    }

    /// Adds one interval `[start, end)` (UTC seconds, `end >= start`): in
    /// every base bucket and every coarser period it overlaps, it counts 1
    /// with the overlap in seconds as its value. A zero-length interval is
    /// an instant: 1 with value 0 where it lies. The work is one step per
    /// base bucket covered, plus one per coarser period.
    public mutating func add(start: Int64, end: Int64, series: Int = 0) {
        if !holdsIntervals {
            holdsIntervals = true
            coarser = (baseUnit.rawValue + 1...TimeUnit.year.rawValue).map { _ in [] }
        }
        flush()
        while runs.count <= series { runs.append(BucketRun()) }
        while intervalTotals.count <= series { intervalTotals.append(Stats()) }
        intervalTotals[series].add(Double(end - start))
        Self.split(start, end, unit: baseUnit, calendar: calendar, into: &runs[series])
        for k in coarser.indices {
            while coarser[k].count <= series { coarser[k].append(BucketRun()) }
            Self.split(start, end, unit: TimeUnit(rawValue: baseUnit.rawValue + 1 + k)!, calendar: calendar,
                       into: &coarser[k][series])
        }
    }

    /// Adds to `run` each period of `unit` that `[start, end)` overlaps, with the overlap's stats.
    /// (A loop, not a closure per piece: the runs are mutated in place, with no copy.)
    private static func split(_ start: Int64, _ end: Int64, unit: TimeUnit, calendar: CalendarSystem, into run: inout BucketRun) {
        var ordinal = calendar.ordinal(of: unit, at: start)
        var from = start
        while true {
            let to = min(max(calendar.start(of: unit, ordinal: ordinal + 1), from), end)
            run.add(ordinal, Stats(value: Double(to - from)))
            if to >= end { return }
            from = to
            ordinal += 1
        }
    }

    /// Interval data: series `s`'s periods of `unit` (coarser than the base), sorted by ordinal.
    public func sortedPeriods(of unit: TimeUnit, series s: Int) -> BucketSeries? {
        let k = unit.rawValue - baseUnit.rawValue - 1
        guard holdsIntervals, coarser.indices.contains(k) else { return nil }
        return s < coarser[k].count ? coarser[k][s].sorted : BucketSeries(sortedOrdinals: [], stats: [])
    }

    /// Interval data: series `s`'s intervals, each once with its whole length.
    public func intervalTotal(series s: Int) -> Stats {
        s < intervalTotals.count ? intervalTotals[s] : Stats()
    }

    /// Moves the open bucket into its series' run; call before reading the buckets.
    public mutating func flush() {
        guard openSeries >= 0 else { return }
        while runs.count <= openSeries { runs.append(BucketRun()) }
        runs[openSeries].add(openOrdinal, open)
        openSeries = -1
        openFrom = 1
        openTo = 0
    }

    /// Adds another accumulator's buckets; `seriesMap[i]` is where its series `i` goes here.
    public mutating func merge(_ other: Accumulator, seriesMap: [Int]? = nil) {
        flush()
        var other = other
        other.flush()
        for (i, run) in other.runs.enumerated() {
            let target = seriesMap?[i] ?? i
            while runs.count <= target { runs.append(BucketRun()) }
            runs[target].merge(run)
        }
        guard other.holdsIntervals else { return }
        if !holdsIntervals {
            holdsIntervals = true
            coarser = other.coarser.map { _ in [] }
        }
        for (k, unitRuns) in other.coarser.enumerated() {
            for (i, run) in unitRuns.enumerated() {
                let target = seriesMap?[i] ?? i
                while coarser[k].count <= target { coarser[k].append(BucketRun()) }
                coarser[k][target].merge(run)
            }
        }
        for (i, total) in other.intervalTotals.enumerated() {
            let target = seriesMap?[i] ?? i
            while intervalTotals.count <= target { intervalTotals.append(Stats()) }
            intervalTotals[target].merge(total)
        }
    }

    /// How many series have buckets slots (series 0 always).
    public var seriesCount: Int { runs.count }

    /// Series `s`'s buckets, sorted by ordinal (call `flush` first).
    public func sortedBuckets(series s: Int) -> BucketSeries {
        s < runs.count ? runs[s].sorted : BucketSeries(sortedOrdinals: [], stats: [])
    }

    /// `buckets[s][ordinal]`: every series' buckets by ordinal (call `flush` first).
    public var buckets: [[Int: Stats]] { runs.map(\.table) }

    /// The start instants of the first and last base buckets with data, over every series.
    public var instantRange: ClosedRange<Int64>? {
        var copy = self
        copy.flush()
        let ranges = copy.runs.compactMap(\.range)
        guard let lo = ranges.map(\.lowerBound).min(), let hi = ranges.map(\.upperBound).max() else { return nil }
        return calendar.start(of: baseUnit, ordinal: lo)...calendar.start(of: baseUnit, ordinal: hi)
    }

    /// Total rows added, over every series.
    public var rowCount: Int {
        if holdsIntervals { return intervalTotals.reduce(0) { $0 + $1.count } }
        var copy = self
        copy.flush()
        return copy.runs.reduce(0) { $0 + $1.rowCount }
    }
}
