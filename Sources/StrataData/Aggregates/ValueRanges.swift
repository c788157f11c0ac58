/// The lowest and highest value a level's sub-buckets take under each
/// aggregate: what a chart needs for one y scale over the whole level.
/// Worked out once while loading, so a scale per level costs a lookup.
public struct ValueRanges: Hashable, Sendable {
    private var lows = [Double](repeating: .infinity, count: Aggregate.allCases.count)
    private var highs = [Double](repeating: -.infinity, count: Aggregate.allCases.count)

    public init() {}

    /// Widens every aggregate's range to take in one sub-bucket.
    mutating func include(_ stats: Stats) {
        for (i, aggregate) in Aggregate.allCases.enumerated() {
            if let value = stats.value(aggregate) {
                lows[i] = Swift.min(lows[i], value)
                highs[i] = Swift.max(highs[i], value)
            }
        }
    }

    /// nil when the level has no data.
    public func range(_ aggregate: Aggregate) -> ClosedRange<Double>? {
        let i = Aggregate.allCases.firstIndex(of: aggregate)!
        return lows[i] <= highs[i] ? lows[i]...highs[i] : nil
    }
}
