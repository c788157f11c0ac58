/// Column widths and sanitizing live here and nowhere else.
public enum TextWidth {
    /// Columns `text` takes on screen once sanitized.
    public static func columns(of text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += columns(of: shown(scalar)) }
        return total
    }

    /// Columns one scalar takes as it is drawn: 0 (a combining mark, which
    /// is dropped), 1 or 2.
    @inline(__always)
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        if isPlainSingleColumn(v) { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(v) ? 2 : 1
    }

    /// What is drawn for a scalar: control characters, escape, C1 codes and
    /// bidi overrides become visible stand-ins (`␛`, `␇`, `�`), so nothing
    /// from the data can reach a terminal as a control sequence.
    @inline(__always)
    public static func shown(_ s: Unicode.Scalar) -> Unicode.Scalar {
        let v = s.value
        if v >= 0x20 && v < 0x7F { return s }
        if v < 0x20 { return Unicode.Scalar(0x2400 + v)! }
        if v == 0x7F { return "\u{2421}" }
        if (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return "\u{FFFD}" }
        return s
    }

    /// A string as it is drawn: every scalar shown, combining marks dropped.
    public static func sanitize(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let s = shown(scalar)
            if columns(of: s) > 0 { out.append(s) }
        }
        return String(out)
    }

    /// Truncates `text` to at most `width` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        let clean = sanitize(text)
        if columns(of: clean) <= width { return clean }
        var out = String.UnicodeScalarView()
        var used = 0
        for scalar in clean.unicodeScalars {
            let w = columns(of: scalar)
            if used + w > width - 1 { break }
            out.append(scalar)
            used += w
        }
        return String(out) + "…"
    }

    /// Box drawing, block elements, arrows and common punctuation: one column.
    @inline(__always)
    static func isPlainSingleColumn(_ v: UInt32) -> Bool {
        (0x2010...0x2027).contains(v) || (0x2190...0x21FF).contains(v)
            || (0x2400...0x2426).contains(v) || (0x2500...0x25FF).contains(v)
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
