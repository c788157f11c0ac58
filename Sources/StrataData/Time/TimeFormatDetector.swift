/// Decides a column's time format once, from a sample of its values.
enum TimeFormatDetector {
    enum Outcome: Equatable {
        /// The format, and how many sample values it parses.
        case format(TimeFormat, parsed: Int)
        /// Day and month cannot be told apart (`03/04/2013` throughout).
        case ambiguousDayMonth(example: String)
        case none
    }

    /// Epoch numbers are only taken for a time column when they read as
    /// dates between 1990 and 2100, unless the column was named as the time.
    static let plausibleEpoch: ClosedRange<Double> = 631_152_000...4_102_444_800

    /// - Parameter allowAnyEpoch: the column was chosen by the user or is
    ///   named like a time, so small numbers may be epoch seconds too.
    /// - Parameter namedAsTime: the column's name says it holds dates, so
    ///   numbers that read as dates need no other evidence.
    /// - Parameter majority: the format must read more than half of the
    ///   values; otherwise (a column the user named) any value will do.
    /// - Parameter settled: the order of day and month that input past the
    ///   sample showed (a day over 12), for dates the sample leaves open.
    static func detect(_ values: [Field], allowAnyEpoch: Bool, namedAsTime: Bool = false, majority: Bool = true, settled: NumericDate.Order? = nil) -> Outcome {
        let present = values.map(ByteText.trimmed).filter { !$0.isEmpty }
        guard !present.isEmpty else { return .none }
        var best: (TimeFormat, Int)?
        func consider(_ format: TimeFormat, _ count: Int) {
            if count > (best?.1 ?? 0) { best = (format, count) }
        }

        // ISO-8601.
        var isoShape: TimeShape?, isoCount = 0
        for v in present {
            var shape = TimeShape()
            if let (_, n) = ISOTime.parsePrefix(v, shape: &shape), n == v.count {
                isoCount += 1
                if isoShape == nil { isoShape = shape }
            }
        }
        if let isoShape { consider(.iso(ISOTime.describe(isoShape)), isoCount) }

        // ISO 8601's basic form, as iCalendar and AWS write it (`20260901T093000Z`): its `T`
        // tells it from a YYYYMMDD number. Said as the pattern that reads it, for --time-format.
        if present.contains(where: { $0.count >= 13 && $0[8] == UInt8(ascii: "T") }) {
            for pattern in basicISO {
                consider(.pattern(pattern), present.count { pattern.parse($0) != nil })
            }
        }

        // Git's raw dates (`git log --date=raw`): epoch seconds (nine digits or more), a space and the author's offset.
        if present.contains(where: { $0.count >= 15 && $0[$0.count - 6] == ByteText.space && ByteText.isDigit($0[0]) }) {
            consider(.pattern(Self.gitRaw), present.count { Self.gitRaw.parse($0) != nil })
        }

        // Numeric dates: year first, or day and month to be told apart.
        var ymdShape: TimeShape?, ymdSep: UInt8 = 0, ymdCount = 0
        var dmShape: TimeShape?, dmSep: UInt8 = 0, firstOver12 = false, secondOver12 = false
        for v in present {
            guard let (a, b, _, sep, _) = NumericDate.parts(v, 0) else { continue }
            var shape = TimeShape()
            if let (_, n) = NumericDate.parsePrefix(v, order: .ymd, shape: &shape), n == v.count {
                ymdCount += 1
                if ymdShape == nil { ymdShape = shape; ymdSep = sep }
                continue
            }
            shape = TimeShape()
            let dmy = NumericDate.parsePrefix(v, order: .dmy, shape: &shape).map { $0.1 == v.count } ?? false
            let mdy = NumericDate.parsePrefix(v, order: .mdy, shape: &shape).map { $0.1 == v.count } ?? false
            guard dmy || mdy else { continue }
            if dmShape == nil { dmShape = shape; dmSep = sep }
            if a > 12 { firstOver12 = true }
            if b > 12 { secondOver12 = true }
        }
        if let ymdShape { consider(.numeric(.ymd, NumericDate.describe(.ymd, separator: ymdSep, shape: ymdShape)), ymdCount) }
        if let dmShape, !(firstOver12 && secondOver12) {
            if !firstOver12 && !secondOver12 {
                let count = present.count { v in
                    var s = TimeShape()
                    return NumericDate.parsePrefix(v, order: .dmy, shape: &s).map { $0.1 == v.count } ?? false
                }
                if let settled {
                    consider(.numeric(settled, NumericDate.describe(settled, separator: dmSep, shape: dmShape)), count)
                } else if (count * 2 > present.count || !majority) && count > (best?.1 ?? 0) {
                    let example = present.first { NumericDate.parts($0, 0) != nil }.map { String(decoding: $0, as: UTF8.self) } ?? ""
                    return .ambiguousDayMonth(example: example)
                }
            } else {
                let order: NumericDate.Order = firstOver12 ? .dmy : .mdy
                let count = present.count { v in
                    var s = TimeShape()
                    return NumericDate.parsePrefix(v, order: order, shape: &s).map { $0.1 == v.count } ?? false
                }
                consider(.numeric(order, NumericDate.describe(order, separator: dmSep, shape: dmShape)), count)
            }
        }

        // Month names, RFC 2822, ctime.
        var textDescription: String?, textCount = 0
        for v in present {
            var shape = TimeShape(), style = TextualDate.Style()
            if let (_, n) = TextualDate.parsePrefix(v, shape: &shape, style: &style), n == v.count {
                textCount += 1
                if textDescription == nil { textDescription = TextualDate.describe(style, shape: shape) }
            }
        }
        if let textDescription { consider(.textual(textDescription), textCount) }

        let quarters = present.filter { v in QuarterDate.parsePrefix(v).map { $0.1 == v.count } ?? false }
        if let first = quarters.first { consider(.quarter(QuarterDate.describe(first)), quarters.count) }
        let months = present.filter { v in MonthDate.parsePrefix(v).map { $0.1 == v.count } ?? false }
        if let first = months.first { consider(.month(MonthDate.describe(first)), months.count) }

        consider(.commonLog, present.count { v in CommonLogTime.parsePrefix(v).map { $0.1 == v.count } ?? false })
        consider(.syslog, present.count { v in SyslogTime.parsePrefix(v).map { $0.length == v.count } ?? false })

        // Numbers that are dates, before epoch numbers that would fall far from 1990–2100.
        if let reading = NumberDate.reading(present, named: allowAnyEpoch || namedAsTime) { consider(.number(reading), present.count) }

        // Epoch numbers, the unit by magnitude.
        let magnitudes = present.compactMap(EpochTime.magnitude)
        if let unit = epochUnit(magnitudes) {
            // 1 to 31 is a day of the month, never an epoch time.
            let plausible = magnitudes.count { $0 > 31 && (allowAnyEpoch || plausibleEpoch.contains($0 / Double(unit.rawValue))) }
            consider(.epoch(unit), plausible)
        }

        guard let (format, count) = best, count * 2 > present.count || (!majority && count > 0) else { return .none }
        return .format(format, parsed: count)
    }

