/// What `Source.fine` returns: the sub-buckets of one time range, per
/// value column and series, each with the stats of its rows. Plain
/// values (instants and stats, no ordinals or offsets): a database fills
/// them from `GROUP BY date_trunc(unit, t, zone)` over the range.
public struct FineBuckets: Sendable, Equatable {
    /// UTC seconds, `[start, end)`.
    public var range: Range<Int64>
    public var unit: TimeUnit
    /// As `SourceDescription.valueNames`.
    public var valueNames: [String]
    /// As `LoadResult.seriesNames`: empty when there is one series and it has no name.
    public var seriesNames: [String]
    /// `buckets[column][series]`, sorted by start; a column for each value
    /// name and, in it, a list for each series (one when they have no name).
    /// Each is a period of the unit cut to the range at its edges, and holds
    /// at least one row.
    public var buckets: [[[SubBucket]]]

    public init(range: Range<Int64>, unit: TimeUnit, valueNames: [String], seriesNames: [String], buckets: [[[SubBucket]]]) {
        self.range = range
        self.unit = unit
        self.valueNames = valueNames
        self.seriesNames = seriesNames
        self.buckets = buckets
    }

    /// Series `s`'s buckets (every series' together for 0, by start), a list per value.
    func lists(series s: Int) -> [[SubBucket]] {
        buckets.map { series in
            guard s == 0 else { return s - 1 < series.count ? series[s - 1] : [] }
            guard series.count > 1 else { return series.first ?? [] }
            var byStart: [Int64: SubBucket] = [:]
            for list in series { for bucket in list { byStart[bucket.start] = byStart[bucket.start].map { $0.merged(with: bucket) } ?? bucket } }
            return byStart.values.sorted { $0.start < $1.start }
        }
    }

    /// The buckets of an accumulator whose base unit is `unit`, cut to `range`.
    public init(_ accumulator: Accumulator, range: Range<Int64>, valueNames: [String], seriesNames: [String]) {
        let calendar = accumulator.calendar, unit = accumulator.baseUnit
        let seriesCount = max(1, seriesNames.count)
        let buckets = valueNames.indices.map { k in
            // No rows in the range: the accumulator never widened to every column.
            guard k < accumulator.width else { return [[SubBucket]](repeating: [], count: seriesCount) }
            let column = accumulator.column(k)
            return (0..<seriesCount).map { s in
                let series = column.sortedBuckets(series: s)
                // Read back with sketches of the same unit when the load keeps them.
                let sketches = column.sketches?.sorted(series: s)
                return zip(series.ordinals, series.stats).map { ordinal, stats in
                    SubBucket(start: max(calendar.start(of: unit, ordinal: ordinal), range.lowerBound),
                              end: min(calendar.start(of: unit, ordinal: ordinal + 1), range.upperBound), stats: stats,
                              sketch: sketches?.merged(in: ordinal..<(ordinal + 1)))
                }
            }
        }
        self.init(range: range, unit: unit, valueNames: valueNames, seriesNames: seriesNames, buckets: buckets)
    }
}
