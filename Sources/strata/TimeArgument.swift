import StrataData

/// `--now` and `--at` values: a period id or local date(-time) in the
/// calendar's zone, or any ISO date-time the readers accept (`Z`, offsets, fractions).
enum TimeArgument {
    static func instant(_ text: String, calendar: CalendarSystem) -> Int64? {
        calendar.instant(forLooseReference: text) ?? calendar.instant(isoText: text)
    }
}
