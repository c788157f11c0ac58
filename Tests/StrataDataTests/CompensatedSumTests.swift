import Testing
@testable import StrataData

/// A period's sum is its rows' to the last digit, whatever the base buckets
/// it was added up from: prices in cents, summed exactly as integers, against
/// the month's sum loaded with minutes, hours and days as the base.
struct CompensatedSumTests {
    /// Rows a minute apart over two months, three sites in turn (each row its
    /// own flush into its site's bucket), amounts with two decimals; in
    /// file order, or shuffled (buckets revisited out of order).
    static func rows(shuffled: Bool) -> (csv: String, cents: [String: [Int: Int]]) {
        var seed: UInt64 = 42
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        var lines: [String] = [], cents: [String: [Int: Int]] = [:]
        let start = Fixture.utc(2024, 1, 1)
        for i in 0..<80_000 {
            let t = start + Int64(i) * 60, site = ["a", "b", "c"][i % 3]
            let amount = Int(next() % 200_000)
            let month = Fixture.utc(2024, 2, 1) <= t ? 2 : 1
            cents[site, default: [:]][month, default: 0] += amount
            cents["all", default: [:]][month, default: 0] += amount
            lines.append("\(t),\(site),\(amount / 100).\(amount % 100 < 10 ? "0" : "")\(amount % 100)")
        }
        if shuffled {
            for i in stride(from: lines.count - 1, to: 0, by: -1) { lines.swapAt(i, Int(next() % UInt64(i + 1))) }
        }
        return ("time,site,amount\n" + lines.joined(separator: "\n") + "\n", cents)
    }

    @Test(arguments: [false, true])
    func aMonthsSumIsItsRowsWhateverTheBase(shuffled: Bool) throws {
        let (csv, cents) = Self.rows(shuffled: shuffled)
        for base in [TimeUnit.minute, .hour, .day] {
            let result = try Fixture.load(csv, baseUnit: base) {
                $0.valueColumn = "amount"
                $0.seriesColumn = "site"
            }
            let data = Dataset(loaded: result, levels: [.month])
            for (s, series) in data.series.enumerated() {
                for month in 0..<2 {
                    let exact = Double(cents[s == 0 ? "all" : series.name]![month + 1]!) / 100
                    #expect(data.stats(.month, index: month, series: s).sum == exact, "\(series.name) month \(month + 1), base \(base)")
                }
            }
        }
    }

    @Test func compensationKeepsInfinityAndTheSignOfZero() {
        var big = CompensatedStats()
        for _ in 0..<3 { big.add(1e308) }
        #expect(big.total.sum == .infinity)
        var zero = CompensatedStats(Stats(count: 0, sum: -0.0, min: .infinity, max: -.infinity))
        zero.add(-0.0)
        #expect(zero.total.sum.sign == .minus)
        // 1 + 1e100 - 1e100: plain addition says 0.
        #expect([Stats(value: 1), Stats(value: 1e100), Stats(value: -1e100)].merged().sum == 1)
    }
}
