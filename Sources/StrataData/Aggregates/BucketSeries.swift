/// One series' base buckets, sorted by ordinal, so that any range of them
/// (a sub-bucket, a period) is found by binary search: paging never
/// re-scans the input.
public struct BucketSeries: Sendable {
    public let ordinals: [Int]
    public let stats: [Stats]

    public init(_ table: [Int: Stats]) {
        let sorted = table.sorted { $0.key < $1.key }
        ordinals = sorted.map(\.key)
        stats = sorted.map(\.value)
    }

    /// From buckets already sorted by ordinal, with no ordinal twice.
    public init(sortedOrdinals: [Int], stats: [Stats]) {
        ordinals = sortedOrdinals
        self.stats = stats
    }

    public var isEmpty: Bool { ordinals.isEmpty }

    /// The stats of the bucket with exactly this ordinal (empty when there is none).
    public func stats(at ordinal: Int) -> Stats {
        let i = lowerBound(ordinal)
        return i < ordinals.count && ordinals[i] == ordinal ? stats[i] : Stats()
    }

    /// Index of the first bucket whose ordinal is `>= ordinal`.
    public func lowerBound(_ ordinal: Int) -> Int { Self.lowerBound(ordinal, in: ordinals[...]) }

    /// Index of the first of sorted `ordinals` that is `>= ordinal`.
    static func lowerBound(_ ordinal: Int, in ordinals: ArraySlice<Int>) -> Int {
        var low = ordinals.startIndex, high = ordinals.endIndex
        while low < high {
            let mid = (low + high) / 2
            if ordinals[mid] < ordinal { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The merged stats of the buckets between each two consecutive
    /// `boundaries` (sorted ordinals): one search, then a walk, for all of
    /// a page's sub-buckets at once.
    public func stats(between boundaries: [Int]) -> [Stats] {
        guard let first = boundaries.first else { return [] }
        var result = [Stats](repeating: Stats(), count: Swift.max(0, boundaries.count - 1))
        var i = lowerBound(first)
        for k in result.indices {
            let from = i
            while i < ordinals.count, ordinals[i] < boundaries[k + 1] { i += 1 }
            result[k] = stats[from..<i].merged()
        }
        return result
    }

    /// The merged stats of every bucket with an ordinal in `range`.
    public func stats(in range: Range<Int>) -> Stats {
        let from = lowerBound(range.lowerBound)
        var i = from
        while i < ordinals.count, ordinals[i] < range.upperBound { i += 1 }
        return stats[from..<i].merged()
    }
}
