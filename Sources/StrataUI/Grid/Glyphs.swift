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
    public let middleDot: Character
    public let ellipsis: String

    public static let unicode = Glyphs(
        eighths: [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"],
        hangingBar: ("▔", "▀", "█"),
        horizontal: "─", vertical: "│", cross: "┼", tick: "┤",
        cornerTL: "╭", cornerTR: "╮", cornerBL: "╰", cornerBR: "╯",
        tabSeparator: "│", previous: "‹", next: "›",
        dots: ["●", "•", "∙", "·"], up: "▲", down: "▼", middleDot: "·", ellipsis: "…")

    public static let ascii = Glyphs(
        eighths: [" ", ".", ".", "_", "o", "o", "#", "#", "#"],
        hangingBar: ("'", "'", "#"),
        horizontal: "-", vertical: "|", cross: "+", tick: "+",
        cornerTL: "+", cornerTR: "+", cornerBL: "+", cornerBR: "+",
        tabSeparator: "|", previous: "<", next: ">",
        dots: ["@", "o", ".", "."], up: "+", down: "-", middleDot: "-", ellipsis: "...")
}