    /// ISO 8601's basic forms, longest first (`consider` keeps the first of equal counts).
    private static let basicISO = ["%Y%m%dT%H%M%S%z", "%Y%m%dT%H%M%S", "%Y%m%dT%H%M%z", "%Y%m%dT%H%M"].map { try! StrftimePattern($0) }

    /// Git's raw date: the instant is the epoch seconds, the offset only where its author was.
    private static let gitRaw = try! StrftimePattern("%s %z")

    /// For `lines`: the kind of timestamp that comes first on most sample
    /// lines, found anywhere in the line.
    static func detectInLines(_ lines: [Field]) -> TimeFormat? {
        var tally: [(TimeFormat, Int)] = []
        func add(_ format: TimeFormat) {
            if let i = tally.firstIndex(where: { $0.0 == format }) { tally[i].1 += 1 } else { tally.append((format, 1)) }
        }
        var magnitudes: [Double] = []
        for line in lines {
            let trimmed = ByteText.trimmed(line)
            if let m = EpochTime.magnitude(trimmed), !trimmed.isEmpty {
                magnitudes.append(m)
                continue
            }
            if let format = firstFormat(in: line) { add(format) }
        }
        if let unit = epochUnit(magnitudes) {
            let plausible = magnitudes.count { plausibleEpoch.contains($0 / Double(unit.rawValue)) }
            if plausible * 2 > magnitudes.count { tally.append((.epoch(unit), plausible)) }
        }
        return tally.max { $0.1 < $1.1 }?.0
    }

    /// The epoch unit the sample's typical number implies: the median, so
    /// one outlier in the sample cannot turn seconds into nanoseconds.
    static func epochUnit(_ magnitudes: [Double]) -> EpochUnit? {
        guard !magnitudes.isEmpty else { return nil }
        return EpochUnit.forMagnitude(magnitudes.sorted()[magnitudes.count / 2])
    }

    /// The format of the earliest timestamp in a line.
    static func firstFormat(in f: Field) -> TimeFormat? {
        for i in 0..<f.count {
            let b = f[i]
            guard i == 0 || !(ByteText.isDigit(f[i - 1]) || ByteText.isLetter(f[i - 1])) else { continue }
            var shape = TimeShape()
            if ByteText.isDigit(b) || b == UInt8(ascii: "[") {
                if let _ = ISOTime.parsePrefix(f, from: i, shape: &shape) { return .iso(ISOTime.describe(shape)) }
                if CommonLogTime.parsePrefix(f, from: i) != nil { return .commonLog }
                shape = TimeShape()
                if let _ = NumericDate.parsePrefix(f, from: i, order: .ymd, shape: &shape), shape.hasTime,
                   let (_, _, _, sep, _) = NumericDate.parts(f, i) {
                    return .numeric(.ymd, NumericDate.describe(.ymd, separator: sep, shape: shape))
                }
            }
            if ByteText.isLetter(b) || ByteText.isDigit(b) {
                shape = TimeShape()
                var style = TextualDate.Style()
                if let _ = TextualDate.parsePrefix(f, from: i, shape: &shape, style: &style), shape.hasTime {
                    return .textual(TextualDate.describe(style, shape: shape))
                }
                if ByteText.isLetter(b), SyslogTime.parsePrefix(f, from: i) != nil { return .syslog }
            }
        }
        return nil
    }
}
