/// `--color` dumps: SGR sequences for the semantic styles, reset at each
/// line end, so a dump can be `cat` to a terminal and look like the app.
public enum AnsiText {
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

    public static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.reverse { codes.append("7") }
        switch style.tint {
        case .plain: break
        case .accent: codes.append("36")
        case .muted: codes.append("90")
        case .bar: codes.append("34")
        case .negative: codes.append("31")
        case .positive: codes.append("32")
        case .warning: codes.append("33")
        case .heat(let level): codes.append("38;5;\(232 + min(23, Int(level) * 3))")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
