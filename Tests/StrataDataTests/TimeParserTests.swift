import Testing
@testable import StrataData

/// Detects the format from one value, then parses that value with it.
private func read(_ text: String, zone: ZoneRules = .utc) -> (format: String, seconds: Int64?)? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { f -> (String, Int64?)? in
        guard case .format(let format, _) = TimeFormatDetector.detect([f], allowAnyEpoch: true) else { return nil }
        var parser = TimeParser(format: format, zone: zone, now: 1_700_000_000)
        return (format.description, parser.parse(f))
    }
}

private func u(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0, offset: Int = 0) -> Int64 {
    Fixture.utc(y, m, d, h, mi, s, offset: offset)
}

struct TimeParserTests {
    @Test(arguments: [
        ("2013-03-05", "YYYY-MM-DD", u(2013, 3, 5)),
        ("2013-03-05T14:00", "YYYY-MM-DDTHH:MM", u(2013, 3, 5, 14)),
        ("2013-03-05 14:00:30", "YYYY-MM-DD HH:MM:SS", u(2013, 3, 5, 14, 0, 30)),
        ("2013-03-05T14:00:30.123Z", "YYYY-MM-DDTHH:MM:SS.fffZ", u(2013, 3, 5, 14, 0, 30)),
        ("2013-03-05T14:00:30+01:00", "YYYY-MM-DDTHH:MM:SS±hh:mm", u(2013, 3, 5, 13, 0, 30)),
        ("2013-03-05T14:00:30+0130", "YYYY-MM-DDTHH:MM:SS±hhmm", u(2013, 3, 5, 12, 30, 30)),
        ("2013-03-05T14:00:30-05", "YYYY-MM-DDTHH:MM:SS±hh", u(2013, 3, 5, 19, 0, 30)),
        ("2013-03-05 14:00:00 +0100", "YYYY-MM-DD HH:MM:SS ±hhmm", u(2013, 3, 5, 13)),
        ("2013-03-05T14:00:00 UTC", "YYYY-MM-DDTHH:MM:SS UTC", u(2013, 3, 5, 14)),
        ("2024-01-05 10:00:00,123", "YYYY-MM-DD HH:MM:SS.fff", u(2024, 1, 5, 10)),
        ("2024-01-05T10:00:00.5+05:30", "YYYY-MM-DDTHH:MM:SS.f±hh:mm", u(2024, 1, 5, 4, 30)),
        // ISO 8601's basic form (iCalendar, AWS), said as the pattern that reads it.
        ("20130305T140030Z", "%Y%m%dT%H%M%S%z", u(2013, 3, 5, 14, 0, 30)),
        ("20130305T140000+0100", "%Y%m%dT%H%M%S%z", u(2013, 3, 5, 13)),
        ("20130305T1400", "%Y%m%dT%H%M", u(2013, 3, 5, 14)),
        // git log --date=raw: the offset says where its author was, not when.
        ("1362488400 +0100", "%s %z", u(2013, 3, 5, 13)),
        ("1362488400 -0500", "%s %z", u(2013, 3, 5, 13)),
        ("2013/03/05", "YYYY/MM/DD", u(2013, 3, 5)),
        ("2013/03/05 14:00", "YYYY/MM/DD HH:MM", u(2013, 3, 5, 14)),
        ("2013/03/05 14:00:59", "YYYY/MM/DD HH:MM:SS", u(2013, 3, 5, 14, 0, 59)),
        ("Jan 1 2000", "Mon D YYYY", u(2000, 1, 1)),
        ("1 Jan 2000", "D Mon YYYY", u(2000, 1, 1)),
        ("January 1, 2000", "Month D, YYYY", u(2000, 1, 1)),
        ("01-Jan-2000", "D Mon YYYY", u(2000, 1, 1)),
        ("Mar 5, 2013 3:45 PM", "Mon D, YYYY H:MM AM/PM", u(2013, 3, 5, 15, 45)),
        ("Tue, 05 Mar 2013 14:00:00 +0000", "RFC 2822 (Ddd, DD Mon YYYY HH:MM:SS ±hhmm)", u(2013, 3, 5, 14)),
        ("Tue, 05 Mar 2013 14:00:00 EST", "RFC 2822 (Ddd, DD Mon YYYY HH:MM:SS ±hhmm)", u(2013, 3, 5, 19)),
        ("Tue Mar  5 14:00:00 UTC 2013", "Ddd Mon D HH:MM:SS YYYY (date/ctime)", u(2013, 3, 5, 14)),
        ("Tue Mar 5 14:00:00 2013 +0100", "Ddd Mon D HH:MM:SS YYYY (date/ctime)", u(2013, 3, 5, 13)),  // git log's own dates
        ("10/Oct/2000:13:55:36 -0700", "DD/Mon/YYYY:HH:MM:SS ±hhmm (Common Log Format)", u(2000, 10, 10, 20, 55, 36)),
        ("[10/Oct/2000:13:55:36 -0700]", "DD/Mon/YYYY:HH:MM:SS ±hhmm (Common Log Format)", u(2000, 10, 10, 20, 55, 36)),
        // 12-hour clocks, as spreadsheets and US-locale exports write them: 12 AM is midnight, 12 PM noon.
        ("03/13/2026 12:15:48 AM", "MM/DD/YYYY HH:MM:SS AM/PM", u(2026, 3, 13, 0, 15, 48)),
        ("3/13/2026 12:15 PM", "MM/DD/YYYY HH:MM AM/PM", u(2026, 3, 13, 12, 15)),
        ("3/13/2026 1:05pm", "MM/DD/YYYY HH:MM AM/PM", u(2026, 3, 13, 13, 5)),
        ("13.03.2026 11:59:30 p.m.", "DD.MM.YYYY HH:MM:SS AM/PM", u(2026, 3, 13, 23, 59, 30)),
        ("13-3-2026 12:00 a.m.", "DD-MM-YYYY HH:MM AM/PM", u(2026, 3, 13)),
        ("2026-03-13 7:00 AM", "YYYY-MM-DD HH:MM AM/PM", u(2026, 3, 13, 7)),
        ("2026/03/13 9:30", "YYYY/MM/DD HH:MM", u(2026, 3, 13, 9, 30)),
        ("1362492000", "epoch seconds", u(2013, 3, 5, 14)),
        ("1362492000.75", "epoch seconds", u(2013, 3, 5, 14)),
        ("1362492000123", "epoch milliseconds", u(2013, 3, 5, 14)),
        ("1362492000123456", "epoch microseconds", u(2013, 3, 5, 14)),
        ("1362492000123456789", "epoch nanoseconds", u(2013, 3, 5, 14)),
    ])
    func detectsAndParses(text: String, format: String, expected: Int64) {
        let r = read(text)
        #expect(r?.format == format)
        #expect(r?.seconds == expected)
    }

