extension Grid {
    /// A rounded border around `rect`, with an optional title in its top edge.
    public mutating func drawBox(_ rect: Rect, glyphs: Glyphs, style: Style, title: String? = nil,
                                 titleStyle: Style? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let inner = String(repeating: glyphs.horizontal, count: rect.width - 2)
        write("\(glyphs.cornerTL)\(inner)\(glyphs.cornerTR)", x: rect.x, y: rect.y, style: style)
        write("\(glyphs.cornerBL)\(inner)\(glyphs.cornerBR)", x: rect.x, y: rect.maxY - 1, style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            write(String(glyphs.vertical), x: rect.x, y: y, style: style)
            write(String(glyphs.vertical), x: rect.maxX - 1, y: y, style: style)
        }
        if let title, rect.width >= 8 {
            write(TextWidth.truncate(" \(title) ", to: rect.width - 4), x: rect.x + 2, y: rect.y, style: titleStyle ?? style,
                  clip: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1))
        }
    }
}
