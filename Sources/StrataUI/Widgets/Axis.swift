/// A chart's y axis: a vertical line with `┤` at each tick (`┼` at zero)
/// and labels right-aligned to its left. It takes the right edge of
/// its area, one row per scale row from the top; `width` says how wide to
/// make that area. A shorter area loses the top rows.
public struct Axis: Widget, Sendable {
    public let scale: ChartScale
    public let glyphs: Glyphs
    public let style: Style
    public let format: ValueFormat
    /// Each tick's label, made once: the width and the drawing both need them.
    let labels: [String]

    public init(scale: ChartScale, glyphs: Glyphs, style: Style = .muted, format: ValueFormat = .number) {
        self.scale = scale
        self.glyphs = glyphs
        self.style = style
        self.format = format
        labels = scale.ticks.map { format.tick($0.value, step: scale.step) }
    }

    /// Columns for the widest label, a space and the line.
    public var width: Int {
        (labels.map { TextWidth.columns(of: $0) }.max() ?? 0) + 2
    }

    public func draw(into grid: inout Grid, area: Rect) {
        guard area.width > 0, area.height > 0, scale.rows > 0 else { return }
        let x = area.maxX - 1
        let bottom = area.y + min(area.height, scale.rows) - 1
        let line = String(glyphs.vertical)
        for y in area.y...bottom { grid.write(line, x: x, y: y, style: style, clip: area) }
        // Ticks on every row would run their labels together: from zero outwards,
        // a tick is drawn only with a free row between it and the last one drawn.
        var drawn: [Int] = []
        for (i, tick) in scale.ticks.enumerated().sorted(by: { abs($0.element.value) < abs($1.element.value) })
        where bottom - tick.row >= area.y {
            let y = bottom - tick.row
            guard drawn.allSatisfy({ abs($0 - y) >= 2 }) else { continue }
            drawn.append(y)
            grid.write(String(tick.value == 0 ? glyphs.cross : glyphs.tick), x: x, y: y, style: style, clip: area)
            // A label cut at the left would show another number: it is left out instead.
            let label = labels[i]
            let labelX = x - 1 - TextWidth.columns(of: label)
            if labelX >= area.x { grid.write(label, x: labelX, y: y, style: style) }
        }
    }
}
