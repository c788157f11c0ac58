import CNcurses
import StrataUI

/// The ncurses side of `ColorMap`: finds the colour depth the terminal
/// allows, defines one colour pair per tint once at start-up, and turns a
/// style into the attributes and pair to draw it with.
struct ColorPalette {
    /// Indexed by `slot(of:)`: the pair number and the extra attributes.
    private let looks: [(pair: Int16, attributes: attr_t)]
    /// The colours the terminal gave: monochrome draws series apart by pattern instead.
    let depth: ColorMap.Depth

    /// Starts colour when allowed and available, defines the pairs and
    /// returns the palette to draw with. Call after `newterm`.
    static func install(useColor: Bool) -> ColorPalette {
        let slotCount = ColorMap.allTints.count
        var depth = ColorMap.Depth.monochrome
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
        for (slot, tint) in ColorMap.allTints.enumerated() {
            assert(Self.slot(of: tint) == slot, "slots follow ColorMap.allTints")
            let ink = ColorMap.ink(for: tint, depth: depth)
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
        return ColorPalette(looks: looks, depth: depth)
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

    /// A tint's place in `ColorMap.allTints`, without searching it (once per cell drawn).
    static func slot(of tint: Tint) -> Int {
        switch tint {
        case .plain: 0
        case .accent: 1
        case .muted: 2
        case .bar: 3
        case .negative: 4
        case .positive: 5
        case .warning: 6
        case .heat(let level): 7 + Int(min(level, ColorMap.maxHeat))
        case .series(let index): 8 + Int(ColorMap.maxHeat) + ColorMap.seriesSlot(index)
        }
    }
}
