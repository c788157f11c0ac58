/// Period arithmetic in one time zone with one week start. Every period of
/// every unit has an integer ordinal; ordinals and UTC instants convert both
/// ways. Days are civil days in the zone, so a DST day has 23 or 25 hours.
public struct CalendarSystem: Sendable {
    public let zone: ZoneRules
    public let weekStart: WeekStart

    public init(zone: ZoneRules, weekStart: WeekStart = .monday) {
        self.zone = zone
        self.weekStart = weekStart
    }

    // MARK: instant → ordinal

    public func ordinal(of unit: TimeUnit, at t: Int64) -> Int {
        let ordinal = zone.ordinal(of: unit, at: t)
        return unit <= .day ? ordinal : self.ordinal(of: unit, dayNumber: ordinal)
    }

    /// The same, with the offset and segment at `t` already known (the hot path of reading).
    @inline(__always)
    func ordinal(of unit: TimeUnit, at t: Int64, offset: Int64, segment: Int) -> Int {
        let ordinal = zone.ordinal(of: unit, at: t, offset: offset, segment: segment)
        return unit <= .day ? ordinal : self.ordinal(of: unit, dayNumber: ordinal)
    }

    /// Ordinal of the day-or-coarser period containing a civil day.
    public func ordinal(of unit: TimeUnit, dayNumber: Int) -> Int {
        switch unit {
        case .minute, .hour, .day: return dayNumber
        case .week: return floorDiv(dayNumber - weekStart.anchorDay, 7)
        case .month:
            let d = CivilDate(dayNumber: dayNumber)
            return d.year * 12 + d.month - 1
        case .quarter:
            let d = CivilDate(dayNumber: dayNumber)
            return d.year * 4 + (d.month - 1) / 3
        case .year:
            return CivilDate(dayNumber: dayNumber).year
        // Decades start in years ending in 0 and centuries in 00 (the 1990s, 1900–1999).
        case .decade:
            return floorDiv(CivilDate(dayNumber: dayNumber).year, 10)
        case .century:
            return floorDiv(CivilDate(dayNumber: dayNumber).year, 100)
        }
    }

    // MARK: ordinal → instant

    /// UTC instant at which period `ordinal` of `unit` starts.
    public func start(of unit: TimeUnit, ordinal: Int) -> Int64 {
        unit <= .day ? zone.start(of: unit, ordinal: ordinal) : zone.start(of: .day, ordinal: firstDay(of: unit, ordinal: ordinal))
    }

    public func end(of unit: TimeUnit, ordinal: Int) -> Int64 {
        start(of: unit, ordinal: ordinal + 1)
    }

    /// The civil day number on which a day-or-coarser period starts.
    public func firstDay(of unit: TimeUnit, ordinal: Int) -> Int {
        switch unit {
        case .minute, .hour, .day: return ordinal
        case .week: return ordinal * 7 + weekStart.anchorDay
        case .month:
            return CivilDate(year: floorDiv(ordinal, 12), month: floorMod(ordinal, 12) + 1, day: 1).dayNumber
        case .quarter:
            return CivilDate(year: floorDiv(ordinal, 4), month: floorMod(ordinal, 4) * 3 + 1, day: 1).dayNumber
        case .year:
            return CivilDate(year: ordinal, month: 1, day: 1).dayNumber
        case .decade:
            return CivilDate(year: ordinal * 10, month: 1, day: 1).dayNumber
        case .century:
            return CivilDate(year: ordinal * 100, month: 1, day: 1).dayNumber
        }
    }

    /// The civil date on which a day-or-coarser period starts.
    public func firstDate(of unit: TimeUnit, ordinal: Int) -> CivilDate {
        CivilDate(dayNumber: firstDay(of: unit, ordinal: ordinal))
    }

