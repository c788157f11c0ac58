/// `?`: a box listing the keys of the screen under it, generated from that
/// screen's key map; it scrolls when the list is taller than the screen.
public struct HelpOverlay {
    /// The key map's help lines for the data on show (`KeyMap.helpLines(for:)`).
    let lines: [(label: String, summary: String)]
    let glyphs: Glyphs
    let offset: Int

    public init(lines: [(label: String, summary: String)], glyphs: Glyphs, offset: Int = 0) {
        self.lines = lines
        self.glyphs = glyphs
        self.offset = offset
    }

    public func draw(into frame: inout Frame) {
        let layout = HelpLayout(lines: lines, size: frame.grid.size)
        draw(layout, into: &frame.grid)
        // The help box covers what is under it: clicks there do nothing.
        frame.zones.removeAll { !$0.rect.intersection(layout.box).isEmpty }
    }

    private func draw(_ layout: HelpLayout, into grid: inout Grid) {
        let box = layout.box
        grid.fill(box)
        glyphs.block("keys", style: .accent, titleStyle: Style(.accent, bold: true)).draw(into: &grid, area: box)
        let list = layout.list, content = layout.content
        let first = layout.viewport(offset: offset).offset.y
        for (i, line) in layout.rows.dropFirst(first).prefix(list.height).enumerated() {
            grid.write(line.label, x: list.x, y: list.y + i, style: Style(.accent, bold: true), clip: content)
            grid.write(line.summary, x: list.x + layout.keyWidth + 2, y: list.y + i, style: .plain, clip: content)
        }
        let more = first + list.height < layout.rows.count
        let closing = more ? "\(glyphs.down) more  ? or Esc closes" : "? or Esc closes"
        grid.write(closing, x: content.x, y: content.maxY - 1, style: .muted, clip: content)
    }
}
