/// How each semantic `Tint` looks with 256, 8 or no colours. The one place
/// colours are chosen: the ncurses backend and `--color` dumps both draw
/// from it, so a dump looks like the app.
public enum ColorMap {
    public enum Depth: Equatable, Sendable, CaseIterable {
        case monochrome // attributes only: NO_COLOR, or the terminal has no colours
        case basic      // the 8 ANSI colours
        case extended   // the xterm 256-colour palette
    }

    /// What a tint asks for; `foreground` nil keeps the terminal's own colour.
    /// Colour numbers are the terminal's: 0–7 are the ANSI colours
    /// (ncurses' `COLOR_*`), 16–255 the xterm cube and greys.
    public struct Ink: Equatable, Sendable {
        public var foreground: Int16?
        public var bold: Bool
        public var dim: Bool

        public init(foreground: Int16? = nil, bold: Bool = false, dim: Bool = false) {
            self.foreground = foreground
            self.bold = bold
            self.dim = dim
        }
    }

    /// Every tint there is, heat shades included (for palettes and tests).
    public static let allTints: [Tint] = [.plain, .accent, .muted, .bar, .negative, .positive, .warning]
        + (0...maxHeat).map { Tint.heat($0) } + (0..<seriesColors).map { Tint.series($0) }

    public static let maxHeat: UInt8 = 8
    /// Series colours before they repeat: eight stay told apart.
    public static let seriesColors: UInt8 = 8

    public static func ink(for tint: Tint, depth: Depth) -> Ink {
        switch depth {
        case .extended: extendedInk(for: tint)
        case .basic: basicInk(for: tint)
        case .monochrome: monochromeInk(for: tint)
        }
    }

    // ANSI colour numbers, as ncurses numbers them.
    private static let red: Int16 = 1, green: Int16 = 2, yellow: Int16 = 3, blue: Int16 = 4, magenta: Int16 = 5, cyan: Int16 = 6

    /// Heat follows viridis (purple → teal → yellow), which stays ordered
    /// for colour-blind readers; 0 (empty) is a dark grey.
    private static let heatRamp256: [Int16] = [236, 54, 60, 24, 30, 36, 77, 149, 220]

    /// Blue (the bars'), orange, green, pink, purple, tan, coral, pale yellow: apart in hue and in lightness.
    private static let series256: [Int16] = [74, 214, 114, 175, 141, 180, 203, 229]
    /// Eight colours hold six hues for series: the last two are bold cyan and yellow.
    private static let seriesBasic: [Int16] = [cyan, yellow, green, magenta, blue, red, cyan, yellow]

    private static func heatLevel(_ level: UInt8) -> Int { Int(min(level, maxHeat)) }

    public static func seriesSlot(_ index: UInt8) -> Int { Int(index % seriesColors) }

    /// Which fill or dash pattern series `k` takes on a chart of several: with
    /// colours, the next pattern each time the colours come round again.
    public static func seriesPattern(_ k: Int, colors: Bool) -> Int { colors ? k / Int(seriesColors) : k }

    private static func extendedInk(for tint: Tint) -> Ink {
        switch tint {
        case .plain: Ink()
        case .accent: Ink(foreground: 221)   // gold, against the blue bars
        case .muted: Ink(foreground: 244)    // mid grey
        case .bar: Ink(foreground: 74)       // steel blue
        case .negative: Ink(foreground: 167) // soft red
        case .positive: Ink(foreground: 114) // soft green
        case .warning: Ink(foreground: 208)  // orange
        case .heat(let level): Ink(foreground: heatRamp256[heatLevel(level)])
        case .series(let index): Ink(foreground: series256[seriesSlot(index)])
        }
    }

    private static func basicInk(for tint: Tint) -> Ink {
        switch tint {
        case .plain: return Ink()
        case .series(let index): return Ink(foreground: seriesBasic[seriesSlot(index)], bold: seriesSlot(index) >= 6)
        case .accent: return Ink(foreground: yellow, bold: true)
        case .muted: return Ink(dim: true)
        case .bar: return Ink(foreground: cyan)
        case .negative: return Ink(foreground: red)
        case .positive: return Ink(foreground: green)
        case .warning: return Ink(foreground: yellow)
        case .heat(let level):
            // Four steps, cold to hot, as the four shade glyphs: blue, cyan, yellow, red.
            switch heatLevel(level) {
            case 0: return Ink(dim: true)
            case 1, 2: return Ink(foreground: blue)
            case 3, 4: return Ink(foreground: cyan)
            case 5, 6: return Ink(foreground: yellow)
            default: return Ink(foreground: red, bold: true)
            }
        }
    }

    private static func monochromeInk(for tint: Tint) -> Ink {
        switch tint {
        case .plain, .bar, .negative, .positive, .series: return Ink()
        case .accent, .warning: return Ink(bold: true)
        case .muted: return Ink(dim: true)
        case .heat(let level):
            switch heatLevel(level) {
            case 0...2: return Ink(dim: true)
            case 3...5: return Ink()
            default: return Ink(bold: true)
            }
        }
    }
}
