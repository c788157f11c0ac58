/// Dates written with numbers and slashes (or dots, or dashes):
/// `YYYY/MM/DD`, `DD/MM/YYYY`, `MM/DD/YYYY`, each optionally followed by a
/// space (or `T`) and `HH:MM[:SS]` or a 12-hour `H:MM[:SS] AM` (as
/// spreadsheets and US-locale exports write them), and by an ISO-style offset.
enum NumericDate {
    enum Order: Equatable { case ymd, dmy, mdy }

    /// The three numbers of a date at `i`, before any interpretation:
    /// (first, second, third, separator, end). The year is the 4-digit part.
    @inline(__always)
    static func parts(_ f: Field, _ i: Int) -> (Int, Int, Int, UInt8, Int)? {
        guard let (a, la) = ByteText.number(f, i, max: 4) else { return nil }
        var k = i + la
        guard k < f.count else { return nil }
        let sep = f[k]
        guard sep == UInt8(ascii: "/") || sep == UInt8(ascii: ".") || sep == UInt8(ascii: "-") else { return nil }
        guard let (b, lb) = ByteText.number(f, k + 1, max: 2) else { return nil }
        k += 1 + lb
        guard k < f.count, f[k] == sep, let (c, lc) = ByteText.number(f, k + 1, max: 4) else { return nil }
        k += 1 + lc
        // Exactly one shape: YYYY?MM?DD or DD?MM?YYYY (1-2 digit day/month).
        if la == 4 && lc <= 2 { return (a, b, c, sep, k) }
        if la <= 2 && lc == 4 { return (a, b, c, sep, k) }
        return nil
    }

    @inline(__always)
    static func parsePrefix(_ f: Field, from i: Int = 0, order: Order, shape: inout TimeShape) -> (ParsedTime, Int)? {
        guard let (a, b, c, sep, end) = parts(f, i) else { return nil }
        let year: Int, month: Int, day: Int
        switch order {
        case .ymd:
            guard f[i + 4] == sep else { return nil }
            (year, month, day) = (a, b, c)
        case .dmy:
            guard f[end - 5] == sep else { return nil }
            (year, month, day) = (c, b, a)
        case .mdy:
            guard f[end - 5] == sep else { return nil }
            (year, month, day) = (c, a, b)
        }
        guard let dayNumber = ByteText.dayNumber(year: year, month: month, day: day) else { return nil }
        var time = ParsedTime(wallSeconds: Int64(dayNumber) * 86_400, offset: nil)
        var k = end
        if let (seconds, clockEnd) = timeOfDay(f, k, shape: &shape) {
            time.wallSeconds += seconds
            k = clockEnd
            if let (offset, zoneEnd) = ISOTime.zone(f, k, shape: &shape) {
                time.offset = offset
                k = zoneEnd
            }
        }
        return (time, k - i)
    }

    /// The time after a date: ISO's `HH:MM[:SS]`, or a 12-hour clock
    /// (`3:05 PM`, `12:15:48 am`), whose hour may have one digit.
    @inline(__always)
    static func timeOfDay(_ f: Field, _ i: Int, shape: inout TimeShape) -> (Int64, Int)? {
        if let (seconds, end) = ISOTime.timeOfDay(f, i, shape: &shape), TextualDate.meridiem(f, end) == nil { return (seconds, end) }
        guard i < f.count, f[i] == ByteText.space || f[i] == UInt8(ascii: "T") else { return nil }
        var style = TextualDate.Style()
        guard let (seconds, end) = TextualDate.clock(f, i + 1, shape: &shape, style: &style) else { return nil }
        shape.separator = f[i]
        shape.twelveHour = style.contains(.meridiem)
        return (seconds, end)
    }

    static func describe(_ order: Order, separator: UInt8, shape: TimeShape) -> String {
        let s = String(UnicodeScalar(separator))
        let date: String
        switch order {
        case .ymd: date = "YYYY\(s)MM\(s)DD"
        case .dmy: date = "DD\(s)MM\(s)YYYY"
        case .mdy: date = "MM\(s)DD\(s)YYYY"
        }
        guard shape.hasTime else { return date }
        return date + (shape.separator == ByteText.space ? " " : "T") + shape.timeSuffix
    }
}
