/// Every non-ASCII character the screens draw, with an ASCII fallback for
/// terminals whose locale is not UTF-8.
public struct Glyphs: Sendable {
    /// Nine bar heights: empty, then one to eight eighths of a row.
    public let eighths: [Character]
    /// Bars hanging below zero: a quarter, a half, a full row.
    public let hangingBar: (quarter: Character, half: Character, full: Character)
    public let horizontal, vertical, cross, tick: Character
    public let cornerTL, cornerTR, cornerBL, cornerBR: Character
    public let tabSeparator: Character
    public let previous, next: Character
    /// Page dots by distance from the current page: current, near, far, farthest.
    public let dots: [Character]
    public let up, down: Character
    public let enter: String
    public let middleDot: Character
    public let ellipsis: String
    /// Marks the cursor's line in lists and tables.
    public let cursor: String
    /// The border of cards and boxes.
    public let box: Block.Border
    /// Heatmap shades without colour: empty, then four steps up.
    /// Scalars, not Characters: a map fills thousands of cells a frame with them.
    public let heat: [Unicode.Scalar]
    /// A heatmap cell that cannot exist (an hour a DST change skipped).
    public let hatch: Character
    /// Marks the column of now over a grid.
    public let nowMark: Character
    /// `Days × hours`.
    public let times: Character
    /// Lines and bands in braille dots; false draws a character a cell instead.
    public let braille: Bool
    /// Without braille: a line's cells, one character per series on one chart, then a band's.
    public let lineMarks: [Character]
    public let bandMark: Character
    /// Stacked bars without colours: each series' full cells in its own shade.
    public let seriesFills: [Character]

    public static let unicode = Glyphs(unicode: true)
    public static let ascii = Glyphs(unicode: false)

    /// Each glyph beside its stand-in for terminals that are not UTF-8.
    private init(unicode: Bool) {
        func pick<Glyph>(_ glyph: Glyph, _ plain: Glyph) -> Glyph { unicode ? glyph : plain }
        eighths = pick([" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], [" ", ".", ".", "_", "o", "o", "#", "#", "#"])
        hangingBar = pick(("▔", "▀", "█"), ("'", "'", "#"))
        (horizontal, vertical, cross, tick) = pick(("─", "│", "┼", "┤"), ("-", "|", "+", "+"))
        (cornerTL, cornerTR, cornerBL, cornerBR) = pick(("╭", "╮", "╰", "╯"), ("+", "+", "+", "+"))
        (tabSeparator, previous, next) = pick(("│", "‹", "›"), ("|", "<", ">"))
        dots = pick(["●", "•", "∙", "·"], ["@", "o", ".", "."])
        (up, down, middleDot) = pick(("▲", "▼", "·"), ("+", "-", "-"))
        (enter, ellipsis, cursor) = pick(("⏎", "…", "▶"), ("Enter", "...", ">"))
        box = pick(.rounded, .ascii)
        heat = pick([" ", "░", "▒", "▓", "█"], [" ", ".", ":", "*", "#"])
        (hatch, nowMark, times) = pick(("╳", "▼", "×"), ("x", "v", "x"))
        braille = unicode
        lineMarks = ["*", "+", "o", "x", "%", "@"]
        bandMark = "."
        seriesFills = pick(["█", "▓", "▒", "░"], ["#", "%", "=", ":"])
    }
}

extension Glyphs {
    /// What a terminal whose locale cannot show `character` gets instead:
    /// the ASCII glyphs cover strata's own marks, this the punctuation that
    /// comes with labels and data (`22–28 Apr`, `a · b`); nil for the rest.
    public static func asciiFallback(for character: Character) -> Character? {
        switch character {
        case "–", "—", "−", "─", "━": "-"
        case "·", "∙", "…", "░": "."
        case "•", "●": "o"
        case "×": "x"
        case "▲": "^"
        case "▼": "v"
        case "│", "┃", "▌", "┊": "|"
        case "▒": ":"
        case "▓": "*"
        case "█": "#"
        case "‹": "<"
        case "›": ">"
        default: nil
        }
    }

    /// `text` cut to `width` columns with these glyphs' ellipsis.
    public func truncate(_ text: String, to width: Int) -> String {
        TextWidth.truncate(text, to: width, ellipsis: ellipsis)
    }

    /// A bordered box, with an optional title in its top edge.
    public func block(_ title: String? = nil, style: Style, titleStyle: Style? = nil) -> Block {
        Block(title: title, border: box, style: style, titleStyle: titleStyle ?? style, ellipsis: ellipsis)
    }

    /// A key map's footer hint as these glyphs spell it: `⏎ zoom`, or `Enter zoom` in ASCII.
    public func hint(_ text: String) -> String {
        text.hasPrefix("⏎") ? enter + text.dropFirst() : text
    }
}
