/// `Day │ Week │ Month` with the current level highlighted.
public struct LevelTabs: Widget, Sendable {
    public var names: [String]
    public var current: Int
    public var glyphs: Glyphs

    public init(names: [String], current: Int, glyphs: Glyphs) {
        self.names = names
        self.current = current
        self.glyphs = glyphs
    }

    public var width: Int {
        names.reduce(0) { $0 + TextWidth.columns(of: $1) } + max(0, names.count - 1) * 3
    }

    /// The column range each tab occupies when drawn at `x` (for mouse clicks).
    public func spans(at x: Int) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var column = x
        for name in names {
            let w = TextWidth.columns(of: name)
            spans.append(column..<(column + w))
            column += w + 3
        }
        return spans
    }

    public func draw(into grid: inout Grid, area: Rect) {
        let y = area.y, clip = area
        var column = area.x
        for (i, name) in names.enumerated() {
            if i > 0 {
                grid.write(" \(glyphs.tabSeparator) ", x: column, y: y, style: .muted, clip: clip)
                column += 3
            }
            let style = i == current ? Style(.accent, bold: true, reverse: true) : Style.plain
            column += grid.write(name, x: column, y: y, style: style, clip: clip)
        }
    }
}
