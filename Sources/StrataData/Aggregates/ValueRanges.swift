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

    public init() {}

    /// Widens every aggregate's range to take in one sub-bucket.
    mutating func include(_ stats: Stats) {
        guard stats.count > 0 else { return }
        sum.include(stats.sum)
        count.include(Double(stats.count))
        mean.include(stats.mean ?? 0)
        min.include(stats.min)
        max.include(stats.max)
    }

    /// nil when the level has no data.
    public func range(_ aggregate: Aggregate) -> ClosedRange<Double>? {
        switch aggregate {
        case .sum: sum.range
        case .count: count.range
        case .mean: mean.range
        case .min: min.range
        case .max: max.range
        // A percentile's sub-buckets are merged from sketches when drawn: the page's own marks set its scale.
        case .percentile: nil
        }
    }
}
