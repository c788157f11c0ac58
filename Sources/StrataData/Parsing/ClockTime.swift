/// A time of day in a column of its own, beside a column of dates:
/// `14:05`, `14:05:30`, `2:05 PM`, `24:00` (the next day's start), or
/// an `HHMM` number, with or without its leading zero (`656` is 06:56).
enum ClockTime {
    /// How a column writes the time of day: clocks (`14:05`, `656`), or
    /// whole hours numbered from `first`, 0 to 23, or 1 to 24 as power grids
    /// write the hour ending then (hour 1 is 00:00 to 01:00).
    enum Form: Sendable, Equatable {
        case clock
        case hour(first: Int)
    }

    /// The hour numbering of a column of whole hours that is more than one
    /// hour: 1 to 24 when it holds 24, or holds no 0 and its name says it
    /// ends the hour (`HourEnding`, `HE`); else 0 to 23. Nil for other numbers.
    static func hourForm(_ values: [Field], endingByName: Bool) -> Form? {
        var hours = Set<Int>()
        for v in values {
            guard (1...2).contains(v.count), v.allSatisfy(ByteText.isDigit) else { return nil }
            hours.insert(ByteText.digits(v, 0, v.count))
        }
        guard hours.count > 1, let low = hours.min(), let high = hours.max(), high <= 24, !(low == 0 && high == 24) else { return nil }
        return .hour(first: high == 24 || (low > 0 && endingByName) ? 1 : 0)
    }

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
    /// an `HHMM` number becomes `HH:MM`, a one-digit hour gets its zero, an
    /// hour of `form` its start (`HH:00`); one out of its range is left as
    /// it is, for the parser to refuse.
    @inline(__always)
    static func join(date: Field, clock: Field, form: Form, into buffer: inout ByteBuffer) {
        buffer.removeAll()
        buffer.append(ByteText.trimmed(date))
        buffer.append(ByteText.space)
        let c = ByteText.trimmed(clock)
        if case .hour(let first) = form {
            guard (1...2).contains(c.count), c.allSatisfy(ByteText.isDigit), (first..<first + 24).contains(ByteText.digits(c, 0, c.count)) else {
                buffer.append(c)
                return
            }
            appendTwoDigits(ByteText.digits(c, 0, c.count) - first, &buffer)
            buffer.append(UInt8(ascii: ":"))
            appendTwoDigits(0, &buffer)
            return
        }
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
