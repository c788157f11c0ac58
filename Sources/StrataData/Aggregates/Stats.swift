/// Count, sum, min and max of the values in one bucket; the mean is derived.
public struct Stats: Hashable, Sendable {
    public var count: Int
    public var sum: Double
    public var min: Double
    public var max: Double

    public init() {
        count = 0
        sum = 0
        min = .infinity
        max = -.infinity
    }

    public init(value: Double) {
        count = 1
        sum = value
        min = value
        max = value
    }

    public init(count: Int, sum: Double, min: Double, max: Double) {
        self.count = count
        self.sum = sum
        self.min = min
        self.max = max
    }

    public var isEmpty: Bool { count == 0 }
    public var mean: Double? { count == 0 ? nil : sum / Double(count) }

    /// Without branches (minsd, maxsd): values in random order would mispredict them.
    @inline(__always)
    public mutating func add(_ value: Double) {
        count += 1
        sum += value
        min = value < min ? value : min
        max = value > max ? value : max
    }

    public mutating func merge(_ other: Stats) {
        count += other.count
        sum += other.sum
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
