/// A time as a parser reads it: wall-clock seconds since 1970-01-01T00:00
/// and, when the text carries one, its UTC offset. Without an offset the
/// time is naive and belongs to the calendar's zone.
struct ParsedTime: Equatable {
    var wallSeconds: Int64
    /// Seconds east of UTC, or nil for a naive time.
    var offset: Int32?

    /// The UTC instant, when the offset is known.
    var utc: Int64? { offset.map { wallSeconds - Int64($0) } }
}

/// How a sample value was written, to describe the detected format in
/// one line (`YYYY-MM-DDTHH:MM:SS±hh:mm`). Filled by the parsers as they go.
struct TimeShape: Equatable {
    /// No payloads: the shape is filled on the hot path and must copy for free.
    enum Zone: Equatable { case none, z, colon, compact, hours, utcName, gmtName, abbreviation }
    var hasTime = false
    var hasSeconds = false
    var fractionDigits = 0
    var separator: UInt8 = UInt8(ascii: "T")
    var zone: Zone = .none
    var spaceBeforeZone = false
    /// `3:05 PM`: a 12-hour clock.
    var twelveHour = false

    /// `HH:MM:SS.fff` and the zone suffix, as the shape says.
    var timeSuffix: String {
        guard hasTime else { return "" }
        var s = "HH:MM"
        if hasSeconds { s += ":SS" }
        if fractionDigits > 0 { s += "." + String(repeating: "f", count: fractionDigits) }
        if twelveHour { s += " AM/PM" }
        return s + zoneSuffix
    }

    var zoneSuffix: String {
        let space = spaceBeforeZone ? " " : ""
        switch zone {
        case .none: return ""
        case .z: return space + "Z"
        case .colon: return space + "±hh:mm"
        case .compact: return space + "±hhmm"
        case .hours: return space + "±hh"
        case .utcName: return " UTC"
        case .gmtName: return " GMT"
        case .abbreviation: return " ZONE"
        }
    }
}
