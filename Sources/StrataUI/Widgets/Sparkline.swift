/// A small chart of a series in block heights, one row or more tall: the
/// overview's mini cards. More values than columns are squeezed by
/// averaging neighbours; fewer values each take one column unless
/// `stretch` spreads them over the width. Taller, a column stacks full
/// blocks under its top step, so each row adds a row's steps.
public struct Sparkline: Widget, Sendable {
    /// The heights from lowest to highest, and what an empty column shows.
    public struct Steps: Sendable {
        public let levels: [Unicode.Scalar]
        public let empty: Unicode.Scalar

        public static let unicode = Steps(levels: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], empty: "·")
        public static let ascii = Steps(levels: ["_", ".", "-", "=", "+", "*", "#"], empty: " ")
    }

    /// nil is an empty sub-bucket.
    public var values: [Double?]
    /// The values at the lowest and highest step; nil takes the shown values'
    /// own range. Give one range to sparklines that must compare by eye.
    public var range: ClosedRange<Double>?
    public var stretch: Bool
    public var steps: Steps
    public var style: Style

    public init(values: [Double?], range: ClosedRange<Double>? = nil, stretch: Bool = false, steps: Steps = .unicode,
                style: Style = Style(.bar)) {
        self.values = values
        self.range = range
        self.stretch = stretch
        self.steps = steps
        self.style = style
    }

    public func draw(into grid: inout Grid, area: Rect) {
        guard area.width > 0, area.height > 0, !values.isEmpty, !steps.levels.isEmpty else { return }
        let columns = values.count > area.width || stretch ? area.width : values.count
        let (low, high) = range.map { ($0.lowerBound, $0.upperBound) } ?? shownRange(columns: columns)
        let perRow = steps.levels.count
        let top = Double(perRow * area.height - 1)
        let bottom = area.maxY - 1
        for column in 0..<columns {
            guard let value = self.value(column: column, of: columns) else {
                grid.put(steps.empty, x: area.x + column, y: bottom, style: style)
                continue
            }
            // A flat series sits on the lowest step.
            let level = Int(min(top, max(0, high > low ? ((value - low) / (high - low) * top).rounded() : 0)))
            // Rows under the top one are full; the top one shows what is left.
            for row in 0...(level / perRow) {
                let glyph = row < level / perRow ? steps.levels[perRow - 1] : steps.levels[level % perRow]
                grid.put(glyph, x: area.x + column, y: bottom - row, style: style)
            }
        }
    }

    private func value(column: Int, of columns: Int) -> Double? {
        Self.mean(column: column, of: columns, values: values)
    }

    /// The mean of the values that fall in `column` of `columns`, nils
    /// ignored; nil when they are all empty. Stretched, a value repeats.
    /// Squeezed values drawn again, one a column, draw the same.
    static func mean(column: Int, of columns: Int, values: [Double?]) -> Double? {
        let start = column * values.count / columns
        let end = max(start + 1, (column + 1) * values.count / columns)
        var sum = 0.0, count = 0
        for i in start..<end {
            if let v = values[i], v.isFinite {
                sum += v
                count += 1
            }
        }
        return count > 0 ? sum / Double(count) : nil
    }

    /// The lowest and highest column values, computed without an array.
    private func shownRange(columns: Int) -> (Double, Double) {
        var low = Double.infinity, high = -Double.infinity
        for column in 0..<columns {
            if let v = value(column: column, of: columns) {
                low = min(low, v)
                high = max(high, v)
            }
        }
        return low <= high ? (low, high) : (0, 0)
    }
}