    /// Local wall-clock fields of an instant.
    public func localTime(at t: Int64) -> LocalTime {
        let offset = zone.offset(at: t)
        let local = t + Int64(offset)
        let day = Int(floorDiv64(local, 86_400))
        let secondOfDay = Int(local - Int64(day) * 86_400)
        return LocalTime(date: CivilDate(dayNumber: day), hour: secondOfDay / 3600,
                         minute: secondOfDay / 60 % 60, second: secondOfDay % 60, offset: offset)
    }

    // MARK: sub-buckets

    /// The boundaries of the sub-buckets of a period: `count + 1` instants,
    /// the first the period's start and the last its end, one sub-bucket
    /// for each sub-unit ordinal from the one at its start to the one
    /// before its end. Sub-buckets are clipped to the period (a quarter's
    /// first and last weeks may be short); one that a clock change skips
    /// (Apia's 30 Dec 2011) is empty.
    public func subBucketBoundaries(of unit: TimeUnit, ordinal: Int, subUnit: TimeUnit) -> [Int64] {
        let start = start(of: unit, ordinal: ordinal)
        let end = end(of: unit, ordinal: ordinal)
        guard end > start else { return [start] }
        // Hours and minutes are fixed lengths within one segment of the zone,
        // from a start on their grid (Kathmandu's 1 Jan 1986 starts 15 minutes off it).
        let step: Int64? = subUnit == .hour ? 3600 : subUnit == .minute ? 60 : nil
        if let step, zone.intervalIndex(at: start) == zone.intervalIndex(at: end - 1),
           floorMod64(start + Int64(zone.offset(at: start)), step) == 0 {
            return Array(stride(from: start, to: end, by: Int(step))) + [end]
        }
        let first = self.ordinal(of: subUnit, at: start), last = self.ordinal(of: subUnit, at: end - 1)
        var boundaries = [start]
        boundaries.reserveCapacity(last - first + 2)
        if first < last {
            for k in (first + 1)...last { boundaries.append(self.start(of: subUnit, ordinal: k)) }
        }
        boundaries.append(end)
        return boundaries
    }
}

public struct LocalTime: Hashable, Sendable {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Seconds east of UTC.
    public var offset: Int

    /// `+01:00`, `-04:00`, `+05:30`, `Z`-less: always numeric.
    public var offsetString: String { Self.offsetText(offset) }

    /// `08:05`: the wall clock's hour and minute.
    public var clock: String { "\(Digits.pad(hour, 2)):\(Digits.pad(minute, 2))" }

    /// `2013-03-10T03:00-04:00`: to the minute, with the offset.
    public var minuteString: String { "\(date.isoString)T\(clock)\(offsetString)" }

    /// `UTC-4`, `UTC+5:30`: the offset where a clock time repeats (a 25-hour
    /// day's second 01:00), short and not to be read as a range like `01:00-04:00`.
    public var utcOffset: String {
        let a = abs(offset)
        return "UTC\(offset < 0 ? "-" : "+")\(a / 3600)" + (a % 3600 == 0 ? "" : ":\(Digits.pad(a / 60 % 60, 2))")
    }

    /// `offsetString` of an offset in seconds east of UTC, with its seconds
    /// when it has some (Kolkata's `+05:21:10` in 1900), so it is exact.
    public static func offsetText(_ offset: Int) -> String {
        let sign = offset < 0 ? "-" : "+"
        let a = abs(offset)
        let text = "\(sign)\(Digits.pad(a / 3600, 2)):\(Digits.pad(a / 60 % 60, 2))"
        return a % 60 == 0 ? text : text + ":\(Digits.pad(a % 60, 2))"
    }

    /// `2013-03-10T03:00:00-04:00`
    public var isoString: String {
        "\(date.isoString)T\(Digits.pad(hour, 2)):\(Digits.pad(minute, 2)):\(Digits.pad(second, 2))\(offsetString)"
    }
}

@inline(__always) public func floorDiv64(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q
}

@inline(__always) public func floorMod64(_ a: Int64, _ b: Int64) -> Int64 {
    let r = a % b
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r
}
