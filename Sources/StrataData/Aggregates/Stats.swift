/// Count, sum, min and max of the values in one bucket; the mean is derived.
///
/// The sum is compensated (Neumaier's, with a branch-free two-sum): `total`
/// holds the running sum and `carry` what its roundings lost, so a period
/// adds up to the same figure whether it was summed from minutes, hours or
/// days (`--levels` changes the base bucket).
public struct Stats: Hashable, Sendable {
    public var count: Int
    private var total: Double
    private var carry: Double
    public var min: Double
    public var max: Double

    public init() {
        self.init(count: 0, sum: 0, min: .infinity, max: -.infinity)
    }

    public init(value: Double) {
        self.init(count: 1, sum: value, min: value, max: value)
    }

    init(count: Int, sum: Double, min: Double, max: Double) {
        self.count = count
        self.total = sum
        self.carry = 0
        self.min = min
        self.max = max
    }

    /// The sum, with what rounding lost added back (a -0.0 stays -0.0; past
    /// the largest Double, the carry is NaN and the total says it all).
    public var sum: Double {
        get { carry != 0 && total.isFinite ? total + carry : total }
        set { (total, carry) = (newValue, 0) }
    }

    /// Adds `value` to the sum and what the addition rounded off to the carry.
    @inline(__always)
    private mutating func addToSum(_ value: Double, carrying extra: Double = 0) {
        let t = total + value
        let fromValue = t - total
        carry += (total - (t - fromValue)) + (value - fromValue) + extra
        total = t
    }

    public var isEmpty: Bool { count == 0 }
    public var mean: Double? { count == 0 ? nil : sum / Double(count) }

    /// Without branches (minsd, maxsd): values in random order would mispredict them.
    @inline(__always)
    public mutating func add(_ value: Double) {
        count += 1
        addToSum(value)
        min = value < min ? value : min
        max = value > max ? value : max
    }

    public mutating func merge(_ other: Stats) {
        count += other.count
        addToSum(other.total, carrying: other.carry)
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
        case .mean: return sum / Double(count)
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
