/// A time of day in a column of its own, beside a column of dates:
/// `14:05`, `14:05:30`, `2:05 PM`, `24:00` (the next day's start), or
/// an `HHMM` number, with or without its leading zero (`656` is 06:56).
enum ClockTime {
    /// The field is a time of day written with a colon.
    static func isColonClock(_ f: Field) -> Bool {
        var shape = TimeShape(), style = TextualDate.Style()
        if let (_, end) = ISOTime.clock(f, 0, shape: &shape), end == f.count { return true }
        return TextualDate.clock(f, 0, shape: &shape, style: &style).map { $0.1 == f.count } ?? false
    }

    /// The `HHMM` number of a field (`656`, `0656`, `2400`), or nil.
    static func hhmm(_ f: Field) -> (hour: Int, minute: Int)? {
        guard (1...4).contains(f.count), f.allSatisfy(ByteText.isDigit) else { return nil }
        let v = ByteText.digits(f, 0, f.count)
        let (h, m) = (v / 100, v % 100)
        guard m < 60, h < 24 || (h == 24 && m == 0) else { return nil }
        return (h, m)
    }

    /// `date clock` into `buffer`, the clock as a date parser reads it:
    /// an `HHMM` number becomes `HH:MM`, a one-digit hour gets its zero.
    @inline(__always)
    static func join(date: Field, clock: Field, into buffer: inout ByteBuffer) {
        buffer.removeAll()
        buffer.append(ByteText.trimmed(date))
        buffer.append(ByteText.space)
        let c = ByteText.trimmed(clock)
        if let (h, m) = hhmm(c) {
            appendTwoDigits(h, &buffer)
            buffer.append(UInt8(ascii: ":"))
            appendTwoDigits(m, &buffer)
            return
        }
        if c.count >= 4, ByteText.isDigit(c[0]), c[1] == UInt8(ascii: ":") { buffer.append(ByteText.zero) }
        buffer.append(c)
    }

    private static func appendTwoDigits(_ v: Int, _ buffer: inout ByteBuffer) {
        buffer.append(ByteText.zero + UInt8(v / 10))
        buffer.append(ByteText.zero + UInt8(v % 10))
    }
}
