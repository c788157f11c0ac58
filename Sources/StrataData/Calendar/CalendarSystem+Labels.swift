/// Period ids (stable, for `--export`, `--at` and the header) and
/// human labels (for the screen).
extension CalendarSystem {
    public static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    public static let longMonthNames = ["January", "February", "March", "April", "May", "June", "July",
                                 "August", "September", "October", "November", "December"]
    public static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// `2013-03-10T03:00-04:00`, `2013-03-10`, `2013-W10` (or `W2013-03-10`
    /// when weeks do not start on Monday), `2013-03`, `2013-Q1`, `2013`,
    /// `2010s` (a decade), `2000s` (a century: its level tells it from its first decade).
    public func periodID(_ level: Level, ordinal: Int) -> String {
        switch level {
        case .hour:
            return hourStart(ordinal).minuteString
        case .day:
            return CivilDate(dayNumber: ordinal).isoString
        case .week:
            let first = firstDate(of: .week, ordinal: ordinal)
            if weekStart != .monday { return "W" + first.isoString }
            let iso = first.isoWeek
            return "\(Digits.pad(iso.year, 4))-W\(Digits.pad(iso.week, 2))"
        case .month:
            return "\(Digits.pad(floorDiv(ordinal, 12), 4))-\(Digits.pad(floorMod(ordinal, 12) + 1, 2))"
        case .quarter:
            return "\(Digits.pad(floorDiv(ordinal, 4), 4))-Q\(floorMod(ordinal, 4) + 1)"
        case .year:
            return Digits.pad(ordinal, 4)
        case .decade:
            return Digits.pad(ordinal * 10, 4) + "s"
        case .century:
            return Digits.pad(ordinal * 100, 4) + "s"
        }
    }

    /// The page title: `Mon 5 Mar 2012`, `Week 10 · 5–11 Mar 2012`, `March 2012`, `Q1 2012`,
    /// `1990–1999` (a decade), `1900–1999` (a century).
    public func title(_ level: Level, ordinal: Int) -> String {
        switch level {
        case .hour:
            let t = hourStart(ordinal)
            return "\(dayTitle(t.date)) \(t.clock)"
        case .day:
            return dayTitle(CivilDate(dayNumber: ordinal))
        case .week:
            let first = firstDate(of: .week, ordinal: ordinal)
            let last = first.adding(days: 6)
            return dayRange(first, last)
        case .month:
            let d = firstDate(of: .month, ordinal: ordinal)
            return "\(Self.longMonthNames[d.month - 1]) \(d.year)"
        case .quarter:
            let d = firstDate(of: .quarter, ordinal: ordinal)
            let last = Self.monthNames[d.month + 1]
            return "Q\((d.month - 1) / 3 + 1) \(d.year) · \(Self.monthNames[d.month - 1])–\(last)"
        case .year:
            return Digits.pad(ordinal, 4)
        case .decade:
            return yearRange(ordinal * 10, years: 10)
        case .century:
            return yearRange(ordinal * 100, years: 100)
        }
    }

    /// `1990–1999`: the years from `first` on.
    private func yearRange(_ first: Int, years: Int) -> String {
        "\(Digits.pad(first, 4))–\(Digits.pad(first + years - 1, 4))"
    }

    /// The local time at which hour `ordinal` begins.
    private func hourStart(_ ordinal: Int) -> LocalTime {
        localTime(at: start(of: .hour, ordinal: ordinal))
    }

    func dayTitle(_ d: CivilDate) -> String {
        "\(Self.weekdayNames[d.isoWeekday - 1]) \(d.day) \(Self.monthNames[d.month - 1]) \(d.year)"
    }

    func dayRange(_ a: CivilDate, _ b: CivilDate) -> String {
        if a.year != b.year {
            return "\(a.day) \(Self.monthNames[a.month - 1]) \(a.year) – \(b.day) \(Self.monthNames[b.month - 1]) \(b.year)"
        }
        if a.month != b.month {
            return "\(a.day) \(Self.monthNames[a.month - 1]) – \(b.day) \(Self.monthNames[b.month - 1]) \(b.year)"
        }
        return "\(a.day)–\(b.day) \(Self.monthNames[a.month - 1]) \(a.year)"
    }

