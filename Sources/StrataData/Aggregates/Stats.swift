/// Count, sum, min and max of the values in one bucket; the mean is derived.
public struct Stats: Hashable, Sendable {
    public var count: Int
    /// The sum in units of 2^64 (`sum` is in the values'). It never passes
    /// the largest Double, so the mean of values near it stays finite where
    /// their sum does not; and it is exactly the sum, scaled: a power of two
    /// changes no digit, but of values below 2^-958 (1e-289), which lose some.
    var scaledSum: Double
    public var min: Double
    public var max: Double

    /// What a value is multiplied by to join `scaledSum`: 2^-64, so that no count of finite values passes the largest Double.
    static let scaleDown = 0x1p-64

    public init() {
        self.init(count: 0, sum: 0, min: .infinity, max: -.infinity)
    }

    public init(value: Double) {
        self.init(count: 1, sum: value, min: value, max: value)
    }

    public init(count: Int, sum: Double, min: Double, max: Double) {
        self.count = count
        self.scaledSum = sum * Self.scaleDown
        self.min = min
        self.max = max
    }

    /// Infinite past the largest Double (the mean is not).
    public var sum: Double {
        get { scaledSum / Self.scaleDown }
        set { scaledSum = newValue * Self.scaleDown }
    }

    public var isEmpty: Bool { count == 0 }

    /// From the scaled sum: finite whenever the values are. Rounding up past the largest Double is its max.
    public var mean: Double? {
        guard count > 0 else { return nil }
        let mean = scaledSum / Double(count) / Self.scaleDown
        return mean.isFinite ? mean : (mean > 0 ? max : min)
    }

    /// Without branches (minsd, maxsd): values in random order would mispredict them.
    @inline(__always)
    public mutating func add(_ value: Double) {
        count += 1
        scaledSum += value * Self.scaleDown
        min = value < min ? value : min
        max = value > max ? value : max
    }

    public mutating func merge(_ other: Stats) {
        count += other.count
        scaledSum += other.scaledSum
        if other.min < min { min = other.min }
        if other.max > max { max = other.max }
    }

    /// The value drawn where it has a place: `value`, but nil for a sum past
    /// the largest Double (infinite, or NaN when two such meet), which no
    /// axis, bar or shade can hold; text shows it as `∞`.
    public func plotted(_ aggregate: Aggregate) -> Double? {
        guard let v = value(aggregate), v.isFinite else { return nil }
        return v
    }

    /// `plotted` of a percentile too, read from the values' sketch.
    public func plotted(_ aggregate: Aggregate, sketch: QuantileSketch?) -> Double? {
        guard let v = value(aggregate, sketch: sketch), v.isFinite else { return nil }
        return v
    }

    /// The value shown for `aggregate`, nil for an empty bucket. A
    /// percentile is not the stats' to give (they hold no sketch: nil).
    public func value(_ aggregate: Aggregate) -> Double? { value(aggregate, sketch: nil) }

    /// `value`, a percentile read from `sketch`, the values' distribution
    /// kept beside the stats (`SketchTable`) when a percentile is asked.
    public func value(_ aggregate: Aggregate, sketch: QuantileSketch?) -> Double? {
        guard count > 0 else { return nil }
        switch aggregate {
        case .sum: return sum
        case .count: return Double(count)
        case .mean: return mean
        case .min: return min
        case .max: return max
        case .percentile(let tenths):
            // The ends are known exactly: a bin's middle never goes past them.
            return sketch?.quantile(Double(tenths) / 1000).map { Swift.min(Swift.max($0, min), max) }
        }
    }
}

/// What a bar shows; `a` cycles through `allCases` in this order.
public enum Aggregate: Hashable, Sendable, CaseIterable, RawRepresentable {
    case sum, count, mean, min, max
    /// A percentile in tenths of a percent, 10 to 999: p99.9 is 999.
    case percentile(Int)

    /// The percentiles `a` offers after max (`--agg pNN` asks for any other).
    public static let allCases: [Aggregate] = [.sum, .count, .mean, .min, .max,
                                                .percentile(500), .percentile(950), .percentile(990)]
    /// The percentiles the stats line and the card's table give.
    public static let shownPercentiles: [Aggregate] = [.percentile(500), .percentile(950), .percentile(990)]

    /// `sum` … `max`, or `pNN` with NN from 1 to 99.9 (`p50`, `p99.9`).
    public init?(rawValue: String) {
        switch rawValue {
        case "sum": self = .sum
        case "count": self = .count
        case "mean": self = .mean
        case "min": self = .min
        case "max": self = .max
        default:
            guard rawValue.first == "p", let percent = Double(rawValue.dropFirst()), percent.isFinite,
                  rawValue.dropFirst().allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
            let tenths = (percent * 10).rounded()
            guard abs(percent * 10 - tenths) < 1e-9, (10...999).contains(tenths) else { return nil }
            self = .percentile(Int(tenths))
        }
    }

    public var rawValue: String {
        switch self {
        case .sum: "sum"
        case .count: "count"
        case .mean: "mean"
        case .min: "min"
        case .max: "max"
        case .percentile(let tenths): tenths % 10 == 0 ? "p\(tenths / 10)" : "p\(tenths / 10).\(tenths % 10)"
        }
    }

    /// The next in `allCases`; a percentile `a` does not offer goes on to
    /// the next one above it that it does.
    public var next: Aggregate {
        let all = Aggregate.allCases
        if let i = all.firstIndex(of: self) { return all[(i + 1) % all.count] }
        return all.first { $0.tenths > tenths } ?? all[0]
    }

    public var isPercentile: Bool { if case .percentile = self { true } else { false } }

    /// A percentile's tenths of a percent; 0 for the others.
    public var tenths: Int { if case .percentile(let t) = self { t } else { 0 } }

    /// Sums and counts add up (they start at zero and compare in %); the others are levels.
    public var isQuantity: Bool { self == .sum || self == .count }
}
