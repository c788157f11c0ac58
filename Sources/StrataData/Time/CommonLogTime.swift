/// The Common Log Format time of nginx and Apache access logs:
/// `10/Oct/2000:13:55:36 -0700`, with or without the surrounding brackets.
enum CommonLogTime {
    static func parsePrefix(_ f: Field, from start: Int = 0) -> (ParsedTime, Int)? {
        var i = start
        let bracket = i < f.count && f[i] == UInt8(ascii: "[")
        if bracket { i += 1 }
        guard let (day, ld) = ByteText.number(f, i, max: 2), i + ld < f.count, f[i + ld] == UInt8(ascii: "/") else { return nil }
        i += ld + 1
        guard let m = MonthNames.month(f, i), !m.full, i + 3 < f.count, f[i + 3] == UInt8(ascii: "/") else { return nil }
        i += 4
        let year = ByteText.digits(f, i, 4)
        guard year >= 0, i + 4 < f.count, f[i + 4] == UInt8(ascii: ":") else { return nil }
        i += 5
        var shape = TimeShape()
        guard let (seconds, end) = ISOTime.clock(f, i, shape: &shape), shape.hasSeconds,
              let dayNumber = ByteText.dayNumber(year: year, month: m.month, day: day) else { return nil }
        i = end
        var time = ParsedTime(wallSeconds: Int64(dayNumber) * 86_400 + seconds, offset: nil)
        if i + 1 < f.count, f[i] == ByteText.space, let (offset, zoneEnd, _) = ISOTime.numericOffset(f, i + 1) {
            time.offset = offset
            i = zoneEnd
        }
        if bracket {
            guard i < f.count, f[i] == UInt8(ascii: "]") else { return nil }
            i += 1
        }
        return (time, i - start)
    }
}
