/// A month written alone, year first: `1854-04`, `2020/12` (ISO 8601's
/// reduced precision, as monthly tables write their periods). It reads as
/// the month's first day, naive, in the calendar's zone.
enum MonthDate {
    /// The month's first day at `i`, and the length read.
    static func parsePrefix(_ f: Field, from i: Int = 0) -> (ParsedTime, Int)? {
        guard i + 7 <= f.count, f[i + 4] == UInt8(ascii: "-") || f[i + 4] == UInt8(ascii: "/") else { return nil }
        let year = ByteText.digits(f, i, 4), month = ByteText.digits(f, i + 5, 2)
        // Digits or a separator right after would make it a date (`1854-04-01`) or something else.
        guard year >= 0, month >= 0, i + 7 == f.count || !(ByteText.isDigit(f[i + 7]) || f[i + 7] == f[i + 4]),
              let day = ByteText.dayNumber(year: year, month: month, day: 1) else { return nil }
        return (ParsedTime(wallSeconds: Int64(day) * 86_400, offset: nil), 7)
    }

    /// `YYYY-MM` or `YYYY/MM`, as the sample wrote it.
    static func describe(_ f: Field) -> String {
        f.count > 4 && f[4] == UInt8(ascii: "/") ? "YYYY/MM" : "YYYY-MM"
    }
}
