import Foundation

/// Reads a number from field bytes: integers, decimals, exponents, a
/// leading `+`, thousands grouped with commas (`"1,234.5"`) and currency
/// (`$1,234.50`, `(€12.00)`). Anything else (empty, `NA`, `NaN`, `inf`,
/// words) is not a number; `isNoValue` tells the markers of no value apart.
enum ValueParser {
    /// Powers of ten that are exact in a Double: 10^0 … 10^22.
    @inline(__always)
    static func exactPower(_ n: Int) -> Double {
        powersOfTen[min(max(n, 0), 22)]
    }

    /// Indexed, not a switch: a jump on one or two decimals at random
    /// mispredicts. An array literal is laid out statically, not on first use.
    private static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The value, or nil. Finite values only.
    @inline(__always)
    static func parse(_ raw: Field) -> Double? {
        if let v = plainDecimal(raw) { return v }
        return parseAny(raw)
    }

    /// The common case, small enough to inline: 1 to 15 digits and at most
    /// one point, nothing else (no sign, no spaces). nil: not that shape
    /// (which `parseAny` reads the same way, or rejects).
    @inline(__always)
    static func plainDecimal(_ f: Field) -> Double? {
        let n = f.count
        guard n > 0 && n <= 16 else { return nil }
        var mantissa: Int64 = 0
        var point = -1
        var i = 0
        while i < n {
            let b = f[i]
            let d = b &- ByteText.zero
            if d < 10 {
                mantissa = mantissa &* 10 &+ Int64(d)
            } else if b == UInt8(ascii: ".") && point < 0 {
                point = i
            } else {
                return nil
            }
            i &+= 1
        }
        let fractionDigits = point < 0 ? 0 : n &- 1 &- point
        let digits = point < 0 ? n : n &- 1
        guard digits > 0 && digits <= 15 else { return nil }
        return Double(mantissa) / exactPower(fractionDigits)
    }

