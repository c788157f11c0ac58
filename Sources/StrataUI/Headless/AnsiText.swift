/// `--color` dumps: SGR sequences for the semantic styles, reset at each
/// line end, so a dump can be `cat` to a terminal and look like the app.
/// Colours come from `ColorMap` at the 256-colour depth, as the app draws
/// them on such a terminal.
public enum AnsiText {
    public static let depth = ColorMap.Depth.extended

    public static func line(_ y: Int, of grid: Grid) -> String {
        var out = ""
        var current = Style.plain
        var pending = ""  // spaces held back so trailing blanks can be trimmed
        for x in 0..<grid.width {
            let cell = grid[x, y]
            if cell.isContinuation { continue }
            if cell.character == " " && cell.style == .plain && current == .plain {
                pending.append(" ")
                continue
            }
            out += pending
            pending = ""
            if cell.style != current {
                out += sgr(cell.style)
                current = cell.style
            }
            out.append(cell.character)
        }
        if current != .plain { out += "\u{1B}[0m" }
        return out
    }

    /// Resets, then sets what `style` and its tint's ink ask for: 1 bold,
    /// 2 dim, 7 reverse, `38;5;N` the foreground.
    public static func sgr(_ style: Style) -> String {
        let ink = ColorMap.ink(for: style.tint, depth: depth)
        var codes = ["0"]
        if style.bold || ink.bold { codes.append("1") }
        if style.dim || ink.dim { codes.append("2") }
        if style.reverse { codes.append("7") }
        if let foreground = ink.foreground { codes.append("38;5;\(foreground)") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
