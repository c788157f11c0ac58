/// `Stats` whose sum carries the rounding error of each addition
/// (Neumaier's compensated summation, through a branch-free two-sum),
/// folded in when read. A period's sum is then its rows' to the last digit
/// shown, whether it was added up from minutes, hours or days: plain
/// addition gave `88213589.5799995` or `88213589.58` for one month
/// depending on `--levels`.
public struct CompensatedStats: Sendable {
    public private(set) var stats: Stats
    /// What the additions so far rounded away.
    private var carry = 0.0

    public init(_ stats: Stats = Stats()) {
        self.stats = stats
    }

    @inline(__always)
    public mutating func add(_ value: Double) {
        let before = stats.scaledSum
        stats.add(value)
        carry += Self.roundingError(before, value * Stats.scaleDown, sum: stats.scaledSum)
    }

    @inline(__always)
    public mutating func merge(_ other: Stats) {
        let before = stats.scaledSum
        stats.merge(other)
        carry += Self.roundingError(before, other.scaledSum, sum: stats.scaledSum)
    }

    /// The stats with the carry folded into the sum (both scaled, so a sum
    /// past the largest Double is folded too), and a sum of -0.0 keeps its sign.
    public var total: Stats {
        var total = stats
        total.scaledSum = Self.folded(stats.scaledSum, carry: carry)
        return total
    }

    /// `sum` with `carry` folded in; an infinite sum, a NaN carry or a -0.0 sum with nothing to fold stays as it is.
    @inline(__always)
    static func folded(_ sum: Double, carry: Double) -> Double {
        carry != 0 && carry.isFinite && sum.isFinite ? sum + carry : sum
    }

    /// `a + b - sum` exactly, for `sum` the rounded `a + b` (Knuth's two-sum).
    @inline(__always)
    static func roundingError(_ a: Double, _ b: Double, sum: Double) -> Double {
        let b1 = sum - a
        return (a - (sum - b1)) + (b - b1)
    }
}

extension Sequence where Element == Stats {
    /// Every element merged, with a compensated sum.
    public func merged() -> Stats {
        var total = CompensatedStats()
        for stats in self { total.merge(stats) }
        return total.total
    }
}
