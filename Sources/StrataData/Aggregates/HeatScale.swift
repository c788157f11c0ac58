/// The shading range of a heatmap: from `low` to `high`. When a few cells
/// stretch the range far beyond the rest, `high` is the 99th percentile
/// instead of the largest cell, so one extreme value does not wash out the
/// others; cells above it are marked rather than stretching the ramp.
public struct HeatScale: Hashable, Sendable {
    public let low: Double
    public let high: Double
    /// The largest cell, above `high` when outliers were cut off.
    public let max: Double

    public static let robustQuantile = 0.99
    /// The top is cut only when the largest cell is this many times further
    /// from `low` than the 99th percentile: an outlier, not an even spread's top 1%.
    public static let outlierStretch = 1.5

    /// The ramp starts at the lowest cell, not at zero: daily births of
    /// 7k–10k would otherwise all be the top shade.
    public init(values: [Double]) {
        guard let lowest = values.min(), let highest = values.max() else {
            self.init(low: 0, high: 0, max: 0)
            return
        }
        var scratch = values
        let rank = Int((Self.robustQuantile * Double(values.count)).rounded(.up)) - 1
        let percentile = Self.select(Swift.max(0, Swift.min(rank, values.count - 1)), in: &scratch)
        let cut = highest - lowest > Self.outlierStretch * (percentile - lowest)
        self.init(low: lowest, high: cut ? percentile : highest, max: highest)
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

    /// The `k`-th smallest value (0-based), reordering `values`: a
    /// quickselect, so a level of millions of cells is not sorted.
    static func select(_ k: Int, in values: inout [Double]) -> Double {
        var lo = 0, hi = values.count - 1
        while lo < hi {
            let pivot = values[lo + (hi - lo) / 2]
            var i = lo, j = hi
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return values[k] }
        }
        return values[k]
    }
}