    @Test(arguments: ["2013-13-05", "2013-02-30", "2013-03-05T25:00", "2013-03-05T14:61", "Foo 1 2000", "12:00", "", "hello",
                      "2013-03-05T14:00:00+25:00", "32/Oct/2000:13:55:36 -0700", "03/13/2026 13:15 PM", "03/13/2026 0:15 AM",
                      "03/13/2026 10:15 AMERICA"])
    func rejectsNonTimes(text: String) {
        if let r = read(text) { #expect(r.seconds == nil, "\(text) read as \(r.format)") }
    }

    @Test func dayMonthOrderIsDecidedFromTheSample() {
        func detect(_ values: [String]) -> TimeFormatDetector.Outcome {
            let arrays = values.map { Array($0.utf8) }
            let sample = Sample()
            for a in arrays { sample.append([a]) }
            return TimeFormatDetector.detect(sample.column(0), allowAnyEpoch: false)
        }
        #expect(detect(["05/03/2013", "13/03/2013"]) == .format(.numeric(.dmy, "DD/MM/YYYY"), parsed: 2))
        #expect(detect(["03/05/2013", "03/13/2013 10:00"]) == .format(.numeric(.mdy, "MM/DD/YYYY"), parsed: 2))
        #expect(detect(["05.03.2013", "31.12.2013"]) == .format(.numeric(.dmy, "DD.MM.YYYY"), parsed: 2))
        #expect(detect(["05/03/2013", "04/03/2013"]) == .ambiguousDayMonth(example: "05/03/2013"))
        #expect(detect(["13/03/2013", "03/13/2013"]) == .none)
    }

    @Test(arguments: [
        ("%d.%m.%Y %H:%M", "05.03.2013 14:30", u(2013, 3, 5, 14, 30)),
        ("%Y%m%d", "20130305", u(2013, 3, 5)),
        ("%Y-%m-%dT%H:%M:%S%z", "2013-03-05T14:00:00-0500", u(2013, 3, 5, 19)),
        ("%Y-%m-%d %H:%M:%S.%f", "2013-03-05 14:00:00.250", u(2013, 3, 5, 14)),
        ("%I:%M %p %b %e %Y", "03:45 PM Mar  5 2013", u(2013, 3, 5, 15, 45)),
        ("%m/%d/%Y %I:%M %p", "3/5/2013 1:15 p.m.", u(2013, 3, 5, 13, 15)),
        ("%a %B %d %y", "Tue March 05 13", u(2013, 3, 5)),
        ("%j/%Y", "064/2013", u(2013, 3, 5)),
        ("%s", "1362492000", u(2013, 3, 5, 14)),
        ("%T %F", "14:00:00 2013-03-05", u(2013, 3, 5, 14)),
    ])
    func strftimePatterns(pattern: String, text: String, expected: Int64) throws {
        let p = try StrftimePattern(pattern)
        let bytes = Array(text.utf8)
        let t = bytes.withUnsafeBufferPointer { f -> Int64? in
            var parser = TimeParser(format: .pattern(p), zone: .utc, now: 0)
            return parser.parse(f)
        }
        #expect(t == expected)
    }

    @Test(arguments: [("%Q", "unknown field %Q"), ("%H:%M", "needs a date"), ("%Y-%m-%d %I:%M", "%I needs %p"), ("%Y%", "lone %")])
    func badPatternsAreUsageErrors(pattern: String, reason: String) {
        var o = ReadOptions()
        o.timeFormat = pattern
        #expect(throws: ReadError.self) { try DataLoader.load([], options: o, calendar: Fixture.utc, baseUnit: .day) }
        do {
            _ = try DataLoader.load([], options: o, calendar: Fixture.utc, baseUnit: .day)
        } catch {
            #expect(error.exitCode == 64)
            #expect(error.message.contains(reason))
        }
    }

    /// Naive times belong to the zone; a time with an offset is absolute.
    @Test(arguments: [
        ("2013-03-10 01:30", u(2013, 3, 10, 6, 30)),          // EST, before the spring gap
        ("2013-03-10 02:30", u(2013, 3, 10, 7, 30)),          // in the gap: moved forward (03:30 EDT)
        ("2013-03-10 03:30", u(2013, 3, 10, 7, 30)),          // EDT
        ("2013-11-03 00:30", u(2013, 11, 3, 4, 30)),          // EDT
        ("2013-11-03 01:30", u(2013, 11, 3, 5, 30)),          // repeated hour: the first one (EDT)
        ("2013-11-03 02:30", u(2013, 11, 3, 7, 30)),          // EST
        ("2013-11-03T01:30:00-05:00", u(2013, 11, 3, 6, 30)), // the second 01:30, by its offset
        ("2013-03-10T02:30:00Z", u(2013, 3, 10, 2, 30)),
    ])
    func naiveAndOffsetTimesAcrossDST(text: String, expected: Int64) {
        #expect(read(text, zone: Fixture.newYork.zone)?.seconds == expected)
    }

    /// The converter's cache gives what `ZoneRules.utc(fromLocal:)` gives, in any order.
    @Test func localConverterMatchesZoneRules() {
        let zone = Fixture.newYork.zone
        var converter = LocalTimeConverter(zone: zone)
        let days = [CivilDate(year: 2013, month: 3, day: 10), CivilDate(year: 2013, month: 11, day: 3), CivilDate(year: 1950, month: 6, day: 1)]
        var locals: [Int64] = []
        for d in days {
            let base = Int64(d.dayNumber - 1) * 86_400
            for k in 0..<(3 * 96) { locals.append(base + Int64(k * 900)) }
        }
        for local in locals + locals.reversed() {
            #expect(converter.utc(fromLocal: local) == zone.utc(fromLocal: local))
        }
    }

    /// Syslog has no year: the latest year that does not put the time in the future.
    @Test func syslogYearIsTheLatestNotInTheFuture() {
        let now = u(2024, 1, 10, 12)
        func parse(_ text: String) -> Int64? {
            Array(text.utf8).withUnsafeBufferPointer { f in
                var parser = TimeParser(format: .syslog, zone: .utc, now: now)
                return parser.find(in: f)?.0
            }
        }
        #expect(parse("Jan  9 23:00:00 host app: x") == u(2024, 1, 9, 23))
        #expect(parse("Dec 31 23:59:59 host app: x") == u(2023, 12, 31, 23, 59, 59))
        #expect(parse("Feb  1 00:00:00 host app: x") == u(2023, 2, 1))
    }

    /// `--year`: the first time read is in that year, and later ones count on over New Year.
    @Test func syslogYearCountsOnFromTheFirst() {
        var parser = TimeParser(format: .syslog, zone: .utc, years: .from(year: 2024, first: nil))
        func parse(_ text: String) -> Int64? {
            Array(text.utf8).withUnsafeBufferPointer { parser.find(in: $0)?.0 }
        }
        #expect(parse("Dec 30 23:00:00 host app: x") == u(2024, 12, 30, 23))
        #expect(parser.years == .from(year: 2024, first: u(2024, 12, 30, 23)))
        #expect(parse("Dec 30 01:00:00 host app: x") == u(2024, 12, 30, 1))
        #expect(parse("Jan  2 08:00:00 host app: x") == u(2025, 1, 2, 8))
        #expect(parse("Dec 29 23:30:00 host app: x") == u(2024, 12, 29, 23, 30))
        #expect(parse("Dec 28 00:00:00 host app: x") == u(2025, 12, 28))
    }

    @Test func findsTheFirstTimestampAnywhereInALine() {
        let line = "127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] \"GET /2013-01-01 HTTP/1.0\" 200"
        let found = Array(line.utf8).withUnsafeBufferPointer { f -> (Int64, Int)? in
            guard let format = TimeFormatDetector.firstFormat(in: f) else { return nil }
            var parser = TimeParser(format: format, zone: .utc, now: 0)
            return parser.find(in: f)
        }
        #expect(found?.0 == u(2000, 10, 10, 20, 55, 36))
        #expect(found?.1 == 14)
    }
}
