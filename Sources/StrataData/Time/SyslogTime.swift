/// The BSD syslog time `Oct 10 13:55:36` (also `Oct  1 …`), which has no
/// year and no zone: it is read in the calendar's zone, in the year that
/// `SyslogYears` gives (by default the latest that does not put it more
/// than a day after "now", so a log that spans New Year reads December as
/// last year's).
enum SyslogTime {
    /// Parses at `start`: wall seconds of the time in year 1970 (to be
    /// shifted into the right year by `resolve`), month, and the end.
    static func parsePrefix(_ f: Field, from start: Int = 0) -> (month: Int, day: Int, seconds: Int64, length: Int)? {
        var i = start
        guard let m = MonthNames.month(f, i), !m.full, i + 3 < f.count, f[i + 3] == ByteText.space else { return nil }
        i += 4
        if i < f.count, f[i] == ByteText.space { i += 1 }
        guard let (day, ld) = ByteText.number(f, i, max: 2), day >= 1, day <= 31,
              i + ld < f.count, f[i + ld] == ByteText.space else { return nil }
        i += ld + 1
        var shape = TimeShape()
        guard let (seconds, end) = ISOTime.clock(f, i, shape: &shape), shape.hasSeconds else { return nil }
        // Not a syslog time when a year follows (that is ctime-like text).
        return (m.month, day, seconds, end - start)
    }

    /// Which year a time takes: the latest from `year` down whose wall time
    /// is not after `bound`, or (`forward`) the earliest from `year` up that
    /// is not before it.
    struct YearRule: Sendable, Equatable {
        let year: Int
        let bound: Int64
        let forward: Bool
    }

    /// The wall time in the year `rule` gives.
    static func resolve(month: Int, day: Int, seconds: Int64, rule: YearRule) -> Int64? {
        let step = rule.forward ? 1 : -1
        for year in [rule.year, rule.year + step] {
            guard let n = ByteText.dayNumber(year: year, month: month, day: day) else { continue }  // 29 Feb
            let wall = Int64(n) * 86_400 + seconds
            if rule.forward ? wall >= rule.bound : wall <= rule.bound { return wall }
        }
        // 29 February in a year without one: the nearest leap year on the rule's side.
        for year in stride(from: rule.year + step, through: rule.year + 8 * step, by: step) {
            if let n = ByteText.dayNumber(year: year, month: month, day: day) { return Int64(n) * 86_400 + seconds }
        }
        return nil
    }
}
