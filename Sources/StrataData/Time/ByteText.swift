/// Small helpers for parsing ASCII out of raw bytes without building Strings.
/// Fields are `UnsafeBufferPointer<UInt8>`; indexes are plain `Int`s.
typealias Field = UnsafeBufferPointer<UInt8>

enum ByteText {
    static let zero = UInt8(ascii: "0")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- zero < 10 }
    @inline(__always) static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- UInt8(ascii: "a") < 26 }
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == space || b == tab }
    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { isLetter(b) ? b | 0x20 : b }

    /// The value of `count` digits at `i`, or -1 when any is not a digit.
    @inline(__always) static func digits(_ f: Field, _ i: Int, _ count: Int) -> Int {
        guard i + count <= f.count else { return -1 }
        var v = 0
        for k in i..<(i + count) {
            let d = f[k] &- zero
            if d > 9 { return -1 }
            v = v * 10 + Int(d)
        }
        return v
    }

    /// Reads 1 to `max` digits at `i`: (value, digits read), or nil.
    @inline(__always) static func number(_ f: Field, _ i: Int, max: Int) -> (value: Int, length: Int)? {
        var v = 0, k = i
        while k < f.count, k - i < max, isDigit(f[k]) {
            v = v * 10 + Int(f[k] &- zero)
            k += 1
        }
        return k > i ? (v, k - i) : nil
    }

    @inline(__always) static func skipSpaces(_ f: Field, _ i: Int) -> Int {
        var k = i
        while k < f.count, isSpace(f[k]) { k += 1 }
        return k
    }

    /// `f` without leading and trailing spaces and tabs.
    @inline(__always) static func trimmed(_ f: Field) -> Field {
        // Fast path: neither end is a space, a tab or a CR (all at most 0x20).
        if f.count > 0 && f[0] > space && f[f.count - 1] > space { return f }
        var lo = 0, hi = f.count
        while lo < hi, isSpace(f[lo]) { lo += 1 }
        while hi > lo, isSpace(f[hi - 1]) || f[hi - 1] == 13 { hi -= 1 }
        if lo == 0 && hi == f.count { return f }
        return Field(rebasing: f[lo..<hi])
    }

    /// Case-insensitive match of an ASCII word at `i`.
    static func matches(_ f: Field, _ i: Int, _ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard i + n <= f.count else { return false }
        let w = word.utf8Start
        for k in 0..<n where lower(f[i + k]) != lower(w[k]) { return false }
        return true
    }

    /// The length of the run of letters at `i`.
    static func letterRun(_ f: Field, _ i: Int) -> Int {
        var k = i
        while k < f.count, isLetter(f[k]) { k += 1 }
        return k - i
    }

    /// Days since 1970-01-01 of a valid date, or nil.
    @inline(__always) static func dayNumber(year: Int, month: Int, day: Int) -> Int? {
        guard month >= 1, month <= 12, day >= 1,
              day <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        return CivilDate(year: year, month: month, day: day).dayNumber
    }

    /// A short, printable rendering of field bytes for messages: control
    /// bytes and invalid UTF-8 become visible escapes, long text is cut.
    static func quoted(_ f: Field, limit: Int = 40) -> String {
        var out = "\""
        var text = String(decoding: f.prefix(limit * 4), as: UTF8.self)
        if text.count > limit { text = String(text.prefix(limit)) + "…" }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0..<0x20, 0x7F..<0xA0:
                out += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(2)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    func leftPadded(_ width: Int, with c: Character = "0") -> String {
        count >= width ? self : String(repeating: c, count: width - count) + self
    }
}
