import Foundation
@testable import StrataData

/// The periods of "Levels and periods" worked out apart from strata's
/// arithmetic, with Foundation's `Calendar` in one zone: a row counts in
/// the period of its local date, except where the clock later goes back
/// across that date's start (the period starts at its first second's last
/// occurrence), so a row's date under the rule is the least local date of
/// it and of every instant after it.
struct PeriodRuleOracle {
    let zone: TimeZone
    private let gregorian: Calendar
    /// Weeks are counted on civil dates, in UTC: no clock change skips a day there.
    private let civil: Calendar
    private let iso: Calendar
    /// Foundation's offset changes from 1900 to 2037, for the rule's date at any instant.
    let changes: [Int64]

    init(zone: TimeZone) {
        self.zone = zone
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = zone
        self.gregorian = gregorian
        var civil = Calendar(identifier: .gregorian)
        civil.timeZone = TimeZone(identifier: "UTC")!
        self.civil = civil
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = civil.timeZone
        self.iso = iso
        var changes: [Int64] = []
        var cursor = Date(timeIntervalSince1970: -2_208_988_800)  // 1900-01-01
        let end = Date(timeIntervalSince1970: 2_145_916_800)       // 2038-01-01
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end {
            let t = Int64(next.timeIntervalSince1970.rounded(.down))
            if zone.secondsFromGMT(for: next) != zone.secondsFromGMT(for: next.addingTimeInterval(-1)) { changes.append(t) }
            cursor = next.addingTimeInterval(1)
        }
        self.changes = changes
    }

    /// A local date as `year * 10_000 + month * 100 + day`, which orders as the dates do.
    func localDate(_ t: Int64) -> Int {
        let c = gregorian.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(t)))
        return c.year! * 10_000 + c.month! * 100 + c.day!
    }

    /// The rule's date of each of `rows` (sorted, close enough together
    /// that every fold has a row in it): the least local date from it on.
    func ruleDates(_ rows: [Int64]) -> [Int] {
        Self.ruleDates(localDates: rows.map(localDate))
    }

    /// The rule's dates of sorted rows from their local dates, however worked out.
    static func ruleDates(localDates: [Int]) -> [Int] {
        var dates = localDates
        for i in dates.indices.dropLast().reversed() { dates[i] = min(dates[i], dates[i + 1]) }
        return dates
    }

    /// The rule's date of any instant: the local date there, or a lesser one
    /// that a clock going back within the next two days reaches.
    func ruleDate(at t: Int64) -> Int {
        var date = localDate(t)
        for change in changes where change > t && change <= t + 2 * 86_400 { date = min(date, localDate(change)) }
        return date
    }

    /// The id strata gives the period of `level` holding the date (`2013-03-10`, `2013-W10`, `W2013-03-10`, …).
    func id(ofDate date: Int, _ level: Level, weekStart: WeekStart) -> String {
        let (y, m, d) = (date / 10_000, date / 100 % 100, date % 100)
        switch level {
        case .day: return "\(Self.pad(y, 4))-\(Self.pad(m, 2))-\(Self.pad(d, 2))"
        case .week:
            let noon = civil.date(from: DateComponents(year: y, month: m, day: d, hour: 12))!
            if weekStart == .monday {
                let week = iso.dateComponents([.yearForWeekOfYear, .weekOfYear], from: noon)
                return "\(Self.pad(week.yearForWeekOfYear!, 4))-W\(Self.pad(week.weekOfYear!, 2))"
            }
            // Sunday is weekday 1, Saturday 7.
            let back = (civil.component(.weekday, from: noon) - (weekStart == .sunday ? 1 : 7) + 7) % 7
            let first = civil.dateComponents([.year, .month, .day], from: civil.date(byAdding: .day, value: -back, to: noon)!)
            return "W" + id(ofDate: first.year! * 10_000 + first.month! * 100 + first.day!, .day, weekStart: weekStart)
        case .month: return "\(Self.pad(y, 4))-\(Self.pad(m, 2))"
        case .quarter: return "\(Self.pad(y, 4))-Q\((m - 1) / 3 + 1)"
        case .year: return Self.pad(y, 4)
        case .decade: return Self.pad(y / 10 * 10, 4) + "s"
        case .century: return Self.pad(y / 100 * 100, 4) + "s"
        case .hour: preconditionFailure("an hour is not a date")
        }
    }

    /// How many rows each period of `level` holds, by id, from the rows' `ruleDates`.
    func counts(ofDates dates: [Int], _ level: Level, weekStart: WeekStart = .monday) -> [String: Int] {
        var ids: [Int: String] = [:], counts: [String: Int] = [:]
        for date in dates {
            let id = ids[date] ?? id(ofDate: date, level, weekStart: weekStart)
            ids[date] = id
            counts[id, default: 0] += 1
        }
        return counts
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - String(n).count)) + String(n)
    }
}
