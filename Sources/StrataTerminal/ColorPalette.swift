import CNcurses
import StrataUI

/// Decides how each semantic `Tint` looks with 256, 8 or no colours, and
/// owns the ncurses colour pairs (one per tint, defined once at start-up).
struct ColorPalette {
    enum Depth: Equatable {
        case monochrome // attributes only: NO_COLOR, or the terminal has no colours
        case basic      // the 8 ANSI colours
        case extended   // the xterm 256-colour palette
    }

    /// What a tint asks for; `foreground` nil keeps the terminal's own colour.
    struct Ink: Equatable {
        var foreground: Int16?
        var bold = false
        var dim = false
    }

    let depth: Depth
    /// Indexed by `slot(of:)`: the pair number and the extra attributes.
    private let looks: [(pair: Int16, attributes: attr_t)]

    /// Starts colour when allowed and available, defines the pairs and
    /// returns the palette to draw with. Call after `newterm`.
    static func install(useColor: Bool) -> ColorPalette {
        var depth = Depth.monochrome
        var background: Int16 = -1
        if useColor, has_colors(), start_color() == OK {
            if strata_colors() >= 256, strata_color_pairs() >= slotCount + 1 {
                depth = .extended
            } else if strata_colors() >= 8, strata_color_pairs() >= slotCount + 1 {
                depth = .basic
            }
            // Keep the user's background; terminals that cannot get black.
            if depth != .monochrome, use_default_colors() != OK { background = Int16(COLOR_BLACK) }
        }
        var looks: [(pair: Int16, attributes: attr_t)] = []
        for slot in 0..<slotCount {
            let ink = ink(for: tint(ofSlot: slot), depth: depth)
            var attributes = strata_a_normal()
            if ink.bold { attributes |= strata_a_bold() }
            if ink.dim { attributes |= strata_a_dim() }
            var pair: Int16 = 0
            if let foreground = ink.foreground {
                pair = Int16(slot + 1)
                init_pair(pair, foreground, background)
            }
            looks.append((pair, attributes))
        }
        return ColorPalette(depth: depth, looks: looks)
    }

    /// The attributes and colour pair to draw `style` with.
    func look(for style: Style) -> (attributes: attr_t, pair: Int16) {
        let base = looks[Self.slot(of: style.tint)]
        var attributes = base.attributes
        if style.bold { attributes |= strata_a_bold() }
        if style.dim { attributes |= strata_a_dim() }
        if style.reverse { attributes |= strata_a_reverse() }
        return (attributes, base.pair)
    }

    // MARK: - The colour choices

    static func ink(for tint: Tint, depth: Depth) -> Ink {
        switch depth {
        case .extended: extendedInk(for: tint)
        case .basic: basicInk(for: tint)
        case .monochrome: monochromeInk(for: tint)
        }
    }

    /// Heat follows viridis (purple → teal → yellow), which stays ordered
    /// for colour-blind readers; 0 (empty) is a dark grey.
    private static let heatRamp256: [Int16] = [236, 54, 60, 24, 30, 36, 77, 149, 220]

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
        }
    }

    private static func basicInk(for tint: Tint) -> Ink {
        switch tint {
        case .plain: return Ink()
        case .accent: return Ink(foreground: Int16(COLOR_YELLOW), bold: true)
        case .muted: return Ink(dim: true)
        case .bar: return Ink(foreground: Int16(COLOR_CYAN))
        case .negative: return Ink(foreground: Int16(COLOR_RED))
        case .positive: return Ink(foreground: Int16(COLOR_GREEN))
        case .warning: return Ink(foreground: Int16(COLOR_YELLOW))
        case .heat(let level):
            // Cold to hot: blue, cyan, green, yellow, red; bold for the top shades.
            switch heatLevel(level) {
            case 0: return Ink(dim: true)
            case 1, 2: return Ink(foreground: Int16(COLOR_BLUE))
            case 3, 4: return Ink(foreground: Int16(COLOR_CYAN))
            case 5: return Ink(foreground: Int16(COLOR_GREEN))
            case 6: return Ink(foreground: Int16(COLOR_YELLOW))
            case 7: return Ink(foreground: Int16(COLOR_YELLOW), bold: true)
            default: return Ink(foreground: Int16(COLOR_RED), bold: true)
            }
        }
    }

    private static func monochromeInk(for tint: Tint) -> Ink {
        switch tint {
        case .plain, .bar, .negative, .positive: return Ink()
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

    // MARK: - Slots: one colour pair per tint

    private static let slotCount = 16 // 7 tints + 9 heat shades

    private static func heatLevel(_ level: UInt8) -> Int { Int(min(level, 8)) }

    static func slot(of tint: Tint) -> Int {
        switch tint {
        case .plain: 0
        case .accent: 1
        case .muted: 2
        case .bar: 3
        case .negative: 4
        case .positive: 5
        case .warning: 6
        case .heat(let level): 7 + heatLevel(level)
        }
    }

    private static func tint(ofSlot slot: Int) -> Tint {
        switch slot {
        case 0: .plain
        case 1: .accent
        case 2: .muted
        case 3: .bar
        case 4: .negative
        case 5: .positive
        case 6: .warning
        default: .heat(UInt8(slot - 7))
        }
    }
}
