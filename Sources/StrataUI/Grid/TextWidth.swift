/// Column widths and sanitizing live here and nowhere else.
public enum TextWidth {
    /// `text` cut into pieces of at most `width` columns, wherever the width
    /// runs out: a record's text has no spaces to break at.
    public static func pieces(of text: String, width: Int) -> [String] {
        var lines: [String] = [], line = "", used = 0
        for character in text {
            let w = columns(of: String(character))
            if used + w > width, !line.isEmpty {
                lines.append(line)
                (line, used) = ("", 0)
            }
            line.append(character)
            used += w
        }
        return lines + (line.isEmpty ? [] : [line])
    }

    /// Columns `text` takes on screen once sanitized.
    public static func columns(of text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += columns(of: shown(scalar)) }
        return total
    }

    /// Columns one scalar takes as it is drawn: 0 (a combining mark, which
    /// is dropped), 1 or 2, from Unicode's EastAsianWidth data
    /// (`WidthTable`). Runs for every character of every frame, so the
    /// common single-column scalars skip the table's binary search.
    @inline(__always)
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        if isPlainSingleColumn(v) { return 1 }
        return WidthTable.columns(of: v)
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

    /// Truncates `text` to at most `width` columns, ending in `ellipsis`
    /// when cut (`Glyphs.ellipsis`: `…`, or `...` in ASCII mode). When even
    /// the ellipsis does not fit, as much of it as fits is shown.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let clean = sanitize(text)
        if columns(of: clean) <= width { return clean }
        let mark = sanitize(ellipsis)
        let room = width - columns(of: mark)
        if room <= 0 { return prefix(mark, columns: width) }
        // `Heroes…`, not `Heroes …`: a space before the mark reads as a word cut off whole.
        var cut = prefix(clean, columns: room)
        while cut.last == " " { cut.removeLast() }
        return cut + mark
    }

    /// The longest start of sanitized `text` that fits in `columns`.
    private static func prefix(_ text: String, columns limit: Int) -> String {
        var out = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let w = columns(of: scalar)
            if used + w > limit { break }
            out.append(scalar)
            used += w
        }
        return String(out)
    }

    /// Dashes and quotes, arrows, control pictures, box drawing and block
    /// elements: one column (tested against the table).
    @inline(__always)
    static func isPlainSingleColumn(_ v: UInt32) -> Bool {
        (0x2010...0x2027).contains(v) || (0x2190...0x21FF).contains(v)
            || (0x2400...0x2426).contains(v) || (0x2500...0x259F).contains(v)
    }
}
