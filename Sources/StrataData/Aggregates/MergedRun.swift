/// Every series' base buckets in one run, once there are too many of them
/// to keep each series' apart (`Accumulator.mergesSeriesBase`). Intervals
/// of many series come by start, each split into the buckets it covers, so
/// a piece's bucket is nearly always one of the last few: it is found by
/// looking back there, not kept aside as `BucketRun` would (half the pieces
/// of two hundred channels would go through a dictionary); rows sorted by
/// series find theirs by a search. Sums are merged as `Stats` merges them
/// (an interval's whole seconds exactly in any order).
struct MergedRun: Sendable {
    private(set) var ordinals: [Int] = []
    private(set) var stats: [Stats] = []
    /// Buckets older than the look-back, or between two already there.
    private var aside: [Int: Stats] = [:]
    /// How far back a piece's bucket is looked for.
    private static let lookBack = 16
    /// Where the last bucket found back there is: an interval's next piece
    /// is mostly in the next one (a thousand channels' programmes, each of
    /// hundreds of minutes, over the same minutes).
    private var found = 0

    init() {}

    /// Buckets sorted by ordinal, each once.
    init(_ sorted: BucketSeries) {
        ordinals = sorted.ordinals
        stats = sorted.stats
    }

    mutating func add(_ ordinal: Int, _ bucket: Stats) {
        guard let last = ordinals.last, ordinal <= last else {
            ordinals.append(ordinal)
            stats.append(bucket)
            return
        }
        if found + 1 < ordinals.count, ordinals[found + 1] == ordinal {
            found += 1
            return stats[found].merge(bucket)
        }
        var i = ordinals.count - 1
        while i >= Swift.max(0, ordinals.count - Self.lookBack), ordinals[i] >= ordinal {
            if ordinals[i] == ordinal { return stats[i].merge(bucket) }
            i -= 1
        }
        // Older than the look-back: the next series' first buckets, of rows sorted by series.
        if i >= 0, ordinals[i] >= ordinal {
            found = BucketSeries.lowerBound(ordinal, in: ordinals[...i])
            if ordinals[found] == ordinal { return stats[found].merge(bucket) }
        }
        aside[ordinal, default: Stats()].merge(bucket)
    }

    /// Adds `other`'s buckets: the second half of a file mostly follows the first.
    mutating func merge(_ other: MergedRun) {
        for (ordinal, bucket) in zip(other.ordinals, other.stats) { add(ordinal, bucket) }
        for (ordinal, bucket) in other.aside { add(ordinal, bucket) }
    }

    /// Every bucket once, sorted by ordinal.
    var sorted: BucketSeries {
        guard !aside.isEmpty else { return BucketSeries(sortedOrdinals: ordinals, stats: stats) }
        var table = aside
        for (ordinal, bucket) in zip(ordinals, stats) { table[ordinal, default: Stats()].merge(bucket) }
        return BucketSeries(table)
    }

    /// Buckets held.
    var count: Int { ordinals.count + aside.count }

    /// The first and last ordinals with data.
    var range: ClosedRange<Int>? {
        let low = [ordinals.first, aside.keys.min()].compactMap { $0 }.min()
        let high = [ordinals.last, aside.keys.max()].compactMap { $0 }.max()
        guard let low, let high else { return nil }
        return low...high
    }
}
