import Foundation

/// A bucket's values summed up so that any percentile of them, or of any
/// merge of buckets, can be read back: a DDSketch-like sketch (DECISIONS).
/// Up to `exactLimit` values are kept as they are, so a small period's
/// percentile is exact; past that each value only counts in a log-spaced
/// bin, whose middle is within `relativeAccuracy` of every value in it.
/// Negative values count in mirrored bins and zeros on their own, with the
/// same bound. Merging adds counts, so any order of merges gives the same
/// sketch: a period's percentile is the same whatever its base buckets.
public struct QuantileSketch: Hashable, Sendable {
    /// The most a percentile read from bins is off, relative to the true one.
    public static let relativeAccuracy = 0.01
    /// The most values kept as they are (8 bytes each; a bin is 4).
    public static let exactLimit = 128
    /// Each bin's upper end over its lower end.
    static let gamma = (1 + relativeAccuracy) / (1 - relativeAccuracy)
    private static let inverseLogGamma = 1 / Foundation.log(gamma)
    /// A bin's middle over its upper end: within `relativeAccuracy` of both ends.
    private static let middle = 2 / (gamma + 1)

    /// Shared between copies until one changes (a period's merge starts from a copy of its first bucket).
    private var storage = Storage()

    public init() {}

    /// A period's percentiles as a database answered them (`percentile_cont`,
    /// numpy's `linear`): exact for those asked, keyed by tenths of a percent
    /// (p99.9 is 999), and no others. They do not merge: a merge with any
    /// other values, or a value added, answers no percentile, never a wrong one.
    public init(answers: [Int: Double], count: Int) {
        storage.count = count
        storage.answers = answers
    }

    /// Values added, over every merge.
    public var count: Int { storage.count }

    public mutating func add(_ value: Double) {
        unshare()
        storage.count += 1
        // An answered sketch given a value answers nothing: `quantile` sees the value, so every row of a file is not asked.
        if storage.isExact {
            storage.values.append(value)
            if storage.values.count > Self.exactLimit { storage.bin() }
        } else {
            storage.addToBins(value, 1)
        }
    }

    public mutating func merge(_ other: QuantileSketch) {
        guard other.count > 0 else { return }
        // An empty sketch shares the other's values until one changes: a file's period starts without a copy, an answer stays one.
        guard count > 0 else {
            self = other
            return
        }
        unshare()
        let from = other.storage
        storage.count += from.count
        // Answers of two sets of values are not those of both.
        if storage.answers != nil || from.answers != nil {
            storage.answers = [:]
            return
        }
        if storage.isExact && from.isExact && storage.values.count + from.values.count <= Self.exactLimit {
            storage.values += from.values
            return
        }
        if storage.isExact { storage.bin() }
        if from.isExact {
            for value in from.values { storage.addToBins(value, 1) }
        } else {
            storage.zeros += from.zeros
            storage.positive.merge(from.positive)
            storage.negative.merge(from.negative)
        }
    }

    /// The `q`-quantile (0...1) as numpy's default (`linear`) gives it: the
    /// values at the ranks either side of `q·(n−1)`, interpolated. Exact
    /// while the values are kept; from bins, each of the two is within
    /// `relativeAccuracy` of the true one. nil when there are no values.
    public func quantile(_ q: Double) -> Double? {
        let n = count
        guard n > 0 else { return nil }
        if let answers = storage.answers { return storage.isExact && storage.values.isEmpty ? answers[Int((q * 1000).rounded())] : nil }
        let h = Swift.min(Swift.max(q, 0), 1) * Double(n - 1)
        let low = Int(h.rounded(.down))
        let t = h - Double(low)
        let a: Double, b: Double
        if storage.isExact {
            let sorted = storage.values.sorted()
            (a, b) = (sorted[low], sorted[Swift.min(low + 1, n - 1)])
        } else {
            (a, b) = (storage.binValue(rank: low), t > 0 ? storage.binValue(rank: low + 1) : 0)
        }
        guard t > 0 else { return a }
        // numpy's lerp: from the nearer end, so t = 1 gives b exactly.
        return t < 0.5 ? a + (b - a) * t : b - (b - a) * (1 - t)
    }

