extension NumberFormat {
    /// A number in full for the card's table: integers with `,` grouping
    /// (`1,234,567`); a number with a few decimals with all of them (a sum
    /// of prices, `71,232.98`); others with at least 4 significant digits
    /// (`5.590` trimmed to `5.59`, `0.01234`, `1,234.6`, a mean's
    /// `1,002.8`). From 1e15 on, where a double's digits run out, in
    /// scientific notation to 7 significant digits (`1.234568e20`) rather
    /// than 20 columns of noise.
    public static func exact(_ value: Double) -> String {
        guard value.isFinite else { return humane(value) }
        let magnitude = abs(value)
        if magnitude >= 1e15 { return scientific(value, digits: 6) }
        if value == value.rounded(), magnitude < 1e15 { return grouped(trimmed(value, digits: 0)) }
        var digits = 1
        if magnitude < 1000 {
            // Digits after the point so that four significant ones show.
            var scaled = magnitude
            digits = 3
            while scaled < 1, digits < 12 { scaled *= 10; digits += 1 }
            if magnitude >= 10 { digits = magnitude >= 100 ? 1 : 2 }
        }
        return grouped(trimmed(value, digits: max(digits, ownDecimals(value) ?? 0)))
    }

    /// The decimals `value` has when they are few (up to 4, and within a
    /// double's 15 significant digits): 2 for `71232.98`; nil for a mean's `1002.7918…`.
    static func ownDecimals(_ value: Double) -> Int? {
        let magnitude = abs(value)
        for (decimals, scale) in [10.0, 100, 1000, 10_000].enumerated() where magnitude * scale < 1e15 {
            if abs((value * scale).rounded() / scale - value) <= magnitude * 1e-13 { return decimals + 1 }
        }
        return nil
    }

    /// `1234567.5` as `1,234,567.5`.
    static func grouped(_ text: String) -> String {
        // On bytes, not Characters: this runs for every tick of every frame.
        let utf8 = text.utf8
        let start = utf8.first == UInt8(ascii: "-") ? 1 : 0
        // Most numbers on a chart are under a thousand: nothing to group, nothing copied.
        guard utf8.dropFirst(start).prefix(while: { $0 != UInt8(ascii: ".") }).count > 3 else { return text }
        let bytes = Array(utf8)
        let point = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + (point - start) / 3)
        out.append(contentsOf: bytes[..<start])
        for i in start..<point {
            if i > start, (point - i) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(bytes[i])
        }
        out.append(contentsOf: bytes[point...])
        return String(decoding: out, as: UTF8.self)
    }
}
