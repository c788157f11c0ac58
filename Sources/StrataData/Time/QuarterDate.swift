/// Quarters as statistics offices write them: `1974Q1`, `1974 Q1`,
/// `1974-Q1`, `1974q1`, `Q1 1974`, `Q1-1974`. A quarter reads as its first
/// day (Q2 is 1 April), naive, in the calendar's zone.
enum QuarterDate {
    /// The quarter's first day at `i`, and the length read.
    static func parsePrefix(_ f: Field, from i: Int = 0) -> (ParsedTime, Int)? {
        guard i < f.count else { return nil }
        let year: Int, quarter: Int, end: Int
        if ByteText.lower(f[i]) == UInt8(ascii: "q") {
            // Q1 1974
            guard let (q, k) = quarterNumber(f, i) else { return nil }
            let y = separated(f, k)
            guard y + 4 <= f.count else { return nil }
            let v = ByteText.digits(f, y, 4)
            guard v >= 0 else { return nil }
            (year, quarter, end) = (v, q, y + 4)
        } else {
            // 1974Q1
            let v = ByteText.digits(f, i, 4)
            guard v >= 0 else { return nil }
            let k = separated(f, i + 4)
            guard k < f.count, ByteText.lower(f[k]) == UInt8(ascii: "q"), let (q, e) = quarterNumber(f, k) else { return nil }
            (year, quarter, end) = (v, q, e)
        }
        // Digits right after would make it something else (`1974Q12`).
        guard end == f.count || !ByteText.isDigit(f[end]), let day = ByteText.dayNumber(year: year, month: quarter * 3 - 2, day: 1) else { return nil }
        return (ParsedTime(wallSeconds: Int64(day) * 86_400, offset: nil), end - i)
    }

    /// `Q1`…`Q4` at `i` (the `Q` checked by the caller): the number and where it ends.
    private static func quarterNumber(_ f: Field, _ i: Int) -> (Int, Int)? {
        guard i + 1 < f.count, f[i + 1] >= UInt8(ascii: "1"), f[i + 1] <= UInt8(ascii: "4") else { return nil }
        return (Int(f[i + 1] &- ByteText.zero), i + 2)
    }

    /// Past one separator (a space, `-`, `/` or `_`) at `i`, if there is one.
    private static func separated(_ f: Field, _ i: Int) -> Int {
        guard i < f.count else { return i }
        switch f[i] {
        case ByteText.space, UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "_"): return i + 1
        default: return i
        }
    }

    /// How the sample wrote it: `YYYYQn`, `YYYY-Qn`, `Qn YYYY`, `YYYYqn`.
    static func describe(_ f: Field) -> String {
        guard !f.isEmpty else { return "YYYYQn" }
        let text = String(decoding: f, as: UTF8.self)
        if ByteText.lower(f[0]) == UInt8(ascii: "q") {
            return text.prefix(1) + "n" + text.dropFirst(2).dropLast(4) + "YYYY"
        }
        return "YYYY" + text.dropFirst(4).dropLast(2) + text.suffix(2).prefix(1) + "n"
    }
}