    /// A label for sub-bucket `index` of a period starting at `start`:
    /// `14:00`, `:05`, `Mon`, `5`, `W10`, `Mar`, `1994`, `1950s`.
    public func subBucketLabel(subUnit: TimeUnit, start: Int64) -> String {
        let t = localTime(at: start)
        switch subUnit {
        case .minute: return ":" + Digits.pad(t.minute, 2)
        case .hour: return Digits.pad(t.hour, 2)
        case .day, .week: return "\(t.date.day)"
        case .month, .quarter: return Self.monthNames[t.date.month - 1]
        case .year: return Digits.pad(t.date.year, 4)
        case .decade, .century: return Digits.pad(t.date.year, 4) + "s"  // they start in the year ending in 0 or 00
        }
    }

    /// Resolves what a user types for `--at` or `:`: a period id of any level
    /// (`2013-W10`, `2013-Q1`, `2013-03`, `2013`, `2010s`), a date (`2013-03-10`), or
    /// a local date-time (`2013-03-10T14:30`, `2013-03-10 14:30`). Returns the
    /// UTC instant of its start, or nil when it is none of these.
    public func instant(forReference text: String) -> Int64? {
        let s = text.trimmingCharacters(in: " ")
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        func int(_ x: Substring) -> Int? { x.allSatisfy(\.isNumber) && !x.isEmpty ? Int(x) : nil }
        if s.hasPrefix("W"), let date = CivilDate(isoText: String(s.dropFirst())) {
            return start(of: .day, ordinal: date.dayNumber)
        }
        if parts.count == 1, let year = int(parts[0]), parts[0].count == 4 {
            return start(of: .year, ordinal: year)
        }
        // A decade's or a century's id (`1990s`, `1900s`): both start in their first year.
        if s.count == 5, s.last == "s" || s.last == "S", let year = int(s.dropLast()), year % 10 == 0 {
            return start(of: .decade, ordinal: year / 10)
        }
        if parts.count == 2, let year = int(parts[0]) {
            let second = parts[1]
            if second.hasPrefix("W"), let week = int(second.dropFirst()), (1...53).contains(week) {
                // ISO week 1 contains 4 January.
                let jan4 = CivilDate(year: year, month: 1, day: 4).dayNumber
                let monday = jan4 - (CivilDate.isoWeekday(dayNumber: jan4) - 1)
                return start(of: .day, ordinal: monday + (week - 1) * 7)
            }
            if second.hasPrefix("Q"), let q = int(second.dropFirst()), (1...4).contains(q) {
                return start(of: .quarter, ordinal: year * 4 + q - 1)
            }
            if let month = int(second), (1...12).contains(month) {
                return start(of: .month, ordinal: year * 12 + month - 1)
            }
            return nil
        }
        // A date, optionally followed by a time.
        let dateText = String(s.prefix(10))
        guard let date = CivilDate(isoText: dateText) else { return nil }
        // A date alone is its day's period; a time in it is its first occurrence.
        let rest = s.dropFirst(10)
        if rest.isEmpty { return start(of: .day, ordinal: date.dayNumber) }
        guard rest.first == "T" || rest.first == " " else { return nil }
        let fields = rest.dropFirst().split(separator: ":")
        guard (1...3).contains(fields.count), let h = int(fields[0]), h < 24 else { return nil }
        let m = fields.count > 1 ? int(fields[1]) : 0
        let sec = fields.count > 2 ? int(fields[2]) : 0
        guard let m, let sec, m < 60, sec < 61 else { return nil }
        return zone.utc(fromLocal: Int64(date.dayNumber) * 86_400 + Int64(h * 3600 + m * 60 + sec))
    }
}

extension CivilDate {
    /// Parses exactly `YYYY-MM-DD`.
    public init?(isoText s: String) {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
        guard isValid else { return nil }
    }
}
