import Foundation

/// A chart's vertical scale with humane ticks: a step of 1, 2 or 5 times a
/// power of ten, ticks on its multiples, two to five rows apart so every
/// tick has room for its label (on every row only on charts too short for
/// that, where the axis labels every other one). Rows are a whole fraction of the step, so a
/// label never lies about its row; the bottom row need not be a tick, so
/// the scale reaches past the data by less than a row. At least two ticks
/// show. Among the scales
/// that fit, the finest rows win; on a tie, ticks about three rows apart.
/// Rows count from the bottom row (row 0, worth `base`) up; each is worth `unit`.
public struct ChartScale: Hashable, Sendable {
    public struct Tick: Hashable, Sendable {
        public let value: Double
        /// Rows above the bottom row.
        public let row: Int
    }

    /// Which steps a scale may take.
    public enum Steps: Sendable {
        /// 1, 2 or 5 times a power of ten.
        case decimal
        /// Those from 1 up: counts.
        case whole
        /// Seconds as clocks divide them (15s, 30m, 6h), then 1, 2 or 5 times a power of ten days.
        case duration
    }

    public let rows: Int
    /// The value of the bottom row: a whole number of rows.
    public let base: Double
    /// The value of one row.
    public let unit: Double
    public let step: Double
    public let rowsPerStep: Int
    /// The lowest tick, in steps from zero.
    let firstTick: Double
    /// Rows from the bottom row to the lowest tick.
    let firstTickRow: Int

    /// The finest scale of `rows` rows showing `low...high` (either order),
    /// stretched to zero when `includeZero` (bars stand on zero; lines need
    /// not), by `steps`.
    public static func nice(low: Double, high: Double, rows: Int, includeZero: Bool,
                            steps: Steps = .decimal) -> ChartScale {
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
        let rows = max(0, rows)
        let intervals = max(1, rows - 1)
        // A tick on every row only where fewer rows would lose the second tick: the axis labels every other one.
        let spacings = Array(1...5)
        var best: ChartScale?
        for step in candidates(span / Double(intervals), steps) {
            for perStep in spacings {
                let unit = step / Double(perStep)
                // The tolerance keeps a value on a row from costing a whole extra row.
                let bottom = (low / unit + 1e-9).rounded(.down)
                let top = max(bottom + 1, (high / unit - 1e-9).rounded(.up))
                guard top - bottom <= Double(intervals) else { continue }
                let firstTick = (bottom / Double(perStep)).rounded(.up)
                let firstTickRow = Int(firstTick * Double(perStep) - bottom)
                // One label alone says nothing of the scale.
                guard firstTickRow + perStep < rows else { continue }
                if let chosen = best {
                    if unit > chosen.unit * (1 + 1e-9) { continue }
                    if abs(unit - chosen.unit) <= chosen.unit * 1e-9,
                       Self.spacing(perStep) >= Self.spacing(chosen.rowsPerStep) { continue }
                }
                best = ChartScale(rows: rows, base: bottom * unit, unit: unit, step: step, rowsPerStep: perStep,
                                  firstTick: firstTick, firstTickRow: firstTickRow)
            }
        }
        // Only too few rows for any step across a boundary get here: the ends are the ticks.
        return best ?? ChartScale(rows: rows, base: low, unit: span / Double(intervals), step: span,
                                  rowsPerStep: intervals, firstTick: low / span, firstTickRow: 0)
    }

    /// The steps worth trying for rows of about `perRow` each: from a tenth of it to fifty times it.
    private static func candidates(_ perRow: Double, _ steps: Steps) -> [Double] {
        let exponent = Int(floor(log10(perRow)))
        let decimal = ((exponent - 1)...(exponent + 2)).flatMap { power in [1.0, 2, 5].map { $0 * pow(10, Double(power)) } }
        switch steps {
        case .decimal:
            return decimal
        case .whole:
            let whole = decimal.filter { $0 >= 1 }
            return whole.isEmpty ? [1] : whole
        case .duration:
            let days = max(0, Int(floor(log10(perRow / 86_400))))
            let clock: [Double] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200]
            return clock + (days...(days + 2)).flatMap { power in [1.0, 2, 5].map { $0 * pow(10, Double(power)) * 86_400 } }
        }
    }

    /// How far ticks `perStep` rows apart are from the best spacing, three rows.
    private static func spacing(_ perStep: Int) -> Int { perStep == 1 ? 3 : abs(perStep - 3) }

    /// The ticks that fall on the scale's rows, bottom first.
    public var ticks: [Tick] {
        stride(from: firstTickRow, to: rows, by: rowsPerStep).map { row in
            // Multiplied, not added up: no drift on tiny or huge ranges.
            Tick(value: (firstTick + Double((row - firstTickRow) / rowsPerStep)) * step, row: row)
        }
    }

    /// The row nearest `value`, counted from the top row (0) down, as a
    /// widget draws; outside `0..<rows` for values off the scale.
    public func row(for value: Double) -> Int {
        rows - 1 - Int(((value - base) / unit).rounded())
    }
}
