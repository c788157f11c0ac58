/// Applies one detected `TimeFormat` to field after field and returns UTC
/// seconds. Naive times are read in the calendar's zone. Holds small
/// caches (the last date, the last offset interval), so it is a value
/// owned by one reading thread.
struct TimeParser: Sendable {
    let format: TimeFormat
    private var converter: LocalTimeConverter
    /// Where syslog times take their year, and its bound in wall time (nil
    /// until the first time of `--year` is read).
    private(set) var years: SyslogYears
    private var yearRule: SyslogTime.YearRule?
    // The last ISO date seen (its first 8 bytes and next 2) and its day number.
    private var cachedHead: UInt64 = 0
    private var cachedTail: UInt16 = 0
    private var cachedDay: Int64 = -1
    /// The format is ISO-8601: the hot path, tested without switching on the enum.
    private let isISO: Bool
    /// The offsets written in the times parsed so far.
    private(set) var writtenOffsets = WrittenOffsets()

    init(format: TimeFormat, zone: ZoneRules, years: SyslogYears) {
        self.format = format
        self.converter = LocalTimeConverter(zone: zone)
        self.years = years
        self.yearRule = years.rule(in: zone)
        if case .iso = format { isISO = true } else { isISO = false }
    }

    /// Syslog times dated back from `now`.
    init(format: TimeFormat, zone: ZoneRules, now: Int64) {
        self.init(format: format, zone: zone, years: .until(now))
    }

    /// A parser for another column of the same rows (an interval's end):
    /// its own format, the same zone and years.
    init(format: TimeFormat, sameAs other: TimeParser) {
        self.format = format
        converter = LocalTimeConverter(zone: other.converter.zone)
        years = other.years
        yearRule = other.yearRule
        if case .iso = format { isISO = true } else { isISO = false }
    }

    @inline(__always)
    private mutating func utc(_ t: ParsedTime) -> Int64 {
        if let o = t.offset {
            let instant = t.wallSeconds - Int64(o)
            writtenOffsets.note(Int(o), at: instant)
            return instant
        }
        return converter.utc(fromLocal: t.wallSeconds)
    }

    /// Instants strata accepts: years 0001 to 9999, the years period ids
    /// can spell. A row outside (an epoch outlier, a typo'd year) is skipped,
    /// so one bad value cannot stretch a level over billions of periods.
    static let supportedRange: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// UTC seconds of a whole field (surrounding spaces ignored), or nil.
    @inline(__always)
    mutating func parse(_ raw: Field) -> Int64? {
        if isISO, let t = isoUTCOnCachedDay(raw) { return t }
        guard let t = parseAny(raw), Self.supportedRange.contains(t) else { return nil }
        return t
    }

    /// The start of the day after the date `raw` names, in the zone (a DST
    /// day's 23 or 25 hours kept): a date alone as an interval's end is its
    /// whole day. nil where `parse` gives nil.
    mutating func startOfDayAfter(_ raw: Field) -> Int64? {
        guard let t = parse(raw) else { return nil }
        let day = floorDiv64(converter.zone.local(t), 86_400)
        return converter.utc(fromLocal: (day + 1) * 86_400)
    }

    /// Why a field that `parse` refused was refused: out of range, or not this format.
    mutating func refusal(_ raw: Field) -> String {
        if parseAny(raw) != nil { return "is outside the years 0001–9999" }
        return "does not parse as \(format.shortDescription)"
    }

