import Foundation
import Testing
@testable import StrataData

/// Percentiles from sketches against the exact ones, worked out here the
/// way numpy's default (`linear`) does, on generated data.
struct QuantileSketchTests {
    static let quantiles = [0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999]

    /// A fixed LCG: the same data on every run.
    struct Numbers {
        var seed: UInt64
        mutating func uniform() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(seed >> 11) + 0.5) / Double(1 << 53)
        }
        /// Box–Muller.
        mutating func normal() -> Double {
            (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform())
        }
    }

    static func exact(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        let h = q * Double(sorted.count - 1)
        let low = Int(h.rounded(.down)), t = h - Double(low)
        let a = sorted[low], b = sorted[min(low + 1, sorted.count - 1)]
        guard t > 0 else { return a }
        return t < 0.5 ? a + (b - a) * t : b - (b - a) * (1 - t)
    }

    /// How far a sketch's `q`-quantile may be off: 1% of each of the two
    /// values interpolated, which is 1% of the true value on data of one sign.
    static func bound(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted()
        let h = q * Double(sorted.count - 1)
        let low = Int(h.rounded(.down)), t = h - Double(low)
        return QuantileSketch.relativeAccuracy * ((1 - t) * abs(sorted[low]) + t * abs(sorted[min(low + 1, sorted.count - 1)])) * (1 + 1e-12)
    }

    static func expectWithinBound(_ sketch: QuantileSketch, _ values: [Double], _ name: String) {
        for q in quantiles {
            let bound = bound(values, q)
            let estimate = sketch.quantile(q)!, truth = exact(values, q)
            #expect(abs(estimate - truth) <= bound, "\(name) q \(q): \(estimate) against \(truth)")
        }
    }

    static func sketch(_ values: [Double]) -> QuantileSketch {
        var sketch = QuantileSketch()
        for v in values { sketch.add(v) }
        return sketch
    }

    static let datasets: [(String, [Double])] = {
        var r = Numbers(seed: 7)
        let latencies = (0..<20_000).map { _ in exp(3 + 1.2 * r.normal()) / 1000 }
        let bimodal = (0..<20_000).map { i in i % 3 == 0 ? 250 + 20 * r.normal() : 12 + 2 * r.normal() }
        let constant = Array(repeating: 42.5, count: 5_000)
        let zerosAndNegatives = (0..<10_000).map { i in i % 4 == 0 ? 0 : (r.uniform() - 0.6) * 1000 }
        // Pareto with α = 0.5, up to 1e12.
        let heavy = (0..<20_000).map { _ in min(1e12, pow(r.uniform(), -2)) }
        return [("log-normal latencies", latencies), ("bimodal", bimodal), ("constant", constant),
                ("zeros and negatives", zerosAndNegatives), ("heavy tail", heavy)]
    }()

    @Test func percentilesAreWithinOnePercentOfTheTruth() {
        for (name, values) in Self.datasets {
            Self.expectWithinBound(Self.sketch(values), values, name)
        }
    }

    @Test func aConstantsPercentilesAreWithinTheBoundOfIt() {
        let sketch = Self.sketch(Array(repeating: 42.5, count: 1_000))
        for q in Self.quantiles { #expect(abs(sketch.quantile(q)! - 42.5) <= 0.425) }
    }

    @Test func zerosStayExactlyZero() {
        let sketch = Self.sketch(Array(repeating: 0, count: 500) + Array(repeating: -3, count: 500) + [7, 8])
        #expect(sketch.quantile(0.6) == 0)
        #expect(sketch.quantile(0.75) == 0)
    }

    @Test func aSmallPeriodsPercentilesAreExact() {
        var r = Numbers(seed: 3)
        let values = (0..<QuantileSketch.exactLimit).map { _ in exp(4 * r.normal()) - 5 }
        let sketch = Self.sketch(values)
        for q in Self.quantiles { #expect(sketch.quantile(q) == Self.exact(values, q)) }
    }

    @Test func oneValueIsEveryPercentile() {
        let sketch = Self.sketch([3.25])
        for q in [0, 0.5, 0.99, 1] { #expect(sketch.quantile(q) == 3.25) }
        #expect(QuantileSketch().quantile(0.5) == nil)
    }

    /// Small buckets merged into a small period stay exact; into a big one, within the bound.
    @Test func bucketsMergedInAnyOrderGiveTheSameSketch() {
        var r = Numbers(seed: 11)
        let buckets: [[Double]] = (0..<400).map { b in
            let sign: Double = b % 5 == 0 ? -1 : 1
            return (0..<(b % 7 * 9)).map { _ in sign * exp(2 + r.normal()) }
        }
        var orders = [Array(buckets.indices), Array(buckets.indices.reversed())]
        var shuffled = Array(buckets.indices)
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(i, Int(r.uniform() * Double(i + 1))) }
        orders.append(shuffled)
        // Pairwise, as periods merge their sub-buckets: a tree rather than a line.
        func tree(_ order: [Int]) -> QuantileSketch {
            var level = order.map { Self.sketch(buckets[$0]) }
            while level.count > 1 {
                level = stride(from: 0, to: level.count, by: 2).map { i in
                    var s = level[i]
                    if i + 1 < level.count { s.merge(level[i + 1]) }
                    return s
                }
            }
            return level[0]
        }
        let merged = orders.map { order in
            order.reduce(into: QuantileSketch()) { $0.merge(Self.sketch(buckets[$1])) }
        } + [tree(shuffled)]
        for sketch in merged.dropFirst() {
            #expect(sketch == merged[0])
            for q in Self.quantiles { #expect(sketch.quantile(q) == merged[0].quantile(q)) }
        }
        Self.expectWithinBound(merged[0], buckets.flatMap { $0 }, "merged")
        let small = buckets[0..<5].flatMap { $0 }
        #expect(small.count <= QuantileSketch.exactLimit)
        let smallSketch = buckets[0..<5].reduce(into: QuantileSketch()) { $0.merge(Self.sketch($1)) }
        for q in Self.quantiles { #expect(smallSketch.quantile(q) == Self.exact(small, q)) }
    }

    /// 1M values over twelve decades, 100 to each of 10k buckets dealt out
    /// of order, merged in a shuffled order and in a tree: the same sketch,
    /// every percentile within the bound. The values are `exp(lo + span·i/n)`
    /// for i = 0..<n, so the k-th smallest is value k and the exact
    /// percentiles need no sort. The 10M from 100k buckets passed
    /// too, but took 60 s and 600 MB in a debug build: scaled by ten.
    @Test func aMillionValuesFromTenThousandBucketsInAnyOrder() {
        let n = 1_000_000, perBucket = 100, lo = log(1e-3), span = log(1e9) - log(1e-3)
        func value(_ i: Int) -> Double { exp(lo + span * Double(i) / Double(n)) }
        // k ↦ k·777,777 mod n is a permutation of 0..<n (777,777 shares no factor with 10^6).
        let buckets: [QuantileSketch] = (0..<(n / perBucket)).map { b in
            var sketch = QuantileSketch()
            for k in (b * perBucket)..<((b + 1) * perBucket) { sketch.add(value(k * 777_777 % n)) }
            return sketch
        }
        var r = Numbers(seed: 13)
        var order = Array(buckets.indices)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, Int(r.uniform() * Double(i + 1))) }
        let shuffled = order.reduce(into: QuantileSketch()) { $0.merge(buckets[$1]) }
        var level = buckets
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: 2).map { i in
                var s = level[i]
                if i + 1 < level.count { s.merge(level[i + 1]) }
                return s
            }
        }
        #expect(shuffled == level[0] && shuffled.count == n)
        for q in Self.quantiles {
            let h = q * Double(n - 1), low = Int(h.rounded(.down)), t = h - Double(low)
            let a = value(low), b = value(min(low + 1, n - 1))
            let truth = t < 0.5 ? a + (b - a) * t : b - (b - a) * (1 - t)
            let bound = QuantileSketch.relativeAccuracy * ((1 - t) * a + t * b) * (1 + 1e-12)
            #expect(abs(shuffled.quantile(q)! - truth) <= bound, "q \(q): \(shuffled.quantile(q)!) against \(truth)")
            #expect(level[0].quantile(q) == shuffled.quantile(q))
        }
    }

    /// A copy is its own: changing one leaves the other as it was.
    @Test func copiesDoNotShareChanges() {
        var a = Self.sketch([1, 2, 3])
        let b = a
        a.add(100)
        #expect(b.count == 3)
        #expect(b.quantile(1) == 3)
    }

    /// A sketch of a database's answers does not merge: two periods' answers together answer nothing, never a wrong number.
    @Test func answersDoNotMerge() {
        var one = QuantileSketch(answers: [950: 10], count: 3)
        #expect(one.quantile(0.95) == 10 && one.quantile(0.5) == nil)
        var empty = QuantileSketch()
        empty.merge(one)
        #expect(empty.quantile(0.95) == 10)
        one.merge(QuantileSketch(answers: [950: 20], count: 4))
        #expect(one.count == 7 && one.quantile(0.95) == nil)
        var added = QuantileSketch(answers: [950: 10], count: 3)
        added.add(5)
        #expect(added.count == 4 && added.quantile(0.95) == nil)
    }
}
