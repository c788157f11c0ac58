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

    /// The value shown for `aggregate`, nil for an empty bucket.
    public func value(_ aggregate: Aggregate) -> Double? {
        guard count > 0 else { return nil }
        switch aggregate {
        case .sum: return sum
        case .count: return Double(count)
        case .mean: return mean
        case .min: return min
        case .max: return max
        }
    }
}

/// What a bar shows; `a` cycles through them in this order.
public enum Aggregate: String, CaseIterable, Sendable {
    case sum, count, mean, min, max

    public var next: Aggregate {
        let all = Aggregate.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// Sums and counts add up (they start at zero and compare in %); the others are levels.
    public var isQuantity: Bool { self == .sum || self == .count }
}