    /// The hottest path, small enough to inline: exactly `YYYY-MM-DDTHH:MM:SSZ`
    /// (or a space for the `T`) on the date seen last. Anything else is nil
    /// and goes the general way (which gives the same answer for these).
    @inline(__always)
    private func isoUTCOnCachedDay(_ f: Field) -> Int64? {
        guard f.count == 20, f[19] == UInt8(ascii: "Z"), f[10] == UInt8(ascii: "T") || f[10] == ByteText.space else { return nil }
        let raw = UnsafeRawPointer(f.baseAddress!)
        guard cachedDay >= 0, raw.loadUnaligned(as: UInt64.self) == cachedHead, raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self) == cachedTail,
              let (h, m, s) = Self.clock(raw, 11), h < 24, m < 60, s <= 60 else { return nil }
        return cachedDay + Int64(h * 3600 + m * 60 + s)
    }

    private mutating func parseAny(_ raw: Field) -> Int64? {
        let f = ByteText.trimmed(raw)
        if isISO { return parseISO(f) }
        var shape = TimeShape()
        switch format {
        case .iso:
            return parseISO(f)
        case .numeric(let order, _):
            guard let (t, n) = NumericDate.parsePrefix(f, order: order, shape: &shape), n == f.count else { return nil }
            return utc(t)
        case .textual:
            var style = TextualDate.Style()
            guard let (t, n) = TextualDate.parsePrefix(f, shape: &shape, style: &style), n == f.count else { return nil }
            return utc(t)
        case .commonLog:
            guard let (t, n) = CommonLogTime.parsePrefix(f), n == f.count else { return nil }
            return utc(t)
        case .syslog:
            guard let s = SyslogTime.parsePrefix(f), s.length == f.count else { return nil }
            return syslogUTC(s.month, s.day, s.seconds)
        case .epoch(let unit):
            return EpochTime.parse(f, unit: unit)
        case .quarter:
            guard let (t, n) = QuarterDate.parsePrefix(f), n == f.count else { return nil }
            return utc(t)
        case .month:
            guard let (t, n) = MonthDate.parsePrefix(f), n == f.count else { return nil }
            return utc(t)
        case .number(let reading):
            return reading.parse(f).map { converter.utc(fromLocal: $0) }
        case .pattern(let p):
            return p.parse(f).map { utc($0) }
        }
    }

    private mutating func syslogUTC(_ month: Int, _ day: Int, _ seconds: Int64) -> Int64? {
        if yearRule == nil {
            years = years.anchored(month: month, day: day, seconds: seconds)
            yearRule = years.rule(in: converter.zone)
        }
        guard let rule = yearRule, let wall = SyslogTime.resolve(month: month, day: day, seconds: seconds, rule: rule) else { return nil }
        return converter.utc(fromLocal: wall)
    }

    /// The hot path: most rows share their date with the row before.
    @inline(__always)
    private mutating func parseISO(_ f: Field) -> Int64? {
        guard f.count >= 10, f[4] == UInt8(ascii: "-"), f[7] == UInt8(ascii: "-") else { return nil }
        let raw = UnsafeRawPointer(f.baseAddress!)
        let head = raw.loadUnaligned(as: UInt64.self)
        let tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        var day: Int64
        if head == cachedHead && tail == cachedTail && cachedDay >= 0 {
            day = cachedDay
        } else {
            var shape = TimeShape()
            guard let (t, n) = ISOTime.parsePrefix(Field(rebasing: f[0..<10]), shape: &shape), n == 10 else { return nil }
            day = t.wallSeconds
            // Only cache days after 1970, so that -1 can mean "empty".
            if day >= 0 { cachedHead = head; cachedTail = tail; cachedDay = day }
        }
        if f.count == 10 { return converter.utc(fromLocal: day) }
        // `THH:MM:SS` at fixed places, then nothing, `Z` or an offset.
        if f.count >= 19, f[10] == UInt8(ascii: "T") || f[10] == ByteText.space, f.count == 19 || f[19] != UInt8(ascii: "."),
           let (h, m, s) = Self.clock(raw, 11) {
            if h < 24 && m < 60 && s <= 60 {
                let wall = day + Int64(h * 3600 + m * 60 + s)
                if f.count == 19 { return converter.utc(fromLocal: wall) }
                if f.count == 20 && f[19] == UInt8(ascii: "Z") { return wall }
                var shape = TimeShape()
                if let (offset, zoneEnd) = ISOTime.zone(f, 19, shape: &shape), zoneEnd == f.count {
                    writtenOffsets.note(Int(offset), at: wall - Int64(offset))
                    return wall - Int64(offset)
                }
                // Anything else (a `,123` fraction) takes the general path.
            }
        }
        var shape = TimeShape()
        guard let (seconds, end) = ISOTime.timeOfDay(f, 10, shape: &shape) else { return nil }
        let wall = day + seconds
        if end == f.count { return converter.utc(fromLocal: wall) }
        guard let (offset, zoneEnd) = ISOTime.zone(f, end, shape: &shape), zoneEnd == f.count else { return nil }
        writtenOffsets.note(Int(offset), at: wall - Int64(offset))
        return wall - Int64(offset)
    }

    /// `HH:MM:SS` in the 8 bytes at `at` (the caller checked the length), read
    /// as one word: nil unless the colons and six ASCII digits are there.
    @inline(__always)
    private static func clock(_ raw: UnsafeRawPointer, _ at: Int) -> (Int, Int, Int)? {
        let w = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
        // Byte 0 first: H H : M M : S S.
        let mask: UInt64 = 0xF0F0_FFF0_F0FF_F0F0
        let shape: UInt64 = 0x3030_3A30_303A_3030
        // Digits are 0x30...0x3F after the mask, and still 0x3_ after adding 6 only up to 0x39.
        guard w & mask == shape, (w &+ 0x0606_0006_0600_0606) & mask == shape else { return nil }
        let d = w &- shape
        // Byte k of `t` is 10 × digit k + digit k+1: hours at byte 0, minutes 3, seconds 6.
        let t = d &* 10 &+ (d >> 8)
        return (Int(t & 0xFF), Int((t >> 24) & 0xFF), Int((t >> 48) & 0xFF))
    }

    /// The first time of this format anywhere in a log line: UTC seconds
    /// and the 0-based byte index where it starts.
    mutating func find(in line: Field) -> (Int64, Int)? {
        if case .epoch(let unit) = format {
            return EpochTime.parse(ByteText.trimmed(line), unit: unit).flatMap { Self.supportedRange.contains($0) ? ($0, 0) : nil }
        }
        var i = 0
        while i < line.count {
            let b = line[i]
            let boundary = i == 0 || !(ByteText.isDigit(line[i - 1]) || ByteText.isLetter(line[i - 1]))
            if boundary, let t = match(line, at: i, first: b), Self.supportedRange.contains(t) { return (t, i) }
            i += 1
        }
        return nil
    }

    @inline(__always)
    private mutating func match(_ f: Field, at i: Int, first b: UInt8) -> Int64? {
        var shape = TimeShape()
        switch format {
        case .iso:
            guard ByteText.isDigit(b), let (t, _) = ISOTime.parsePrefix(f, from: i, shape: &shape) else { return nil }
            return utc(t)
        case .numeric(let order, _):
            guard ByteText.isDigit(b), let (t, _) = NumericDate.parsePrefix(f, from: i, order: order, shape: &shape) else { return nil }
            return utc(t)
        case .textual:
            var style = TextualDate.Style()
            guard ByteText.isLetter(b) || ByteText.isDigit(b),
                  let (t, _) = TextualDate.parsePrefix(f, from: i, shape: &shape, style: &style) else { return nil }
            return utc(t)
        case .commonLog:
            guard b == UInt8(ascii: "[") || ByteText.isDigit(b), let (t, _) = CommonLogTime.parsePrefix(f, from: i) else { return nil }
            return utc(t)
        case .syslog:
            guard ByteText.isLetter(b), let s = SyslogTime.parsePrefix(f, from: i) else { return nil }
            return syslogUTC(s.month, s.day, s.seconds)
        case .pattern(let p):
            guard let (t, _) = p.parsePrefix(f, from: i) else { return nil }
            return utc(t)
        case .quarter:
            guard ByteText.isLetter(b) || ByteText.isDigit(b), let (t, _) = QuarterDate.parsePrefix(f, from: i) else { return nil }
            return utc(t)
        case .month:
            guard ByteText.isDigit(b), let (t, _) = MonthDate.parsePrefix(f, from: i) else { return nil }
            return utc(t)
        case .epoch, .number:
            return nil
        }
    }
}
