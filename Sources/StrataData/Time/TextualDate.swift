/// Dates with English month names: `Jan 1 2000`, `1 Jan 2000`,
/// `January 1, 2000`, `01-Jan-2000`, RFC 2822 (`Tue, 05 Mar 2013 14:00:00
/// +0000`), `date`/ctime output (`Tue Mar  5 14:00:00 UTC 2013`) and git's
/// (`Tue Mar 5 14:00:00 2013 +0100`), each
/// with an optional time (`3:45 PM` too) and zone.
enum TextualDate {
    struct Style: OptionSet, Equatable {
        let rawValue: UInt8
        static let weekday = Style(rawValue: 1)
        static let dayFirst = Style(rawValue: 2)
        static let fullMonth = Style(rawValue: 4)
        static let yearLast = Style(rawValue: 8)   // ctime: the year after the clock
        static let comma = Style(rawValue: 16)
        static let meridiem = Style(rawValue: 32)
    }

    static func parsePrefix(_ f: Field, from start: Int = 0, shape: inout TimeShape, style: inout Style) -> (ParsedTime, Int)? {
        var i = start
        style = []
        if let w = MonthNames.weekday(f, i) {
            // `Tue, 05 Mar` or `Tue Mar  5`: a weekday is followed by a comma or spaces.
            i += w
            if i < f.count, f[i] == UInt8(ascii: ",") { i += 1 }
            let j = ByteText.skipSpaces(f, i)
            guard j > i || (i > start + w) else { return nil }
            i = j
            style.insert(.weekday)
        }
        var year = -1, month = 0, day = 0
        if let (d, ld) = ByteText.number(f, i, max: 2) {
            // 1 Jan 2000, 01-Jan-2000
            day = d
            i += ld
            guard i < f.count, f[i] == ByteText.space || f[i] == UInt8(ascii: "-") else { return nil }
            i = skipSeparators(f, i + 1)
            guard let m = MonthNames.month(f, i) else { return nil }
            month = m.month
            i += m.length
            if m.full { style.insert(.fullMonth) }
            guard i < f.count, f[i] == ByteText.space || f[i] == UInt8(ascii: "-") || f[i] == UInt8(ascii: ",") else { return nil }
            i = skipSeparators(f, i + 1)
            guard let (y, ly) = ByteText.number(f, i, max: 4), ly == 4 else { return nil }
            year = y
            i += 4
            style.insert(.dayFirst)
        } else if let m = MonthNames.month(f, i) {
            // Jan 1 2000, January 1, 2000, Jan  5 14:00:00 2013 (ctime)
            month = m.month
            i += m.length
            if m.full { style.insert(.fullMonth) }
            if i < f.count, f[i] == UInt8(ascii: ".") { i += 1 }
            guard i < f.count, f[i] == ByteText.space || f[i] == UInt8(ascii: "-") else { return nil }
            i = skipSeparators(f, i + 1)
            guard let (d, ld) = ByteText.number(f, i, max: 2) else { return nil }
            day = d
            i += ld
            for suffix: StaticString in ["st", "nd", "rd", "th"] where ByteText.matches(f, i, suffix) {
                i += 2
                break
            }
            if i < f.count, f[i] == UInt8(ascii: ",") { i += 1; style.insert(.comma) }
            guard i < f.count, f[i] == ByteText.space || f[i] == UInt8(ascii: "-") else { return nil }
            let j = skipSeparators(f, i + 1)
            if let (y, ly) = ByteText.number(f, j, max: 4), ly == 4, j + 4 == f.count || !ByteText.isDigit(f[j + 4]),
               j + 4 >= f.count || f[j + 4] != UInt8(ascii: ":") {
                year = y
                i = j + 4
            } else {
                style.insert(.yearLast)
            }
        } else {
            return nil
        }
        var wall: Int64 = 0
        var offset: Int32?
        // The clock: after spaces, `T`, `, ` or ` at `.
        var k = i
        if k < f.count, f[k] == UInt8(ascii: ",") { k += 1 }
        if k < f.count, f[k] == UInt8(ascii: "T") { k += 1 } else { k = ByteText.skipSpaces(f, k) }
        if ByteText.matches(f, k, "at ") { k = ByteText.skipSpaces(f, k + 3) }
        if k > i || (k < f.count && f[k - 1] == UInt8(ascii: "T")), let (seconds, end) = clock(f, k, shape: &shape, style: &style) {
            wall = seconds
            i = end
            // A zone: numeric, `Z`, or a name RFC 2822 knows.
            var z = ByteText.skipSpaces(f, i)
            if let (o, zoneEnd, zoneStyle) = ISOTime.numericOffset(f, z) {
                offset = o; i = zoneEnd; shape.zone = zoneStyle; shape.spaceBeforeZone = z > i
            } else if z < f.count, let (o, length) = MonthNames.zoneName(f, z),
                      z + length == f.count || !ByteText.isLetter(f[z + length]) {
                offset = o; i = z + length; shape.zone = .abbreviation
            }
            if style.contains(.yearLast) {
                z = ByteText.skipSpaces(f, i)
                guard z > i, let (y, ly) = ByteText.number(f, z, max: 4), ly == 4 else { return nil }
                year = y
                i = z + 4
                // git's own dates put the offset after the year: `Tue Sep 1 09:30:00 2026 +0100`.
                z = ByteText.skipSpaces(f, i)
                if offset == nil, z > i, let (o, zoneEnd, zoneStyle) = ISOTime.numericOffset(f, z) {
                    offset = o; i = zoneEnd; shape.zone = zoneStyle; shape.spaceBeforeZone = true
                }
            }
        }
        guard year >= 0, let dayNumber = ByteText.dayNumber(year: year, month: month, day: day) else { return nil }
        return (ParsedTime(wallSeconds: Int64(dayNumber) * 86_400 + wall, offset: offset), i - start)
    }

