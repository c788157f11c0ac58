/// A `--time-format` pattern, compiled once into tokens and matched
/// against each field. Fields: `%Y %y %m %d %e %j %H %I %M %S %f %p %z
/// %b %B %a %A %s %T %F %%`; a space matches any run of spaces.
struct StrftimePattern: Sendable, Equatable {
    enum Token: Equatable, Sendable {
        case literal(UInt8), spaces
        case year, year2, month, day, dayOfYear, hour, hour12, minute, second, fraction, meridiem
        case zone, monthName, weekdayName, epoch
    }

    struct Invalid: Error, Equatable {
        let message: String
    }

    let text: String
    let tokens: [Token]
    let hasZone: Bool
    /// The latest year a `%y` year may be: one after it is taken in the
    /// century before (`63` is 1963, not 2063, when read in 2026). POSIX's
    /// pivot (1969–2068) until the loader sets it to the current year.
    var latestTwoDigitYear = 2068
    var hasTwoDigitYear: Bool { tokens.contains(.year2) }

    init(_ text: String) throws(Invalid) {
        self.text = text
        var tokens: [Token] = []
        var bytes = Array(text.utf8)[...]
        while let b = bytes.popFirst() {
            if b == UInt8(ascii: " ") {
                if tokens.last != .spaces { tokens.append(.spaces) }
                continue
            }
            guard b == UInt8(ascii: "%") else { tokens.append(.literal(b)); continue }
            guard let c = bytes.popFirst() else { throw Invalid(message: "ends with a lone %") }
            switch UnicodeScalar(c) {
            case "Y": tokens.append(.year)
            case "y": tokens.append(.year2)
            case "m": tokens.append(.month)
            case "d", "e": tokens.append(.day)
            case "j": tokens.append(.dayOfYear)
            case "H", "k": tokens.append(.hour)
            case "I", "l": tokens.append(.hour12)
            case "M": tokens.append(.minute)
            case "S": tokens.append(.second)
            case "f": tokens.append(.fraction)
            case "p", "P": tokens.append(.meridiem)
            case "z", "Z": tokens.append(.zone)
            case "b", "B", "h": tokens.append(.monthName)
            case "a", "A": tokens.append(.weekdayName)
            case "s": tokens.append(.epoch)
            case "T": tokens += [.hour, .literal(UInt8(ascii: ":")), .minute, .literal(UInt8(ascii: ":")), .second]
            case "F": tokens += [.year, .literal(UInt8(ascii: "-")), .month, .literal(UInt8(ascii: "-")), .day]
            case "%": tokens.append(.literal(c))
            default: throw Invalid(message: "unknown field %\(UnicodeScalar(c))")
            }
        }
        let has = Set(tokens.map { "\($0)" })
        let hasYear = has.contains("year") || has.contains("year2")
        let hasDay = (has.contains("month") || has.contains("monthName")) && has.contains("day") || has.contains("dayOfYear")
        guard has.contains("epoch") || (hasYear && hasDay) else {
            throw Invalid(message: "needs a date: %Y (or %y) with %m/%b and %d, or %j, or %s")
        }
        guard !has.contains("hour12") || has.contains("meridiem") else { throw Invalid(message: "%I needs %p") }
        self.tokens = tokens
        self.hasZone = has.contains("zone") || has.contains("epoch")
    }

    /// Matches the whole field.
    func parse(_ f: Field) -> ParsedTime? {
        guard let (t, n) = parsePrefix(f, from: 0), n == f.count else { return nil }
        return t
    }

    /// Matches at `start` (for finding a time inside a log line): the time and its length.
    func parsePrefix(_ f: Field, from start: Int) -> (ParsedTime, Int)? {
        var i = start
        var year = 1970, month = 1, day = 1, yday = -1, hour = 0, minute = 0, second = 0
        var pm: Bool?
        var offset: Int32?
        var epoch: Int64?
        for token in tokens {
            switch token {
            case .literal(let b):
                guard i < f.count, f[i] == b else { return nil }
                i += 1
            case .spaces:
                let j = ByteText.skipSpaces(f, i)
                guard j > i || i == f.count || i == start else { return nil }
                i = j
            case .year:
                guard let (v, n) = ByteText.number(f, i, max: 4), n == 4 else { return nil }
                year = v; i += n
            case .year2:
                let v = ByteText.digits(f, i, 2)
                guard v >= 0 else { return nil }
                year = 2000 + v > latestTwoDigitYear ? 1900 + v : 2000 + v; i += 2
            case .month, .day, .hour, .hour12:
                if token == .day, i < f.count, f[i] == ByteText.space { i += 1 }   // %e pads with a space
                guard let (v, n) = ByteText.number(f, i, max: 2) else { return nil }
                switch token {
                case .month: month = v
                case .day: day = v
                default: hour = v
                }
                i += n
            case .minute, .second:
                guard let (v, n) = ByteText.number(f, i, max: 2), v < (token == .minute ? 60 : 61) else { return nil }
                if token == .minute { minute = v } else { second = v }
                i += n
            case .dayOfYear:
                guard let (v, n) = ByteText.number(f, i, max: 3), v >= 1, v <= 366 else { return nil }
                yday = v; i += n
            case .fraction:
                guard let (_, n) = ByteText.number(f, i, max: 12) else { return nil }
                i += n
            case .meridiem:
                // As the detector reads them: `AM`, `pm`, `a.m.`.
                guard let (afternoon, end) = TextualDate.meridiem(f, i) else { return nil }
                pm = afternoon; i = end
            case .zone:
                if i < f.count, f[i] == UInt8(ascii: "Z") || f[i] == UInt8(ascii: "z") {
                    offset = 0; i += 1
                } else if let (o, end, _) = ISOTime.numericOffset(f, i) {
                    offset = o; i = end
                } else if let (o, n) = MonthNames.zoneName(f, i) {
                    offset = o; i += n
                } else {
                    return nil
                }
            case .monthName:
                guard let m = MonthNames.month(f, i) else { return nil }
                month = m.month; i += m.length
            case .weekdayName:
                guard let n = MonthNames.weekday(f, i) else { return nil }
                i += n
            case .epoch:
                var j = i
                if j < f.count, f[j] == UInt8(ascii: "-") { j += 1 }
                while j < f.count, ByteText.isDigit(f[j]) { j += 1 }
                guard let s = EpochTime.parse(Field(rebasing: f[i..<j]), unit: .seconds) else { return nil }
                epoch = s; i = j
            }
        }
        if let epoch { return (ParsedTime(wallSeconds: epoch, offset: 0), i - start) }
        if let pm {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        guard hour < 24 else { return nil }
        var dayNumber: Int
        if yday > 0 {
            dayNumber = CivilDate(year: year, month: 1, day: 1).dayNumber + yday - 1
            guard yday <= (CivilDate.isLeapYear(year) ? 366 : 365) else { return nil }
        } else {
            guard let n = ByteText.dayNumber(year: year, month: month, day: day) else { return nil }
            dayNumber = n
        }
        return (ParsedTime(wallSeconds: Int64(dayNumber) * 86_400 + Int64(hour * 3600 + minute * 60 + second), offset: offset), i - start)
    }
}