    public static func == (a: QuantileSketch, b: QuantileSketch) -> Bool {
        a.storage === b.storage || a.storage.contents == b.storage.contents
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.contents) }

    private mutating func unshare() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The index of the bin of a positive magnitude: `(gamma^(i-1), gamma^i]`.
    @inline(__always)
    static func index(of magnitude: Double) -> Int {
        Int((Foundation.log(magnitude) * inverseLogGamma).rounded(.up))
    }

    /// The middle of bin `index`, in magnitude.
    static func value(ofBin index: Int) -> Double {
        Foundation.exp(Double(index) / inverseLogGamma) * middle
    }

    /// Counts of consecutive bins, from `offset` on.
    struct Bins: Hashable {
        var offset = 0
        var counts: [UInt32] = []

        mutating func add(_ index: Int, _ n: UInt32) {
            if counts.isEmpty {
                offset = index
                counts = [n]
                return
            }
            if index < offset {
                counts.insert(contentsOf: repeatElement(0, count: offset - index), at: 0)
                offset = index
            } else if index >= offset + counts.count {
                counts.append(contentsOf: repeatElement(0, count: index - offset - counts.count + 1))
            }
            // Past 4.29e9 values in one bin a count stays there (DECISIONS), rather than trap.
            let (sum, overflow) = counts[index - offset].addingReportingOverflow(n)
            counts[index - offset] = overflow ? .max : sum
        }

        mutating func merge(_ other: Bins) {
            for (k, n) in other.counts.enumerated() where n > 0 { add(other.offset + k, n) }
        }
    }

    /// Everything a sketch holds; copied before a shared one changes.
    final class Storage: @unchecked Sendable {
        var count = 0
        /// The values themselves while there are at most `exactLimit`.
        var values: [Double] = []
        var isExact = true
        var zeros = 0
        var positive = Bins()
        /// Negative values, by magnitude.
        var negative = Bins()
        /// A database's answers (`init(answers:count:)`), in place of values: empty once merged.
        var answers: [Int: Double]?

        func copy() -> Storage {
            let copy = Storage()
            (copy.count, copy.values, copy.isExact, copy.zeros, copy.answers) = (count, values, isExact, zeros, answers)
            (copy.positive, copy.negative) = (positive, negative)
            return copy
        }

        /// The same sketch whatever order its values came in.
        var contents: Contents { Contents(values: values.sorted(), zeros: zeros, positive: positive, negative: negative, answers: answers) }

        /// Moves the values kept as they are into bins.
        func bin() {
            let kept = values
            values = []
            isExact = false
            for value in kept { addToBins(value, 1) }
        }

        @inline(__always)
        func addToBins(_ value: Double, _ n: UInt32) {
            if value > 0 {
                positive.add(QuantileSketch.index(of: value), n)
            } else if value < 0 {
                negative.add(QuantileSketch.index(of: -value), n)
            } else {
                zeros += Int(n)
            }
        }

        /// The value at `rank` (0-based, ascending), from the bins: the
        /// most negative first, then zeros, then positive ones.
        func binValue(rank: Int) -> Double {
            var left = rank
            for k in negative.counts.indices.reversed() {
                let n = Int(negative.counts[k])
                if left < n { return -QuantileSketch.value(ofBin: negative.offset + k) }
                left -= n
            }
            if left < zeros { return 0 }
            left -= zeros
            for (k, n) in positive.counts.enumerated() {
                if left < Int(n) { return QuantileSketch.value(ofBin: positive.offset + k) }
                left -= Int(n)
            }
            // Counts held at their limit add up to less than `count`: the top bin.
            return positive.counts.isEmpty ? 0 : QuantileSketch.value(ofBin: positive.offset + positive.counts.count - 1)
        }
    }

    struct Contents: Hashable {
        let values: [Double]
        let zeros: Int
        let positive: Bins
        let negative: Bins
        let answers: [Int: Double]?
    }
}
