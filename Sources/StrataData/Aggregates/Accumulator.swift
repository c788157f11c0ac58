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
        var copy = self
        copy.flush()
        return copy.runs.reduce(0) { $0 + $1.rowCount }
    }
}
