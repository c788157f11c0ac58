import Foundation
import Testing
@testable import StrataUI

@Suite("ChartScale and Axis: humane ticks on whole rows")
struct ChartScaleTests {
    func values(_ scale: ChartScale) -> [Double] { scale.ticks.map(\.value) }

    /// Equal to a few parts in a billion: tick values are computed in floating point.
    func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-9 * max(abs($0), abs($1)) }
    }

    @Test func theFinestRowsWithTicksTwoToFiveRowsApart() {
        let scale = ChartScale.nice(low: 0, high: 12, rows: 7, includeZero: true)
        #expect(values(scale) == [0, 10])
        #expect(scale.ticks.map(\.row) == [0, 5])
        #expect(scale.unit == 2)
    }

    @Test func onATieTicksAboutThreeRowsApart() {
        let scale = ChartScale.nice(low: 0, high: 40, rows: 10, includeZero: true)
        #expect(scale.unit == 5)
        #expect(scale.rowsPerStep == 2)
        #expect(values(scale) == [0, 10, 20, 30, 40])
        let tied = ChartScale.nice(low: 0, high: 90, rows: 10, includeZero: true)
        #expect(tied.unit == 10)
        #expect(tied.rowsPerStep == 2)
    }

    @Test func negativeRanges() {
        let scale = ChartScale.nice(low: 7.5, high: -4.2, rows: 9, includeZero: false)
        #expect(abs(scale.base + 5) < 1e-9)
        #expect(close(values(scale), [-5, 0, 5]))
        #expect(values(ChartScale.nice(low: -20, high: 35, rows: 10, includeZero: true)) == [-20, 0, 20, 40])
    }

    /// The review's case: bars up to 1.2M over a low of -130 take one row below zero, not a step of 250k.
    @Test func theNegativeSideIsNoBiggerThanTheDataNeeds() {
        let scale = ChartScale.nice(low: -130, high: 1_200_000, rows: 24, includeZero: true)
        #expect(scale.base < 0)
        #expect(scale.base >= -scale.unit)
        #expect(scale.ticks.first?.value == 0)
        #expect(scale.ticks.first?.row == 1)
    }

    @Test func linesNeedNotStartAtZero() {
        #expect(values(ChartScale.nice(low: 101, high: 104, rows: 7, includeZero: false)) == [101, 102, 103, 104])
        // Two ticks at least, even over few rows.
        let bars = ChartScale.nice(low: 101, high: 104, rows: 3, includeZero: true)
        #expect(values(bars) == [0, 200])
    }

    @Test func countsStepByWholeNumbers() {
        let counts = ChartScale.nice(low: 0, high: 2, rows: 30, includeZero: true, steps: .whole)
        #expect(counts.step == 1)
        #expect(values(counts) == [0, 1, 2, 3, 4, 5])
        #expect(ChartScale.nice(low: 0, high: 2, rows: 30, includeZero: true).step < 1)
        #expect(ChartScale.nice(low: 0, high: 1, rows: 200, includeZero: true, steps: .whole).step == 1)
    }

    /// Durations step as clocks do: 30 minutes, not 2,000 seconds; days by 1, 2 or 5.
    @Test func durationsStepAsClocksDo() {
        let hours = ChartScale.nice(low: 0, high: 9000, rows: 16, includeZero: true, steps: .duration)
        #expect(hours.step == 1800)
        #expect(hours.ticks.map { ValueFormat.duration.tick($0.value, step: hours.step) } == ["0s", "30m", "1h", "1h 30m", "2h", "2h 30m"])
        #expect(ChartScale.nice(low: 0, high: 40 * 86_400, rows: 10, includeZero: true, steps: .duration).step == 10 * 86_400)
    }

    @Test func tinyAndHugeRanges() {
        #expect(close(values(ChartScale.nice(low: 1e-9, high: 5e-9, rows: 9, includeZero: false)), [1e-9, 2e-9, 3e-9, 4e-9, 5e-9]))
        #expect(close(values(ChartScale.nice(low: 0, high: 3e12, rows: 7, includeZero: true)), [0, 1e12, 2e12, 3e12]))
        let offset: [Double] = [0, 2, 4].map { 1e12 + $0 }
        #expect(close(values(ChartScale.nice(low: 1e12, high: 1e12 + 4, rows: 5, includeZero: false)), offset))
    }

    @Test func flatRanges() {
        // A flat line sits mid-scale; all zeros under bars get a scale up to one.
        #expect(values(ChartScale.nice(low: 5, high: 5, rows: 5, includeZero: false)) == [2, 4, 6, 8, 10])
        #expect(values(ChartScale.nice(low: 0, high: 0, rows: 5, includeZero: false)) == [-0.5, 0, 0.5])
        #expect(values(ChartScale.nice(low: 0, high: 0, rows: 5, includeZero: true)) == [0, 0.5, 1])
    }

    @Test func tooFewRowsForAStepAcrossZero() {
        let scale = ChartScale.nice(low: -1, high: 1, rows: 2, includeZero: false)
        #expect(values(scale) == [-1, 1])
        #expect(ChartScale.nice(low: -1, high: 1, rows: 1, includeZero: false).ticks.count == 1)
        #expect(ChartScale.nice(low: .nan, high: .infinity, rows: 0, includeZero: false).ticks.isEmpty)
    }

    @Test func rowsCountFromTheTop() {
        let scale = ChartScale.nice(low: 0, high: 12, rows: 7, includeZero: true)
        #expect(scale.row(for: 12) == 0)
        #expect(scale.row(for: 6) == 3)
        #expect(scale.row(for: 0) == 6)
        #expect(scale.row(for: 13) == -1)
    }

    @Test func axisTenRowsHigh() {
        let axis = Axis(scale: ChartScale.nice(low: -20, high: 35, rows: 10, includeZero: true), glyphs: .unicode)
        #expect(axis.width == 5)
        #expect(widgetScreen(axis, width: 7, height: 11) == """
               40 ┤
                  │
                  │
               20 ┤
                  │
                  │
                0 ┼
                  │
                  │
              -20 ┤

            """)
    }

    /// Ticks on every row: the one between 0 and 1k is left out so labels do not touch.
    @Test func asciiAxisCutToItsArea() {
        let axis = Axis(scale: ChartScale.nice(low: 0, high: 1500, rows: 4, includeZero: true), glyphs: .ascii)
        #expect(widgetScreen(axis, width: 4, height: 3) == """
            1k +
               |
             0 +
            """)
    }
}

@Suite("ChartScale: nice ticks over any range")
struct NiceTickTests {
    /// A line's range (zero not forced) over negative, tiny, huge and offset values, at a few heights.
    @Test("ticks are 1, 2 or 5 times a power of ten, 2 to 5 rows apart, span the values and read apart", arguments: [
        (-42.7, -3.1), (-0.004, 0.0031), (1e-12, 7.3e-12), (2.5e14, 9.1e15), (1_000_000.2, 1_000_000.9), (-7e9, 3e9),
        (36.1, 42.2), (0.5, 0.5), (2283.7, 2321.4), (737.5, 745), (7812, 10_613), (-130, 1_200_000),
    ], [4, 9, 17, 24])
    func niceTicks(range: (Double, Double), rows: Int) {
        let (low, high) = range
        let scale = ChartScale.nice(low: low, high: high, rows: rows, includeZero: false)
        let exponent = floor(log10(scale.step))
        let mantissa = scale.step / pow(10, exponent)
        #expect([1, 2, 5, 10].contains { abs(mantissa - $0) < 1e-9 }, "step \(scale.step)")
        #expect(((rows < 9 ? 1 : 2)...5).contains(scale.rowsPerStep), "\(scale)")
        // The values fit on the rows: the bottom at or below the lowest, the top at or above the highest.
        #expect(scale.base <= low + abs(low) * 1e-12)
        #expect(scale.base + Double(rows - 1) * scale.unit >= high - abs(high) * 1e-12)
        for tick in scale.ticks {
            let steps = tick.value / scale.step
            #expect(abs(steps - steps.rounded()) < 1e-6, "tick \(tick.value) on step \(scale.step)")
            #expect(abs(scale.base + Double(tick.row) * scale.unit - tick.value) <= scale.unit * 1e-6)
        }
        let labels = scale.ticks.map { NumberFormat.tick($0.value, step: scale.step) }
        #expect(Set(labels).count == labels.count, "\(labels)")
    }

    @Test func tickLabelsCarryTheDigitsTheStepNeeds() {
        #expect(NumberFormat.tick(2300, step: 100) == "2.3k")
        #expect(NumberFormat.tick(2290, step: 10) == "2,290")
        #expect(NumberFormat.tick(742, step: 2) == "742")
        #expect(NumberFormat.tick(742.5, step: 0.5) == "742.5")
        #expect(NumberFormat.tick(250_000, step: 50_000) == "250k")
        #expect(NumberFormat.tick(1_250_000, step: 50_000) == "1250k")
        #expect(NumberFormat.tick(-0.35, step: 0.05) == "-0.35")
        #expect(NumberFormat.tick(3e18, step: 1e18) == "3e18")
        #expect(NumberFormat.tick(1.2e-9, step: 2e-10) == "1.2e-9")
        #expect(NumberFormat.tick(0, step: 5) == "0")
    }

    /// The card's numbers: a sum of prices to the cent, a mean to four significant digits or a decimal.
    @Test func exactNumbersKeepTheirOwnFewDecimals() {
        #expect(NumberFormat.exact(71_232.98) == "71,232.98")
        #expect(NumberFormat.exact(993.64) == "993.64")
        #expect(NumberFormat.exact(1_669_262.52) == "1,669,262.52")
        #expect(NumberFormat.exact(0.1 + 0.2) == "0.3")
        #expect(NumberFormat.exact(12.5) == "12.5")
        #expect(NumberFormat.exact(1002.791805883961) == "1,002.8")
        #expect(NumberFormat.exact(23.846153846) == "23.85")
        #expect(NumberFormat.exact(-4.25) == "-4.25")
        #expect(NumberFormat.exact(1_234_567) == "1,234,567")
    }

    @Test func humaneGoesScientificPastTeraAndBelowAHundredth() {
        #expect(NumberFormat.humane(3e18) == "3e18")
        #expect(NumberFormat.humane(999e12) == "999T")
        #expect(NumberFormat.humane(6.0e-7) == "6e-7")
        #expect(NumberFormat.humane(-1.23e-9) == "-1.2e-9")
        #expect(NumberFormat.humane(9.96e-5) == "1e-4")
        #expect(NumberFormat.humane(892_000) == "892k")
        #expect(NumberFormat.humane(0.206) == "0.206")
    }
}
