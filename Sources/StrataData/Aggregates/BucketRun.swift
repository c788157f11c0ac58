/// One series' base buckets as a load fills them. Rows mostly come in time
/// order, so buckets are appended to two sorted arrays (40 bytes each); a
/// bucket that comes out of order is kept aside in a dictionary. A hash
/// table for every bucket, as before, cost about four times the memory on
/// long spans of fine buckets (a year of minutes).
struct BucketRun: Sendable {
    private(set) var ordinals: [Int] = []
    private(set) var stats: [Stats] = []
    /// The last bucket's (scaled) sum as plain addition made it, and what that
    /// rounded away: the rows of interleaved series come to it one flush at
    /// a time (and an interval's pieces one at a time). `stats` holds the two folded.
    private var lastSum = 0.0, lastCarry = 0.0
    /// Buckets that came before the last one in `ordinals`.
    private var aside: [Int: CompensatedStats] = [:]

    var isEmpty: Bool { ordinals.isEmpty && aside.isEmpty }
    /// Buckets held.
    var count: Int { ordinals.count + aside.count }

    mutating func add(_ ordinal: Int, _ bucket: Stats) {
        guard let lastOrdinal = ordinals.last, ordinal <= lastOrdinal else {
            ordinals.append(ordinal)
            stats.append(bucket)
            (lastSum, lastCarry) = (bucket.scaledSum, 0)
            return
        }
        if ordinal == lastOrdinal {
            let sum = lastSum + bucket.scaledSum
            lastCarry += CompensatedStats.roundingError(lastSum, bucket.scaledSum, sum: sum)
            lastSum = sum
            stats[stats.count - 1].merge(bucket)
            stats[stats.count - 1].scaledSum = CompensatedStats.folded(sum, carry: lastCarry)
        } else {
            aside[ordinal, default: CompensatedStats()].merge(bucket)
        }
    }

    /// Adds `other`'s buckets; the halves of a file read by two threads
    /// join without a copy of either when the second starts after the first.
    mutating func merge(_ other: BucketRun) {
        // The second half mostly starts inside the first half's last bucket: that one is merged, the rest appended.
        if aside.isEmpty, other.aside.isEmpty, let first = other.ordinals.first, ordinals.last.map({ $0 <= first }) ?? true {
            let shared = ordinals.last == first ? 1 : 0
            if shared == 1 { add(first, other.stats[0]) }
            guard other.ordinals.count > shared else { return }
            ordinals += other.ordinals.dropFirst(shared)
            stats += other.stats.dropFirst(shared)
            (lastSum, lastCarry) = (other.lastSum, other.lastCarry)
            return
        }
        for (ordinal, bucket) in zip(other.ordinals, other.stats) { add(ordinal, bucket) }
        for (ordinal, bucket) in other.aside { add(ordinal, bucket.total) }
    }

    /// Every bucket once, sorted by ordinal.
    var sorted: BucketSeries {
        guard !aside.isEmpty else { return BucketSeries(sortedOrdinals: ordinals, stats: stats) }
        return BucketSeries(table)
    }

    /// The buckets by ordinal.
    var table: [Int: Stats] {
        var table = aside
        for (ordinal, bucket) in zip(ordinals, stats) { table[ordinal, default: CompensatedStats()].merge(bucket) }
        return table.mapValues(\.total)
    }

    /// The first and last ordinals with data.
    var range: ClosedRange<Int>? {
        let low = [ordinals.first, aside.keys.min()].compactMap { $0 }.min()
        let high = [ordinals.last, aside.keys.max()].compactMap { $0 }.max()
        guard let low, let high else { return nil }
        return low...high
    }

    var rowCount: Int { stats.reduce(0) { $0 + $1.count } + aside.values.reduce(0) { $0 + $1.stats.count } }
}
