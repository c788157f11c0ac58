/// ISO-8601 dates and date-times: `2013-03-05`, `2013-03-05T14:00`,
/// `2013-03-05 14:00:00.123`, with `Z`, `±hh:mm`, `±hhmm`, `±hh`, and the
/// common variants a space before the offset (`git log %ci`) or ` UTC`.
enum ISOTime {
    /// Parses at the start of `f`; returns the time and the bytes consumed.
    @inline(__always)
    static func parsePrefix(_ f: Field, from start: Int = 0, shape: inout TimeShape) -> (ParsedTime, Int)? {
        let year = ByteText.digits(f, start, 4)
        guard year >= 0, start + 10 <= f.count, f[start + 4] == UInt8(ascii: "-"), f[start + 7] == UInt8(ascii: "-") else { return nil }
        let month = ByteText.digits(f, start + 5, 2), day = ByteText.digits(f, start + 8, 2)
        guard month >= 0, day >= 0, let dayNumber = ByteText.dayNumber(year: year, month: month, day: day) else { return nil }
        var time = ParsedTime(wallSeconds: Int64(dayNumber) * 86_400, offset: nil)
        var i = start + 10
        guard let (seconds, end) = timeOfDay(f, i, shape: &shape) else { return (time, i - start) }
        time.wallSeconds += seconds
        i = end
        if let (offset, zoneEnd) = zone(f, i, shape: &shape) {
            time.offset = offset
            i = zoneEnd
        }
        return (time, i - start)
    }

    /// `THH:MM[:SS[.fff]]` or ` HH:MM...` at `i`: seconds into the day and the end.
    @inline(__always)
    static func timeOfDay(_ f: Field, _ i: Int, shape: inout TimeShape) -> (Int64, Int)? {
        guard i + 6 <= f.count else { return nil }
        let sep = f[i]
        guard sep == UInt8(ascii: "T") || sep == ByteText.space || sep == UInt8(ascii: "t") else { return nil }
        guard let (seconds, end) = clock(f, i + 1, shape: &shape) else { return nil }
        shape.separator = sep
        return (seconds, end)
    }

    /// `HH:MM[:SS[.fff]]` at `i` (also used by other formats).
    @inline(__always)
    static func clock(_ f: Field, _ i: Int, shape: inout TimeShape) -> (Int64, Int)? {
        let h = ByteText.digits(f, i, 2)
        guard h >= 0, i + 5 <= f.count, f[i + 2] == UInt8(ascii: ":") else { return nil }
        let m = ByteText.digits(f, i + 3, 2)
        guard m >= 0, m < 60, h < 24 || (h == 24 && m == 0) else { return nil }
        var seconds = Int64(h * 3600 + m * 60)
        var k = i + 5
        shape.hasTime = true
        if k + 3 <= f.count, f[k] == UInt8(ascii: ":") {
            let s = ByteText.digits(f, k + 1, 2)
            if s >= 0 && s <= 60 && !(h == 24 && s > 0) {
                seconds += Int64(s)
                k += 3
                shape.hasSeconds = true
                // A fraction, dropped: buckets are at least a minute wide.
                if k + 1 < f.count, f[k] == UInt8(ascii: ".") || f[k] == UInt8(ascii: ","), ByteText.isDigit(f[k + 1]) {
                    var e = k + 1
                    while e < f.count, ByteText.isDigit(f[e]) { e += 1 }
                    shape.fractionDigits = e - k - 1
                    k = e
                }
            }
        }
        return (seconds, k)
    }

    /// `Z`, `±hh:mm`, `±hhmm`, `±hh`, optionally after one space, or ` UTC`/` GMT`.
    @inline(__always)
    static func zone(_ f: Field, _ i: Int, shape: inout TimeShape) -> (Int32, Int)? {
        guard i < f.count else { return nil }
        var k = i
        var spaced = false
        if f[k] == ByteText.space, k + 1 < f.count {
            k += 1
            spaced = true
            if ByteText.matches(f, k, "UTC") || ByteText.matches(f, k, "GMT") {
                guard k + 3 == f.count || !ByteText.isLetter(f[k + 3]) else { return nil }
                shape.zone = ByteText.matches(f, k, "UTC") ? .utcName : .gmtName
                return (0, k + 3)
            }
        }
        let c = f[k]
        if c == UInt8(ascii: "Z") || c == UInt8(ascii: "z") {
            shape.zone = .z
            shape.spaceBeforeZone = spaced
            return (0, k + 1)
        }
        guard let (offset, end, style) = numericOffset(f, k) else { return nil }
        shape.zone = style
        shape.spaceBeforeZone = spaced
        return (offset, end)
    }

    /// `±hh:mm`, `±hhmm` or `±hh` at `k`.
    @inline(__always)
    static func numericOffset(_ f: Field, _ k: Int) -> (Int32, Int, TimeShape.Zone)? {
        guard k < f.count else { return nil }
        let c = f[k]
        guard c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else { return nil }
        let sign: Int32 = c == UInt8(ascii: "-") ? -1 : 1
        let hh = ByteText.digits(f, k + 1, 2)
        guard hh >= 0, hh <= 18 else { return nil }
        var minutes = 0, end = k + 3, style = TimeShape.Zone.hours
        if end + 3 <= f.count, f[end] == UInt8(ascii: ":") {
            let mm = ByteText.digits(f, end + 1, 2)
            guard mm >= 0, mm < 60 else { return nil }
            minutes = mm; end += 3; style = .colon
        } else if end + 2 <= f.count, ByteText.isDigit(f[end]) {
            let mm = ByteText.digits(f, end, 2)
            guard mm >= 0, mm < 60 else { return nil }
            minutes = mm; end += 2; style = .compact
        }
        // `-07` followed by more digits is not an offset (e.g. a date).
        if end < f.count, ByteText.isDigit(f[end]) { return nil }
        return (sign * Int32(hh * 3600 + minutes * 60), end, style)
    }

    static func describe(_ shape: TimeShape) -> String {
        guard shape.hasTime else { return "YYYY-MM-DD" }
        let sep = shape.separator == ByteText.space ? " " : "T"
        return "YYYY-MM-DD" + sep + shape.timeSuffix
    }
}
