/// Durations written with units, as Go and logfmt write them (`12ms`,
/// `1.5s`, `250µs`, `1m30s`): read as seconds wherever a record's fields
/// are (log fields, JSON strings), so they can be values and filtered on.
enum UnitDuration {
    /// Nanoseconds of a Go-style duration: numbers each with a unit
    /// (`ns`, `us`, `µs`, `ms`, `s`, `m`, `h`), largest first; nil for anything else.
    static func nanoseconds(_ f: Field) -> Double? {
        var i = 0, total = 0.0, last = Double.infinity
        if f.first == UInt8(ascii: "-") { return nil }
        while i < f.count {
            let start = i
            while i < f.count, ByteText.isDigit(f[i]) || f[i] == UInt8(ascii: ".") { i += 1 }
            guard i > start, i < f.count, let number = ValueParser.plainDecimal(Field(rebasing: f[start..<i])) else { return nil }
            let scale: Double
            switch f[i] {
            case UInt8(ascii: "n"): scale = 1; i += 1
            case UInt8(ascii: "u"): scale = 1e3; i += 1
            case 0xC2 where i + 1 < f.count && f[i + 1] == 0xB5: scale = 1e3; i += 2  // µ, the micro sign
            case 0xCE where i + 1 < f.count && f[i + 1] == 0xBC: scale = 1e3; i += 2  // μ, the Greek letter
            case UInt8(ascii: "m") where i + 1 < f.count && f[i + 1] == UInt8(ascii: "s"): scale = 1e6; i += 1
            case UInt8(ascii: "s"): scale = 1e9
            case UInt8(ascii: "m"): scale = 60e9
            case UInt8(ascii: "h"): scale = 3600e9
            default: return nil
            }
            if scale < 1e9 {
                guard i < f.count, f[i] == UInt8(ascii: "s") else { return nil }
            }
            i += 1
            guard scale < last else { return nil }
            last = scale
            total += number * scale
        }
        return total
    }

    /// Rewrites `text` as seconds when it is a duration with units; leaves anything else as it is.
    /// Only a text that starts with a digit and ends with a unit's last letter (`s`, `m`, `h`) is parsed:
    /// dates and numbers in strings, the strings most records hold, are passed over at once.
    static func rewriteAsSeconds(_ text: inout ByteBuffer) {
        let bytes = text.bytes
        guard let first = bytes.first, ByteText.isDigit(first), endsWithUnit(bytes), let nanoseconds = nanoseconds(bytes) else { return }
        text.removeAll()
        appendSeconds(nanoseconds: nanoseconds, to: &text)
    }

    /// Whether `f` ends as every duration `nanoseconds` reads does: `ns`, `us`, `µs` and `ms` in `s`, then `s`, `m` or `h`.
    @inline(__always)
    private static func endsWithUnit(_ f: Field) -> Bool {
        guard let last = f.last else { return false }
        return last == UInt8(ascii: "s") || last == UInt8(ascii: "m") || last == UInt8(ascii: "h")
    }

    /// Seconds as plain decimal text: whole nanoseconds, no trailing zeros.
    static func appendSeconds(nanoseconds: Double, to buffer: inout ByteBuffer) {
        let nanos = Int64(nanoseconds.rounded())
        let whole = nanos / 1_000_000_000
        var fraction = nanos % 1_000_000_000
        for b in String(whole).utf8 { buffer.append(b) }
        guard fraction > 0 else { return }
        buffer.append(UInt8(ascii: "."))
        var digits = 9
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        for _ in 0..<(digits - text.count) { buffer.append(ByteText.zero) }
        for b in text.utf8 { buffer.append(b) }
    }
}
