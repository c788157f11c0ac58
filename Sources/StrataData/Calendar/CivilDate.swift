/// A proleptic Gregorian date with day arithmetic (days since 1970-01-01),
/// after Howard Hinnant's civil-from-days algorithms: exact, branch-light,
/// and free of Foundation's Calendar, which is far too slow per input row.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int  // 1...12
    public var day: Int    // 1...31

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// 1 = Monday ... 7 = Sunday (ISO 8601).
    public var isoWeekday: Int { CivilDate.isoWeekday(dayNumber: dayNumber) }

    public static func isoWeekday(dayNumber: Int) -> Int {
        // 1970-01-01 was a Thursday (4).
        floorMod(dayNumber + 3, 7) + 1
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public var isValid: Bool {
        month >= 1 && month <= 12 && day >= 1 && day <= CivilDate.daysInMonth(year: year, month: month)
    }

    public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

    /// The first day of the month `months` after this date's month.
    public func firstOfMonth(adding months: Int) -> CivilDate {
        let index = year * 12 + (month - 1) + months
        return CivilDate(year: floorDiv(index, 12), month: floorMod(index, 12) + 1, day: 1)
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public var description: String { isoString }

    /// `2013-03-10`
    public var isoString: String {
        "\(Digits.pad(year, 4))-\(Digits.pad(month, 2))-\(Digits.pad(day, 2))"
    }

    /// ISO 8601 week-numbering year and week (1...53).
    public var isoWeek: (year: Int, week: Int) {
        let n = dayNumber
        let thursday = n - (isoWeekday - 1) + 3
        let weekYear = CivilDate(dayNumber: thursday).year
        let jan1 = CivilDate(year: weekYear, month: 1, day: 1).dayNumber
        return (weekYear, (thursday - jan1) / 7 + 1)
    }
}

@inlinable public func floorDiv(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q
}

@inlinable public func floorMod(_ a: Int, _ b: Int) -> Int {
    let r = a % b
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r
}

public enum Digits {
    /// Zero-padded decimal (`pad(7, 2)` is `07`); negative years keep their sign.
    public static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}
