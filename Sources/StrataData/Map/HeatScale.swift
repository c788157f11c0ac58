/// The shading range of a heatmap: from `low` to a robust `high` (the 99th
/// percentile of the cells), so one extreme cell does not wash out the
/// rest; cells above `high` are marked rather than stretching the ramp.
public struct HeatScale: Hashable, Sendable {
    public let low: Double
    public let high: Double
    /// The largest cell, above `high` when outliers were cut off.
    public let max: Double

    public static let robustQuantile = 0.99

    /// The ramp starts at the lowest cell, not at zero: daily births of
    /// 7k–10k would otherwise all be the top shade.
    public init(values: [Double]) {
        guard !values.isEmpty else {
            self.init(low: 0, high: 0, max: 0)
            return
        }
        let sorted = values.sorted()
        let lowest = sorted[0]
        let rank = Int((Self.robustQuantile * Double(sorted.count)).rounded(.up)) - 1
        self.init(low: lowest,
                  high: sorted[Swift.max(0, Swift.min(rank, sorted.count - 1))], max: sorted[sorted.count - 1])
    }

    public init(low: Double, high: Double, max: Double) {
        self.low = low
        self.high = high
        self.max = max
    }

    /// Where `value` sits on the ramp: 0 at `low`, 1 at `high`; nil above `high`.
    public func fraction(_ value: Double) -> Double? {
        if value > high { return nil }
        guard high > low else { return 1 }
        return Swift.max(0, (value - low) / (high - low))
    }

    public var cutsOutliers: Bool { max > high }
}