    static func skipSeparators(_ f: Field, _ i: Int) -> Int {
        var k = i
        while k < f.count, f[k] == ByteText.space || f[k] == UInt8(ascii: "-") { k += 1 }
        return k
    }

    /// `H:MM[:SS[.fff]][ AM|PM]`: seconds into the day and the end.
    static func clock(_ f: Field, _ i: Int, shape: inout TimeShape, style: inout Style) -> (Int64, Int)? {
        guard let (h, lh) = ByteText.number(f, i, max: 2), i + lh + 3 <= f.count, f[i + lh] == UInt8(ascii: ":") else { return nil }
        let m = ByteText.digits(f, i + lh + 1, 2)
        guard m >= 0, m < 60 else { return nil }
        var k = i + lh + 3
        var seconds = m * 60
        shape.hasTime = true
        if k + 3 <= f.count, f[k] == UInt8(ascii: ":") {
            let s = ByteText.digits(f, k + 1, 2)
            guard s >= 0, s <= 60 else { return nil }
            seconds += s
            k += 3
            shape.hasSeconds = true
            if k + 1 < f.count, f[k] == UInt8(ascii: "."), ByteText.isDigit(f[k + 1]) {
                var e = k + 1
                while e < f.count, ByteText.isDigit(f[e]) { e += 1 }
                shape.fractionDigits = e - k - 1
                k = e
            }
        }
        var hour = h
        if let (afternoon, end) = meridiem(f, k) {
            guard (1...12).contains(h) else { return nil }
            hour = h % 12 + (afternoon ? 12 : 0)
            k = end
            style.insert(.meridiem)
        } else if h > 23 {
            return nil
        }
        return (Int64(hour * 3600 + seconds), k)
    }

    /// `AM`, `pm`, `a.m.` after any spaces at `i`: (after noon, the index after it).
    @inline(__always)
    static func meridiem(_ f: Field, _ i: Int) -> (Bool, Int)? {
        let p = ByteText.skipSpaces(f, i)
        let end: Int
        if ByteText.matches(f, p, "AM") || ByteText.matches(f, p, "PM") {
            end = p + 2
        } else if ByteText.matches(f, p, "A.M.") || ByteText.matches(f, p, "P.M.") {
            end = p + 4
        } else {
            return nil
        }
        // A word that goes on (`AMERICA`) is not a meridiem.
        guard end == f.count || !ByteText.isLetter(f[end]) else { return nil }
        return (ByteText.lower(f[p]) == UInt8(ascii: "p"), end)
    }

    static func describe(_ style: Style, shape: TimeShape) -> String {
        if style.contains(.yearLast) { return "Ddd Mon D HH:MM:SS YYYY (date/ctime)" }
        if style.contains(.weekday), style.contains(.dayFirst), shape.hasTime, shape.zone != .none {
            return "RFC 2822 (Ddd, DD Mon YYYY HH:MM:SS ±hhmm)"
        }
        let mon = style.contains(.fullMonth) ? "Month" : "Mon"
        var s = style.contains(.weekday) ? "Ddd " : ""
        s += style.contains(.dayFirst) ? "D \(mon) YYYY" : "\(mon) D\(style.contains(.comma) ? "," : "") YYYY"
        if shape.hasTime {
            s += " H:MM" + (shape.hasSeconds ? ":SS" : "") + (style.contains(.meridiem) ? " AM/PM" : "")
            s += shape.zoneSuffix
        }
        return s
    }
}
