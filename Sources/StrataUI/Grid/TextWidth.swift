/// Column widths and sanitizing live here and nowhere else.
public enum TextWidth {
    /// Columns `text` takes on screen once sanitized.
    public static func columns(of text: String) -> Int {
        var total = 0
        for character in text {
            for shown in sanitized(character) { total += columns(of: shown) }
        }
        return total
    }

    /// Columns one (already sanitized) character takes: 0, 1 or 2.
    public static func columns(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return columns(of: scalar)
    }

    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isWide(v) { return 2 }
        return 1
    }

    /// Control characters, escape, C1 codes and bidi overrides become visible
    /// stand-ins (`␛`, `␇`, `�`); combining marks stay with their base.
    public static func sanitized(_ character: Character) -> [Character] {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let s = scalars.first, !needsReplacement(s) { return [character] }
        var out: [Character] = []
        var kept = String.UnicodeScalarView()
        for s in scalars {
            if needsReplacement(s) {
                if !kept.isEmpty { out.append(Character(String(kept))); kept = String.UnicodeScalarView() }
                out.append(replacement(for: s))
            } else {
                kept.append(s)
            }
        }
        if !kept.isEmpty {
            // A lone combining mark with no base would attach to the previous cell.
            let text = String(kept)
            if let first = kept.first, columns(of: first) == 0 {
                out.append("\u{FFFD}")
            } else {
                out.append(contentsOf: text)
            }
        }
        return out
    }

    /// A string with every character sanitized.
    public static func sanitize(_ text: String) -> String {
        var out = ""
        for character in text { out.append(contentsOf: sanitized(character)) }
        return out
    }

    /// Truncates `text` to at most `width` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        let clean = sanitize(text)
        if columns(of: clean) <= width { return clean }
        var out = ""
        var used = 0
        for character in clean {
            let w = columns(of: character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    static func needsReplacement(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    static func replacement(for s: Unicode.Scalar) -> Character {
        let v = s.value
        if v < 0x20 { return Character(Unicode.Scalar(0x2400 + v)!) }
        if v == 0x7F { return "\u{2421}" }
        return "\u{FFFD}"
    }

    /// East Asian Wide and Fullwidth ranges, plus emoji presentation blocks.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
