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
    public let baseUnit: TimeUnit
    /// `runs[column][series]` (series 0 being the only one when there is no series column).
    private var runs: [[BucketRun]]
    private var zoneCursor: ZoneRules.Cursor
    // Rows mostly arrive in time order: keep the open bucket out of the runs.
    private var openSeries = -1
    private var openOrdinal = 0
    /// The open bucket of column 0, and of the columns after it (`others[k - 1]`
    /// is column `k`'s): a bucket of one column is a stored property, not an
    /// array element to check for sharing on every row. Empty ones
    /// (`Self.blank`) are not flushed.
    private var first = Self.blank
    private var others: [Stats]
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
    private static let blank: Stats = {
        var s = Stats()
        s.sum = -0.0
        return s
    }()

    public init(calendar: CalendarSystem, baseUnit: TimeUnit) {
        self.init(calendar: calendar, baseUnit: baseUnit, width: 1)
    }

    init(calendar: CalendarSystem, baseUnit: TimeUnit, width: Int) {
        self.calendar = calendar
        self.baseUnit = baseUnit
        self.runs = Array(repeating: [BucketRun()], count: width)
        self.others = Array(repeating: Self.blank, count: width - 1)
        self.zoneCursor = calendar.zone.cursor()
    }

    /// Value columns held.
    var width: Int { runs.count }

    /// Adds empty columns up to `width`.
    mutating func widen(to width: Int) {
        while runs.count < width {
            runs.append([BucketRun()])
            others.append(Self.blank)
        }
    }

    /// Adds one accepted row: its UTC instant in seconds, its value (1 when
    /// counting) and its series index (0 without a series column).
    @inline(__always)
    public mutating func add(seconds: Int64, value: Double, series: Int = 0) {
        if seconds < openFrom || seconds >= openTo || series != openSeries { enter(seconds: seconds, series: series) }
        first.add(value)
    }

    /// Adds one row of every column: `values[k]` goes to column `k`, NaN
    /// meaning no value there (parsed values are always finite).
    @inline(__always)
    mutating func add(seconds: Int64, series: Int, values: UnsafeMutableBufferPointer<Double>) {
        if seconds < openFrom || seconds >= openTo || series != openSeries { enter(seconds: seconds, series: series) }
        openRows &+= 1
        if !countsRows && !values[0].isNaN { first.add(values[0]) }
        guard values.count > 1 else { return }
        others.withUnsafeMutableBufferPointer { stats in
            for k in 0..<Swift.min(values.count - 1, stats.count) where !values[k + 1].isNaN { stats[k].add(values[k + 1]) }
        }
    }

    /// Whether column 0 counts rows (see `countsRows`) from now on.
    mutating func countRows(_ counts: Bool) {
        flush()
        countsRows = counts
    }

    /// Makes the bucket of `seconds` in `series` the open one.
    private mutating func enter(seconds: Int64, series: Int) {
        let offset = zoneCursor.offset(at: seconds)
        let ordinal = calendar.ordinal(of: baseUnit, at: seconds, offset: offset)
        if ordinal != openOrdinal || series != openSeries {
            flush()
            openSeries = series
            openOrdinal = ordinal
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
            openFrom = Swift.max(from, zoneCursor.validFrom)
            openTo = Swift.min(from + width, zoneCursor.validTo)
        } else {
            openFrom = 1
            openTo = 0
        }
    }

    /// Moves the open bucket into its series' runs; call before reading the buckets.
    public mutating func flush() {
        guard openSeries >= 0 else { return }
        if countsRows && openRows > 0 { first = Stats(count: openRows, sum: Double(openRows), min: 1, max: 1) }
        openRows = 0
        store(first, column: 0)
        first = Self.blank
        for k in others.indices {
            store(others[k], column: k + 1)
            others[k] = Self.blank
        }
        openSeries = -1
        openFrom = 1
        openTo = 0
    }

    private mutating func store(_ bucket: Stats, column k: Int) {
        guard !bucket.isEmpty else { return }
        while runs[k].count <= openSeries { runs[k].append(BucketRun()) }
        runs[k][openSeries].add(openOrdinal, bucket)
    }

    /// Adds another accumulator's buckets, column by column; `seriesMap[i]`
    /// is where its series `i` goes here.
    public mutating func merge(_ other: Accumulator, seriesMap: [Int]? = nil) {
        flush()
        var other = other
        other.flush()
        widen(to: other.width)
        for (k, column) in other.runs.enumerated() {
            for (i, run) in column.enumerated() {
                let target = seriesMap?[i] ?? i
                while runs[k].count <= target { runs[k].append(BucketRun()) }
                runs[k][target].merge(run)
            }
        }
    }

    /// Column `k` on its own (flushed).
    func column(_ k: Int) -> Accumulator {
        var copy = self
        copy.flush()
        var one = Accumulator(calendar: calendar, baseUnit: baseUnit)
        one.runs = [copy.runs[k]]
        return one
    }

    /// How many series have buckets slots (series 0 always).
    public var seriesCount: Int { runs[0].count }

    /// Series `s`'s buckets, sorted by ordinal (call `flush` first).
    public func sortedBuckets(series s: Int) -> BucketSeries {
        s < runs[0].count ? runs[0][s].sorted : BucketSeries(sortedOrdinals: [], stats: [])
    }

    /// `buckets[s][ordinal]`: every series' buckets by ordinal (call `flush` first).
    public var buckets: [[Int: Stats]] { runs[0].map(\.table) }

    /// The start instants of the first and last base buckets with data, over every series.
    public var instantRange: ClosedRange<Int64>? {
        let ranges = column(0).runs[0].compactMap(\.range)
        guard let lo = ranges.map(\.lowerBound).min(), let hi = ranges.map(\.upperBound).max() else { return nil }
        return calendar.start(of: baseUnit, ordinal: lo)...calendar.start(of: baseUnit, ordinal: hi)
    }

    /// Total rows added, over every series.
    public var rowCount: Int {
        column(0).runs[0].reduce(0) { $0 + $1.rowCount }
    }
}
