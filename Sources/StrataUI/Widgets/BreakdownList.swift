/// `g`: a box of the fields that can split the rows, `none` first, the one
/// under the cursor marked; long lists scroll to keep the cursor in view.
struct BreakdownList {
    let choices: [String]
    let cursor: Int
    /// The field the rows on show are split by (`none` when not split).
    let current: String
    let glyphs: Glyphs

    func draw(into frame: inout Frame) {
        let size = frame.grid.size
        let widest = choices.map(TextWidth.columns(of:)).max() ?? 0
        let width = min(size.width - 2, max(widest + 12, 30))
        let rows = min(choices.count, max(1, size.height - 6))
        let box = Rect(x: (size.width - width) / 2, y: max(1, (size.height - rows - 4) / 2), width: width, height: rows + 4)
        frame.grid.fill(box)
        glyphs.block("split by", style: .accent, titleStyle: Style(.accent, bold: true)).draw(into: &frame.grid, area: box)
        let content = box.inset(dx: 2, dy: 1)
        let first = min(max(0, cursor - rows + 1), max(0, choices.count - rows))
        for (i, name) in choices.enumerated().dropFirst(first).prefix(rows) {
            let y = content.y + i - first
            let marked = i == cursor
            frame.grid.write(marked ? glyphs.cursor : " ", x: content.x, y: y, style: Style(.accent, bold: true), clip: content)
            frame.grid.write(name + (name == current ? "  (now)" : ""), x: content.x + 2, y: y,
                             style: marked ? Style(.accent, bold: true) : .plain, clip: content)
        }
        frame.grid.write("⏎ split  Esc closes", x: content.x, y: content.maxY - 1, style: .muted, clip: content)
        // The list covers what is under it: clicks there do nothing.
        frame.zones.removeAll { !$0.rect.intersection(box).isEmpty }
    }
}
