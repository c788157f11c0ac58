import StrataData

/// `--now` and `--at` values: a period id or local date(-time) in the
/// calendar's zone, or an ISO date-time with `Z` or an offset.
enum TimeArgument {
    static func instant(_ text: String, calendar: CalendarSystem) -> Int64? {
        if let t = calendar.instant(forReference: text) { return t }
        // An explicit offset: `…Z`, `…+02:00`, `…-0500`.
        var body = Substring(text)
        var offset = 0
        if body.hasSuffix("Z") || body.hasSuffix("z") {
            body = body.dropLast()
        } else if body.count > 16 {
            let tail = body.suffix(6)
            let compact = body.suffix(5)
            if let sign = tail.first, sign == "+" || sign == "-", tail.dropFirst(3).first == ":",
               let h = Int(tail.dropFirst().prefix(2)), let m = Int(tail.suffix(2)) {
                offset = (h * 3600 + m * 60) * (sign == "-" ? -1 : 1)
                body = body.dropLast(6)
            } else if let sign = compact.first, sign == "+" || sign == "-", let hm = Int(compact.dropFirst()) {
                offset = (hm / 100 * 3600 + hm % 100 * 60) * (sign == "-" ? -1 : 1)
                body = body.dropLast(5)
            } else {
                return nil
            }
        } else {
            return nil
        }
        guard let local = CalendarSystem(zone: .utc).instant(forReference: String(body)) else { return nil }
        return local - Int64(offset)
    }
}
