/// Where help's box goes at a size and what it lists: the key map's lines,
/// a summary too long for the box wrapped at spaces, and the part of the
/// list that shows. Shared by the overlay and the reducer, which scrolls it.
struct HelpLayout {
    /// The list as drawn: a wrapped summary's further lines have no key.
    let rows: [(label: String, summary: String)]
    let keyWidth: Int
    /// The box, centred: as wide as the widest line allows, as tall as the list and its closing line.
    let box: Rect

    init(lines: [(label: String, summary: String)], size: Size) {
        let keyWidth = lines.map { TextWidth.columns(of: $0.label) }.max() ?? 0
        let textWidth = lines.map { TextWidth.columns(of: $0.summary) }.max() ?? 0
        let width = min(size.width - 2, keyWidth + textWidth + 7)
        let room = width - 4 - keyWidth - 2
        rows = lines.flatMap { line in
            Self.wrapped(line.summary, width: room).enumerated().map { (label: $0 == 0 ? line.label : "", summary: $1) }
        }
        self.keyWidth = keyWidth
        let height = min(size.height - 2, rows.count + 4)
        box = Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }

    /// Inside the border.
    var content: Rect { box.inset(dx: 2, dy: 1) }

    /// The list's lines in `content`, above the closing line.
    var list: Rect { Rect(x: content.x, y: content.y, width: content.width, height: max(0, content.height - 1)) }

    /// The list scrolled by `offset` lines, clamped so the last line stays at the bottom.
    func viewport(offset: Int) -> Viewport {
        Viewport(area: list, contentSize: Size(width: list.width, height: rows.count), offset: Viewport.Offset(x: 0, y: offset))
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
}
