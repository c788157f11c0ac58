import Foundation

/// A chart's vertical scale with humane ticks: a step of 1, 2, 2.5 or 5
/// times a power of ten that lands on whole rows, so a label never lies
/// about its row. Among the steps that fit, the finest rows win;
/// on a tie, ticks two rows apart (labels with air between them). Rows count
/// from the bottom row (row 0, worth `base`) up; each is worth `unit`.
public struct ChartScale: Hashable, Sendable {
    public struct Tick: Hashable, Sendable {
        public let value: Double
        /// Rows above the bottom row.
        public let row: Int
    }

    public let rows: Int
    /// The value of the bottom row: a whole number of steps.
    public let base: Double
    /// The value of one row.
    public let unit: Double
    public let step: Double
    public let rowsPerStep: Int

    /// The finest scale of `rows` rows showing `low...high` (either order),
    /// stretched to zero when `includeZero` (bars stand on zero; lines need not).
    public static func nice(low: Double, high: Double, rows: Int, includeZero: Bool) -> ChartScale {
        var low = low.isFinite ? low : 0, high = high.isFinite ? high : 0
        if low > high { swap(&low, &high) }
        if includeZero {
            low = min(low, 0)
            high = max(high, 0)
        }
        // A flat range opens around its value (all zeros under bars: up to one).
        if low == high {
            if includeZero {
                high = 1
            } else {
                let half = low == 0 ? 0.5 : abs(low) / 2
                low -= half
                high += half
            }
        }
        let span = high - low
        let intervals = max(1, rows - 1)
        let exponent = Int(floor(log10(span / Double(intervals))))
        var best: ChartScale?
        for power in (exponent - 1)...(exponent + 2) {
            for multiplier in [1.0, 2, 2.5, 5] {
                let step = multiplier * pow(10, Double(power))
                // The tolerance keeps a value on a tick from costing a whole extra step.
                let first = (low / step + 1e-9).rounded(.down)
                let last = max(first + 1, (high / step - 1e-9).rounded(.up))
                let steps = Int(last - first)
                guard steps <= intervals else { continue }
                let perStep = intervals / steps
                let candidate = ChartScale(rows: max(0, rows), base: first * step, unit: step / Double(perStep),
                                           step: step, rowsPerStep: perStep)
                if let chosen = best {
                    if candidate.unit > chosen.unit * (1 + 1e-9) { continue }
                    // As fine as the best so far: labels want a row of air between them, and no more.
                    if abs(candidate.unit - chosen.unit) <= chosen.unit * 1e-9,
                       !Self.spacedBetter(perStep, than: chosen.rowsPerStep) { continue }
                }
                best = candidate
            }
        }
        // Only too few rows for any step across a boundary get here: the ends are the ticks.
        return best ?? ChartScale(rows: max(0, rows), base: low, unit: span / Double(intervals), step: span,
                                  rowsPerStep: intervals)
    }

    /// Ticks two rows apart or more beat ticks on every row; among those, the closer the better.
    private static func spacedBetter(_ a: Int, than b: Int) -> Bool {
        (a >= 2) != (b >= 2) ? a >= 2 : (a >= 2 ? a < b : a > b)
    }

    /// The ticks that fall on the scale's rows, bottom first.
    public var ticks: [Tick] {
        stride(from: 0, to: rows, by: rowsPerStep).map { row in
            // Multiplied, not added up: no drift on tiny or huge ranges.
            Tick(value: base + Double(row / rowsPerStep) * step, row: row)
        }
    }

    /// The row nearest `value`, counted from the top row (0) down, as a
    /// widget draws; outside `0..<rows` for values off the scale.
    public func row(for value: Double) -> Int {
        rows - 1 - Int(((value - base) / unit).rounded())
    }
}
