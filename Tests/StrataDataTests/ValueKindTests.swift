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

    /// A running total of `counts`: cases so far, a meter's register.
    static func soFar(_ most: Int, count: Int = 60, seed: UInt64) -> [Double] {
        var total = 0.0
        return counts(most, count: count, seed: seed).map { total += $0; return total }
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
        // Running totals, named so or not: each period shows its max, the total at its end.
        Column(name: "total_cases", truth: .max, runs: [soFar(2000, seed: 70), soFar(300, seed: 71)]),
        Column(name: "Confirmed", truth: .max, runs: [soFar(40, count: 12, seed: 72), soFar(90, count: 12, seed: 73)]),
        Column(name: "meter register", truth: .max, runs: [soFar(30, seed: 74).map { $0 + 18_250.5 }]),
        // A meter's reading in the unit of what it counts (kWh) is a register too: the unit does not settle it.
        Column(name: "Zählerstand (kWh)", truth: .max, runs: [soFar(30, seed: 77).map { $0 + 12_345.5 }]),
        Column(name: "Meter reading (kWh)", truth: .max, runs: [soFar(30, seed: 78).map { $0 + 8_000.25 }]),
        Column(name: "Verbrauch (kWh)", truth: .sum, runs: [takings(seed: 79)]),
        Column(name: "value", truth: .max, runs: [soFar(9, seed: 75)], steady: false),
        // A quantity's name settles it, though its values rise for twenty periods (births per year in a growing country).
        Column(name: "births", truth: .sum, runs: [soFar(40, count: 30, seed: 76).map { $0 + 9000 }]),
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

    /// Columns read side by side, each row one reading of them all: where
    /// they add up to about 100 (or 1) in every row, shares of a whole.
    struct Table: Sendable {
        let names: [String]
        let truth: Aggregate
        /// Each row's values, nil where empty.
        let rows: [[Double?]]
    }

    /// A poll's primary votes, whole numbers: `parties - 1` drift, the last is what is left of 100.
    static func poll(parties: Int, count: Int = 40, seed: UInt64) -> [[Double?]] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { _ in
            let votes = (1..<parties).map { _ in Double(100 / parties - 4 + Int(random.next() % 9)) }
            return votes + [100 - votes.reduce(0, +)]
        }
    }

    /// Two-answer polls written to the half, a few without their numbers.
    static func halves(seed: UInt64) -> [[Double?]] {
        poll(parties: 2, seed: seed).enumerated().map { (k: Int, row: [Double?]) -> [Double?] in
            k % 9 == 4 ? [nil, nil] : [row[0]! - 0.5, row[1]! + 0.5]
        }
    }

    /// Casualty counts side by side: no whole.
    static func casualties() -> [[Double?]] {
        let wounds = counts(80, seed: 64), other = counts(30, seed: 65), disease = counts(300, seed: 66)
        return (0..<wounds.count).map { (k: Int) -> [Double?] in [wounds[k], other[k], disease[k]] }
    }

    /// A home and an away score near 100 together in most rows, not in one.
    static func scores() -> [[Double?]] {
        var rows = poll(parties: 2, seed: 67)
        rows[17] = [61, 12]
        return rows
    }

    static let tables: [Table] = [
        // Shares, whole numbers and decimals, named and not.
        Table(names: ["ALP", "LNP", "Other"], truth: .mean, rows: poll(parties: 3, seed: 60)),
        Table(names: ["Labor", "Coalition", "Greens", "One Nation", "Others"], truth: .mean, rows: poll(parties: 5, seed: 61)),
        Table(names: ["yes", "no"], truth: .mean, rows: halves(seed: 62)),
        Table(names: ["a", "b", "c"], truth: .mean, rows: poll(parties: 3, seed: 63).map { (row: [Double?]) -> [Double?] in row.map { $0! / 100 } }),
        Table(names: ["wounds", "other", "disease"], truth: .sum, rows: casualties()),
        Table(names: ["home", "away"], truth: .sum, rows: scores()),
    ]

    @Test func labelledColumnsAreCalledRight() {
        var wrong: [String] = []
        for column in Self.columns {
            let call = ValueKind.call(name: column.name, runs: column.runs, steady: column.steady)
            if call.aggregate != column.truth { wrong.append("\(column.name): \(call.aggregate), not \(column.truth)") }
            if call.aggregate == .mean { #expect(call.reason.hasPrefix("\"\(column.name)\" is a level, not a quantity: "), "\(column.name)") }
            if call.aggregate == .max { #expect(call.reason.hasPrefix("\"\(column.name)\" is a running total, not a quantity: "), "\(column.name)") }
        }
        var total = Self.columns.count
        for table in Self.tables {
            let columns = table.names.indices.map { c in table.rows.map { $0[c] } }
            let shares = ValueKind.shares(columns)
            for (c, name) in table.names.enumerated() {
                let shareOf: (others: [String], total: Double)? = shares.flatMap { found in
                    found.columns.contains(c) ? (found.columns.filter { $0 != c }.map { table.names[$0] }, found.total) : nil
                }
                let call = ValueKind.call(name: name, runs: [columns[c].compactMap { $0 }], steady: true, shareOf: shareOf)
                if call.aggregate != table.truth { wrong.append("\(name): \(call.aggregate), not \(table.truth)") }
                total += 1
            }
        }
        let rate = Double(total - wrong.count) / Double(total)
        print("ValueKind: \(total - wrong.count) of \(total) labelled columns called right (\(Int(rate * 100))%); wrong: \(wrong)")
        #expect(total >= 40)
        // Whole numbers that drift like a stock, unnamed, are taken for counts: the one call the rule knows it gets wrong.
        #expect(wrong == ["A: sum, not mean"])
    }

    /// A poll's whole-number shares are levels, and the note says why, naming the others and the whole.
    @Test func sharesSayWhatTheyAddUpTo() throws {
        let rows = Self.poll(parties: 3, seed: 60)
        let found = try #require(ValueKind.shares((0..<3).map { c in rows.map { $0[c] } }))
        #expect(found.columns == 0..<3 && found.total == 100)
        let call = ValueKind.call(name: "ALP", runs: [rows.map { $0[0]! }], steady: true, shareOf: (["LNP", "Other"], 100))
        #expect(call == ValueKind(aggregate: .mean, reason: "\"ALP\" is a level, not a quantity: with \"LNP\", \"Other\" it adds up to about 100 in every row (a share)"))
        // Whole numbers alone are counts: the same column without its fellows.
        #expect(ValueKind.call(name: "ALP", runs: [rows.map { $0[0]! }], steady: true).aggregate == .sum)
    }

    /// Every value column is called by its sample, the ones `v` switches to as the first: OWID's
    /// `total_deaths` beside `total_cases` is a running total too, `new_cases` a quantity, whatever the road.
    @Test(arguments: [Fixture.Road.file, .pipe])
    func otherValuesAreCalledByTheirSamples(_ road: Fixture.Road) throws {
        let new = Self.counts(5000, count: 40, seed: 80), deaths = Self.counts(50, count: 40, seed: 81)
        var cases = 0.0, dead = 0.0
        let rows = new.indices.map { i -> String in
            cases += new[i]
            dead += deaths[i]
            return "2021-\(i < 31 ? "01" : "02")-\(i % 31 + 1 < 10 ? "0" : "")\(i % 31 + 1),\(Int(cases)),\(Int(new[i])),\(Int(dead))"
        }
        let loaded = try Fixture.load((["date,total_cases,new_cases,total_deaths"] + rows).joined(separator: "\n") + "\n",
                                      name: "owid.csv", road: road)
        let dataset = Dataset(loaded: loaded, levels: loaded.levels)
        #expect(dataset.valueNames == ["total_cases", "new_cases", "total_deaths"])
        #expect(dataset.valueNames.indices.map(dataset.suggestedAggregate(value:)) == [.max, .sum, .max])
    }

    /// A German smart meter's export: the quarter hour's use beside the meter's register, both in kWh.
    /// Two things, not one kind side by side: the use is summed, the register shows its max.
    @Test(arguments: [Fixture.Road.file, .pipe])
    func aMeterReadingBesideTheUseIsNoSeriesOfOneKind(_ road: Fixture.Road) throws {
        // In hundredths of a kWh, written with a decimal comma: 0,05 to 0,45 a quarter hour.
        let use = Self.counts(40, count: 96, seed: 82).map { Int($0) + 5 }
        let comma = { (hundredths: Int) in "\(hundredths / 100),\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)" }
        var register = 471_100
        let rows = use.indices.map { i -> String in
            register += use[i]
            let clock = "\(i / 4 < 10 ? "0" : "")\(i / 4):\(i % 4 == 0 ? "00" : "\(i % 4 * 15)")"
            return "13.03.2024;\(clock);\(comma(use[i]));\(comma(register))"
        }
        let loaded = try Fixture.load((["Datum;Uhrzeit;Verbrauch (kWh);Zählerstand (kWh)"] + rows).joined(separator: "\n") + "\n",
                                      name: "zaehler.csv", road: road)
        #expect(!loaded.notes.contains { $0.hasPrefix("series:") }, "\(loaded.notes)")
        let dataset = Dataset(loaded: loaded, levels: loaded.levels)
        #expect(dataset.valueNames == ["Verbrauch (kWh)", "Zählerstand (kWh)"])
        #expect(dataset.valueNames.indices.map(dataset.suggestedAggregate(value:)) == [.sum, .max])
    }

    /// The database reads names only: the same words call the same columns.
    @Test func namesAloneCallWhatTheySay() {
        #expect(Aggregate.suggested(forValueNamed: "CO2 (ppm)") == .mean)
        #expect(Aggregate.suggested(forValueNamed: "rainfall_mm") == .sum)
        #expect(Aggregate.suggested(forValueNamed: "value") == .sum)
    }
}
