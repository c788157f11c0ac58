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

    @Test func aStepPerRowWhenItFits() {
        let scale = ChartScale.nice(low: 0, high: 12, rows: 7, includeZero: true)
        #expect(values(scale) == [0, 2, 4, 6, 8, 10, 12])
        #expect(scale.ticks.map(\.row) == [0, 1, 2, 3, 4, 5, 6])
        #expect(scale.unit == 2)
    }

    @Test func asFineAsRowsAllowWithTicksTwoRowsApartOnATie() {
        let scale = ChartScale.nice(low: 0, high: 40, rows: 10, includeZero: true)
        #expect(scale.step == 10)
        #expect(scale.rowsPerStep == 2)
        #expect(scale.unit == 5)
        #expect(values(scale) == [0, 10, 20, 30, 40])
    }

    @Test func negativeRanges() {
        let scale = ChartScale.nice(low: 7.5, high: -4.2, rows: 9, includeZero: false)
        #expect(scale.base == -6)
        #expect(values(scale) == [-6, -4, -2, 0, 2, 4, 6, 8, 10])
        #expect(values(ChartScale.nice(low: -20, high: 35, rows: 10, includeZero: true)) == [-20, 0, 20, 40])
    }

    @Test func linesNeedNotStartAtZero() {
        #expect(values(ChartScale.nice(low: 101, high: 104, rows: 4, includeZero: false)) == [101, 102, 103, 104])
        #expect(values(ChartScale.nice(low: 101, high: 104, rows: 3, includeZero: true)) == [0, 200])
    }

    @Test func tinyAndHugeRanges() {
        #expect(close(values(ChartScale.nice(low: 1e-9, high: 5e-9, rows: 5, includeZero: false)), [1e-9, 2e-9, 3e-9, 4e-9, 5e-9]))
        #expect(close(values(ChartScale.nice(low: 0, high: 3e12, rows: 4, includeZero: true)), [0, 1e12, 2e12, 3e12]))
        let offset: [Double] = [0, 2, 4].map { 1e12 + $0 }
        #expect(close(values(ChartScale.nice(low: 1e12, high: 1e12 + 4, rows: 5, includeZero: false)), offset))
    }

    @Test func flatRanges() {
        // A flat line sits mid-scale; all zeros under bars get a scale up to one.
        #expect(values(ChartScale.nice(low: 5, high: 5, rows: 3, includeZero: false)) == [2.5, 5, 7.5])
        #expect(values(ChartScale.nice(low: 0, high: 0, rows: 3, includeZero: false)) == [-0.5, 0, 0.5])
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
    @Test("ticks are 1, 2, 2.5 or 5 times a power of ten and span the values", arguments: [
        (-42.7, -3.1), (-0.004, 0.0031), (1e-12, 7.3e-12), (2.5e14, 9.1e15), (1_000_000.2, 1_000_000.9), (-7e9, 3e9),
        (36.1, 42.2), (0.5, 0.5),
    ], [4, 9, 17])
    func niceTicks(range: (Double, Double), rows: Int) {
        let (low, high) = range
        let scale = ChartScale.nice(low: low, high: high, rows: rows, includeZero: false)
        let exponent = floor(log10(scale.step))
        let mantissa = scale.step / pow(10, exponent)
        #expect([1, 2, 2.5, 5, 10].contains { abs(mantissa - $0) < 1e-9 }, "step \(scale.step)")
        // The values fit on the rows: the bottom at or below the lowest, the top at or above the highest.
        #expect(scale.base <= low + abs(low) * 1e-12)
        #expect(scale.base + Double(rows - 1) * scale.unit >= high - abs(high) * 1e-12)
        for tick in scale.ticks {
            let steps = tick.value / scale.step
            #expect(abs(steps - steps.rounded()) < 1e-6, "tick \(tick.value) on step \(scale.step)")
        }
    }
}
