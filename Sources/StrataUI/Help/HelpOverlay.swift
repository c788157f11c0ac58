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

    /// The box around `lines` help lines at `size`, centred.
    static func box(lines: Int, width: Int, size: Size) -> Rect {
        let width = min(size.width - 2, width)
        let height = min(size.height - 2, lines + 4)
        return Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }

    /// How many lines the list can scroll: what does not fit in the box.
    static func scrollRoom(lines: Int, size: Size) -> Int {
        max(0, lines - (box(lines: lines, width: 0, size: size).height - 3))
    }

    /// The box's width for `lines`, every summary on one line, and the keys' width.
    static func boxWidth(_ lines: [(label: String, summary: String)]) -> (box: Int, key: Int) {
        let keyWidth = lines.map { TextWidth.columns(of: $0.label) }.max() ?? 0
        let textWidth = lines.map { TextWidth.columns(of: $0.summary) }.max() ?? 0
        return (keyWidth + textWidth + 7, keyWidth)
    }

    /// The list's lines at `size`: a summary too long for the box wraps at
    /// spaces, its further lines indented under it, the key on the first only.
    static func rows(_ lines: [(label: String, summary: String)], size: Size) -> [(label: String, summary: String)] {
        let (width, keyWidth) = boxWidth(lines)
        let room = box(lines: 0, width: width, size: size).width - 4 - keyWidth - 2
        return lines.flatMap { line in
            wrapped(line.summary, width: room).enumerated().map { (label: $0 == 0 ? line.label : "", summary: $1) }
        }
    }

    /// `text` in lines of at most `width` columns, broken at spaces, every
    /// line after the first two columns in; a word longer than a line stays whole.
    static func wrapped(_ text: String, width: Int) -> [String] {
        let indent = "  "
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let longer = line.isEmpty ? String(word) : line + " " + word
            let limit = lines.isEmpty ? width : width - indent.count
            if line.isEmpty || TextWidth.columns(of: longer) <= limit {
                line = longer
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines.enumerated().map { $0 == 0 ? $1 : indent + $1 }
    }

    public func draw(into frame: inout Frame) {
        let box = draw(into: &frame.grid)
        // The help box covers what is under it: clicks there do nothing.
        frame.zones.removeAll { !$0.rect.intersection(box).isEmpty }
    }

    /// Draws the box centred in the grid and returns where it is.
    func draw(into grid: inout Grid) -> Rect {
        let rows = Self.rows(lines, size: grid.size)
        let (width, keyWidth) = Self.boxWidth(lines)
        let box = Self.box(lines: rows.count, width: width, size: grid.size)
        grid.fill(box)
        glyphs.block("keys", style: .accent, titleStyle: Style(.accent, bold: true)).draw(into: &grid, area: box)
        let content = box.inset(dx: 2, dy: 1)
        let shown = max(0, content.height - 1)
        let first = min(offset, max(0, rows.count - shown))
        for (i, line) in rows.dropFirst(first).prefix(shown).enumerated() {
            grid.write(line.label, x: content.x, y: content.y + i, style: Style(.accent, bold: true), clip: content)
            grid.write(line.summary, x: content.x + keyWidth + 2, y: content.y + i, style: .plain, clip: content)
        }
        let more = first + shown < rows.count
        let closing = more ? "\(glyphs.down) more  ? or Esc closes" : "? or Esc closes"
        grid.write(closing, x: content.x, y: content.maxY - 1, style: .muted, clip: content)
        return box
    }
}
