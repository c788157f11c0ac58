/// The lowest and highest value a level's sub-buckets take under each
/// aggregate: what a chart needs for one y scale over the whole level.
/// Worked out once while loading, so a scale per level costs a lookup.
public struct ValueRanges: Hashable, Sendable {
    /// One aggregate's extremes; empty while low > high.
    struct Span: Hashable, Sendable {
        var low = Double.infinity, high = -Double.infinity

        /// (An infinite sum is left out, as `Stats.plotted` leaves it out of charts.)
        @inline(__always)
        mutating func include(_ value: Double) {
            guard value.isFinite else { return }
            if value < low { low = value }
            if value > high { high = value }
        }

        var range: ClosedRange<Double>? { low <= high ? low...high : nil }
    }

    // Stored apart rather than in an array: this runs once per sub-bucket of every level while loading.
    private var sum = Span(), count = Span(), mean = Span(), min = Span(), max = Span()
    /// The percentiles `a` offers (p50, p95, p99), for sub-buckets with a sketch.
    private var percentiles: [Span] = []

    public init() {}

    /// Widens every aggregate's range to take in one sub-bucket.
    mutating func include(_ stats: Stats) {
        guard stats.count > 0 else { return }
        sum.include(stats.sum)
        count.include(Double(stats.count))
        mean.include(stats.mean ?? 0)
        min.include(stats.min)
        max.include(stats.max)
        guard stats.sketch != nil else { return }
        if percentiles.isEmpty { percentiles = Aggregate.shownPercentiles.map { _ in Span() } }
        for (k, p) in Aggregate.shownPercentiles.enumerated() { stats.value(p).map { percentiles[k].include($0) } }
    }

    /// nil when the level has no data.
    public func range(_ aggregate: Aggregate) -> ClosedRange<Double>? {
        switch aggregate {
        case .sum: sum.range
        case .count: count.range
        case .mean: mean.range
        case .min: min.range
        case .max: max.range
        case .percentile: percentileRange(aggregate)
        }
    }

    /// One of p50, p95 and p99 has its own; any other lies between those
    /// either side of it (min and max at the ends), as a sub-bucket's
    /// percentiles rise with the percentile asked.
    private func percentileRange(_ aggregate: Aggregate) -> ClosedRange<Double>? {
        guard !percentiles.isEmpty else { return nil }
        let shown = Aggregate.shownPercentiles
        if let k = shown.firstIndex(of: aggregate) { return percentiles[k].range }
        let below = shown.lastIndex { $0.tenths < aggregate.tenths }.map { percentiles[$0] } ?? min
        let above = shown.firstIndex { $0.tenths > aggregate.tenths }.map { percentiles[$0] } ?? max
        guard below.low <= above.high else { return nil }
        return below.low...above.high
    }
}