    /// `plainDecimal` for a field of 1 to 8 bytes given as one word (its
    /// first byte lowest; bytes past `count` are ignored): the same values,
    /// found without a loop over the bytes. nil: not that shape.
    @inline(__always)
    static func plainDecimal(word: UInt64, count n: Int) -> Double? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let mask = UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- n &* 8)
        let x = word & mask
        // Per byte, non-zero unless a digit: high nibble 3, low nibble at most 9.
        let bad = ((x & (ones &* 0xF0)) ^ (ones &* 0x30)) | (((x & (ones &* 0x0F)) &+ (ones &* 0x06)) & (ones &* 0xF0))
        // The high bit of each of the field's bytes that is not a digit (exact: no carry crosses a byte).
        let lows = ones &* 0x7F
        let others = (((bad & lows) &+ lows) | bad) & (ones &* 0x80) & mask
        var digits = x & (ones &* 0x0F)
        var fractionDigits = 0
        if others != 0 {
            // One non-digit, a point: drop it, moving the bytes after it down by one.
            guard others & (others &- 1) == 0 else { return nil }
            let at = others.trailingZeroBitCount &>> 3
            guard (x &>> UInt64(truncatingIfNeeded: at &* 8)) & 0xFF == UInt64(UInt8(ascii: ".")), n > 1 else { return nil }
            let below: UInt64 = (1 &<< UInt64(truncatingIfNeeded: at &* 8)) &- 1
            digits = (digits & below) | ((digits &>> 8) & ~below)
            fractionDigits = n &- 1 &- at
        }
        let count = others == 0 ? n : n &- 1
        // Right-align the digits in the word (zeros in front), then combine
        // pairs, quads and halves: the usual eight-digits-at-once multiply.
        var v = digits &<< UInt64(truncatingIfNeeded: (8 &- count) &* 8)
        v = (v &* 10) &+ (v &>> 8)
        v = (((v & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 &<< 32)))
            &+ (((v &>> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 &<< 32)))) &>> 32
        // Not `Double(v)`: its cvtsi2sd writes half a register, so each
        // number would wait for the one before. v < 10^8 < 2^52: set in the
        // mantissa of 2^52, less 2^52, it is exact.
        let exact = Double(bitPattern: 0x4330_0000_0000_0000 | v) - 4_503_599_627_370_496.0
        return exact / powersOfTen[fractionDigits & 7]
    }


    static func parseAny(_ raw: Field) -> Double? {
        let f = ByteText.trimmed(raw)
        let n = f.count
        guard n > 0 else { return nil }
        var i = 0
        var negative = false
        let c = f[0]
        if c == UInt8(ascii: "-") { negative = true; i = 1 } else if c == UInt8(ascii: "+") { i = 1 }
        // Fast path: up to 15 digits with one optional point. A Double made
        // from an integer below 2^53 divided by an exact power of ten is
        // correctly rounded.
        var mantissa: Int64 = 0
        /// Reads the digits from `i` on into the mantissa, and says how many.
        func readDigits() -> Int {
            let start = i
            while i < n {
                let d = f[i] &- ByteText.zero
                if d >= 10 { break }
                // Wrapping is harmless: more than 15 digits take the slow path.
                mantissa = mantissa &* 10 &+ Int64(d)
                i &+= 1
            }
            return i &- start
        }
        var digits = readDigits()
        var fractionDigits = 0
        if i < n && f[i] == UInt8(ascii: ".") {
            i &+= 1
            fractionDigits = readDigits()
            digits &+= fractionDigits
        }
        if i == n && digits > 0 && digits <= 15 {
            let v = Double(mantissa) / exactPower(fractionDigits)
            return negative ? -v : v
        }
        return slowPath(f)
    }

    /// Exponents, long mantissas, grouped thousands, currency: checked by hand, then strtod.
    static func slowPath(_ f: Field) -> Double? {
        if let (amount, negated) = unwrapCurrency(f) { return parse(amount).map { negated ? -$0 : $0 } }
        var text: [UInt8] = []
        text.reserveCapacity(f.count + 1)
        var i = 0
        if f[0] == UInt8(ascii: "-") || f[0] == UInt8(ascii: "+") { text.append(f[0]); i = 1 }
        // Integer part, maybe grouped: 1,234,567 (groups of exactly three).
        var intDigits = 0, groupRun = 0, grouped = false
        while i < f.count {
            let b = f[i]
            if ByteText.isDigit(b) {
                text.append(b); intDigits += 1; groupRun += 1
            } else if b == UInt8(ascii: ",") {
                guard intDigits > 0, grouped ? groupRun == 3 : groupRun <= 3, i + 1 < f.count, ByteText.isDigit(f[i + 1]) else { return nil }
                grouped = true
                groupRun = 0
            } else {
                break
            }
            i += 1
        }
        if grouped && groupRun != 3 { return nil }
        var fracDigits = 0
        if i < f.count, f[i] == UInt8(ascii: ".") {
            text.append(f[i]); i += 1
            while i < f.count, ByteText.isDigit(f[i]) { text.append(f[i]); i += 1; fracDigits += 1 }
        }
        guard intDigits + fracDigits > 0 else { return nil }
        if i < f.count, f[i] == UInt8(ascii: "e") || f[i] == UInt8(ascii: "E") {
            text.append(f[i]); i += 1
            if i < f.count, f[i] == UInt8(ascii: "-") || f[i] == UInt8(ascii: "+") { text.append(f[i]); i += 1 }
            let expStart = i
            while i < f.count, ByteText.isDigit(f[i]) { text.append(f[i]); i += 1 }
            guard i > expStart else { return nil }
        }
        guard i == f.count else { return nil }
        text.append(0)
        let v = text.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: p.count) { strtod($0, nil) }
        }
        return v.isFinite ? v : nil
    }

    /// A number written with a decimal comma and optional `.` thousands
    /// (`1,5`, `-1.234,5`), as files delimited by `;` or tab often are.
    static func parseDecimalComma(_ raw: Field) -> Double? {
        let f = ByteText.trimmed(raw)
        guard !f.isEmpty, f.count <= 64 else { return nil }
        if let (amount, negated) = unwrapCurrency(f) { return parseDecimalComma(amount).map { negated ? -$0 : $0 } }
        var text: [UInt8] = []
        var i = 0
        if f[0] == UInt8(ascii: "-") || f[0] == UInt8(ascii: "+") { text.append(f[0]); i = 1 }
        var digits = 0, run = 0, grouped = false
        while i < f.count, ByteText.isDigit(f[i]) || f[i] == UInt8(ascii: ".") {
            if f[i] == UInt8(ascii: ".") {
                guard digits > 0, grouped ? run == 3 : run <= 3 else { return nil }
                grouped = true
                run = 0
            } else {
                text.append(f[i]); digits += 1; run += 1
            }
            i += 1
        }
        guard digits > 0, !grouped || run == 3 else { return nil }
        if i < f.count, f[i] == UInt8(ascii: ",") {
            text.append(UInt8(ascii: ".")); i += 1
            let start = i
            while i < f.count, ByteText.isDigit(f[i]) { text.append(f[i]); i += 1 }
            guard i > start else { return nil }
        }
        guard i == f.count else { return nil }
        return text.withUnsafeBufferPointer { parse($0) }
    }

    /// How a sample value writes its decimals: true for a decimal comma
    /// (`1,5`), false for a decimal point (`1.5`), nil when it does not say
    /// (integers, `1.234`, not a number).
    static func writesDecimalComma(_ raw: Field) -> Bool? {
        let f = ByteText.trimmed(raw)
        if f.contains(UInt8(ascii: ",")) { return parseDecimalComma(f) != nil ? true : nil }
        guard f.contains(UInt8(ascii: ".")), parse(f) != nil else { return nil }
        return parseDecimalComma(f) != nil ? nil : false
    }

    /// An amount as ledgers and spreadsheets write it: a currency sign before or after the
    /// number (`$1,234.50`, `-$12.00`, `12,50 €`), or parentheses for a negative (`($12.00)`).
    /// The number inside and whether the marks negate it; nil when there are no such marks.
    static func unwrapCurrency(_ f: Field) -> (amount: Field, negated: Bool)? {
        var start = 0, end = f.count
        var negated = false
        if end >= 3, f[0] == UInt8(ascii: "("), f[end - 1] == UInt8(ascii: ")") {
            negated = true
            start += 1
            end -= 1
        }
        var minus = false
        if start < end, f[start] == UInt8(ascii: "-") || f[start] == UInt8(ascii: "+") {
            minus = f[start] == UInt8(ascii: "-")
            start += 1
        }
        var marked = negated
        if let n = currencySign(f, at: start, before: end) {
            start = ByteText.skipSpaces(f, start + n)
            marked = true
        } else {
            var k = end
            while k > start, f[k - 1] == ByteText.space { k -= 1 }
            for length in 1...3 where k - length > start && currencySign(f, at: k - length, before: k) == length {
                end = k - length
                while end > start, f[end - 1] == ByteText.space { end -= 1 }
                marked = true
                break
            }
        }
        guard marked, start < end else { return nil }
        return (Field(rebasing: f[start..<end]), negated != minus)
    }

    /// The length of the currency sign at `i` (`$`, `€`, `£`, `¥`, `₹`), if one ends by `end`.
    private static func currencySign(_ f: Field, at i: Int, before end: Int) -> Int? {
        guard i < end else { return nil }
        switch f[i] {
        case UInt8(ascii: "$"): return 1
        case 0xC2 where i + 1 < end && (f[i + 1] == 0xA3 || f[i + 1] == 0xA5): return 2  // £ ¥
        case 0xE2 where i + 2 < end && f[i + 1] == 0x82 && (f[i + 2] == 0xAC || f[i + 2] == 0xB9): return 3  // € ₹
        default: return nil
        }
    }

    /// No value, as tables write one: empty, or the marker R, pandas, SQL, Excel or Stata
    /// writes (`NA`, `N/A`, `NaN`, `null`, `None`, `#N/A`, `-`, `.`). Such a field is a row
    /// with no value for its column, never a bad row, and no evidence against a numeric column.
    /// Byte by byte, by length first: called on every cell of a wide table.
    static func isNoValue(_ raw: Field) -> Bool {
        let f = ByteText.trimmed(raw)
        /// Whether byte `i` is the letter `lower` in either case (`| 0x20` lowers a letter, and only the two cases give it).
        func letter(_ i: Int, _ lower: Unicode.Scalar) -> Bool { f[i] | 0x20 == UInt8(ascii: lower) }
        let dash = UInt8(ascii: "-"), slash = UInt8(ascii: "/")
        switch f.count {
        case 0: return true
        case 1: return f[0] == dash || f[0] == UInt8(ascii: ".") || f[0] == UInt8(ascii: "?")
        case 2: return f[0] == dash ? f[1] == dash : letter(0, "n") && letter(1, "a")
        case 3:
            // N/A, NaN, nil
            guard letter(0, "n") else { return false }
            return f[1] == slash ? letter(2, "a") : letter(1, "a") ? letter(2, "n") : letter(1, "i") && letter(2, "l")
        case 4:
            // #N/A, null, none
            if f[0] == UInt8(ascii: "#") { return letter(1, "n") && f[2] == slash && letter(3, "a") }
            guard letter(0, "n") else { return false }
            return letter(1, "u") ? letter(2, "l") && letter(3, "l") : letter(1, "o") && letter(2, "n") && letter(3, "e")
        default: return false
        }
    }

    /// Why a field is not a value, for the skipped-row message.
    static func reason(_ raw: Field, column: String) -> String {
        let f = ByteText.trimmed(raw)
        if f.isEmpty { return "empty value in column \"\(column)\"" }
        return "value \(ByteText.quoted(f)) is not a number"
    }
}
