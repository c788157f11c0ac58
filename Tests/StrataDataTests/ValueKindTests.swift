import Foundation
import Testing
@testable import StrataData

/// The level-or-quantity rule on labelled columns, named and unnamed, with
/// values generated the way such columns behave.
struct ValueKindTests {
    struct Column: Sendable {
        let name: String
        let truth: Aggregate
        let runs: [[Double]]
        var steady = true
    }

    /// A reading that drifts a little around `level`, never zero.
    static func drifting(_ level: Double, step: Double, count: Int = 60, seed: UInt64) -> [Double] {
        var random = SplitMix(seed: seed), v = level
        return (0..<count).map { _ in
            v += (Double(random.next() % 2001) / 1000 - 1) * step
            return (v * 100).rounded() / 100
        }
    }

    /// Counts of something that happened: whole numbers, zeros among them.
    static func counts(_ most: Int, count: Int = 60, seed: UInt64) -> [Double] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { _ in Double(random.next() % UInt64(most + 1)) }
    }

    /// Amounts such as rainfall: decimals, many of them zero.
    static func showers(count: Int = 60, seed: UInt64) -> [Double] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { _ in random.next() % 3 == 0 ? Double(random.next() % 300) / 10 : 0 }
    }

    /// Amounts of money: decimals that jump from one period to the next.
    static func takings(count: Int = 60, seed: UInt64) -> [Double] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { _ in Double(100 + random.next() % 5000) + 0.25 }
    }

    static let columns: [Column] = [
        // Levels named by a unit or a word.
        Column(name: "CO2 (ppm)", truth: .mean, runs: [drifting(400, step: 1, seed: 1)]),
        Column(name: "Industrial production index (2010=100)", truth: .mean, runs: [drifting(100, step: 2, seed: 2)]),
        Column(name: "Life expectancy", truth: .mean, runs: [drifting(60, step: 1, seed: 3), drifting(75, step: 1, seed: 4)]),
        Column(name: "GHI (W/m^2)", truth: .mean, runs: [showers(seed: 5)]),
        Column(name: "Flow (l/s)", truth: .mean, runs: [drifting(7, step: 2, seed: 6)]),
        Column(name: "Vote share %", truth: .mean, runs: [drifting(35, step: 3, seed: 7)]),
        Column(name: "All employees, thousands", truth: .mean, runs: [drifting(150_000, step: 200, seed: 8).map { $0.rounded() }]),
        Column(name: "temp_max", truth: .mean, runs: [drifting(12, step: 4, seed: 9)]),
        Column(name: "Close", truth: .mean, runs: [drifting(180, step: 3, seed: 10)]),
        Column(name: "price", truth: .mean, runs: [drifting(3, step: 0.1, seed: 11)]),
        Column(name: "humidity", truth: .mean, runs: [counts(100, seed: 12)]),
        Column(name: "wind_speed", truth: .mean, runs: [drifting(5, step: 3, seed: 13)]),
        Column(name: "pressure_hpa", truth: .mean, runs: [drifting(1013, step: 5, seed: 14)]),
        Column(name: "unemployment rate", truth: .mean, runs: [drifting(5, step: 0.2, seed: 15)]),
        Column(name: "cpu_load", truth: .mean, runs: [drifting(1, step: 0.8, seed: 16)]),
        Column(name: "latency_ms", truth: .mean, runs: [takings(seed: 17)], steady: false),
        Column(name: "population", truth: .mean, runs: [drifting(8_000_000, step: 10_000, seed: 18).map { $0.rounded() }]),
        Column(name: "inventory", truth: .mean, runs: [counts(500, seed: 19)]),
        Column(name: "water level", truth: .mean, runs: [drifting(3, step: 0.05, seed: 20)]),
        Column(name: "Approval", truth: .mean, runs: [drifting(45, step: 2, seed: 21)]),
        Column(name: "NO2 concentration", truth: .mean, runs: [drifting(30, step: 6, seed: 22)]),
        Column(name: "score", truth: .mean, runs: [counts(10, seed: 23)]),
        Column(name: "Density (kg/m3)", truth: .mean, runs: [drifting(998, step: 0.5, seed: 24)]),
        // Quantities named by a word.
        Column(name: "births", truth: .sum, runs: [counts(12_000, seed: 30)]),
        Column(name: "rainfall_mm", truth: .sum, runs: [showers(seed: 31)]),
        Column(name: "precipitation", truth: .sum, runs: [showers(seed: 32)]),
        Column(name: "sales", truth: .sum, runs: [takings(seed: 33)]),
        Column(name: "Revenue", truth: .sum, runs: [takings(seed: 34)]),
        Column(name: "count", truth: .sum, runs: [counts(40, seed: 35)]),
        Column(name: "requests", truth: .sum, runs: [counts(9000, seed: 36)], steady: false),
        Column(name: "bytes_sent", truth: .sum, runs: [counts(1 << 20, seed: 37)], steady: false),
        Column(name: "energy_kwh", truth: .sum, runs: [drifting(30, step: 1, seed: 38)]),
        Column(name: "deaths", truth: .sum, runs: [counts(300, seed: 39)]),
        Column(name: "new cases", truth: .sum, runs: [counts(2000, seed: 40)]),
        Column(name: "snowfall", truth: .sum, runs: [showers(seed: 41)]),
        Column(name: "Total", truth: .sum, runs: [counts(70, seed: 42)]),
        Column(name: "orders", truth: .sum, runs: [counts(50, seed: 43)], steady: false),
        Column(name: "visitors", truth: .sum, runs: [counts(5000, seed: 44)]),
        Column(name: "Generation (GWh)", truth: .sum, runs: [takings(seed: 45)]),
        // Names that do not say: the values decide.
        Column(name: "value", truth: .mean, runs: [drifting(20, step: 0.3, seed: 50)]),
        Column(name: "x", truth: .mean, runs: [drifting(1.5, step: 0.01, seed: 51), drifting(2.5, step: 0.01, seed: 52)]),
        Column(name: "value", truth: .sum, runs: [counts(30, seed: 53)]),
        Column(name: "v", truth: .sum, runs: [showers(seed: 54)]),
        Column(name: "amount_usd", truth: .sum, runs: [takings(seed: 55)]),
        Column(name: "reading", truth: .sum, runs: [drifting(20, step: 0.3, seed: 56)], steady: false),
        Column(name: "A", truth: .mean, runs: [drifting(150_000, step: 200, seed: 57).map { $0.rounded() }]),
        Column(name: "column 3", truth: .sum, runs: [counts(9, seed: 58)]),
    ]

    @Test func labelledColumnsAreCalledRight() {
        var wrong: [String] = []
        for column in Self.columns {
            let call = ValueKind.call(name: column.name, runs: column.runs, steady: column.steady)
            if call.aggregate != column.truth { wrong.append("\(column.name): \(call.aggregate), not \(column.truth)") }
            if call.aggregate == .mean { #expect(call.reason.hasPrefix("\"\(column.name)\" is a level, not a quantity: "), "\(column.name)") }
        }
        let rate = Double(Self.columns.count - wrong.count) / Double(Self.columns.count)
        print("ValueKind: \(Self.columns.count - wrong.count) of \(Self.columns.count) labelled columns called right (\(Int(rate * 100))%); wrong: \(wrong)")
        #expect(Self.columns.count >= 40)
        // Whole numbers that drift like a stock, unnamed, are taken for counts: the one call the rule knows it gets wrong.
        #expect(wrong == ["A: sum, not mean"])
    }

    /// The database reads names only: the same words call the same columns.
    @Test func namesAloneCallWhatTheySay() {
        #expect(Aggregate.suggested(forValueNamed: "CO2 (ppm)") == .mean)
        #expect(Aggregate.suggested(forValueNamed: "rainfall_mm") == .sum)
        #expect(Aggregate.suggested(forValueNamed: "value") == .sum)
    }
}
