import Foundation
import Testing
@testable import StrataData

/// Rows around a zone's clock change, read through the real path (CSV text
/// of UTC times → loader → dataset), and the periods they count in,
/// checked against `PeriodRuleOracle` (Foundation's `Calendar` in that zone
/// under the rule of "Levels and periods") and against figures from `zdump`.
@Suite("Exact periods at clock changes")
struct ClockChangeTests {
    static let levels: [Level] = [.day, .week, .month, .quarter, .year]

    /// One row every `step` seconds over `[from, to)` (UTC ISO text), counted in `zone`.
    static func dataset(_ zone: String, from: String, to: String, step: Int64, levels: [Level] = levels) throws -> Dataset {
        let rows = try instants(from: from, to: to, step: step)
        let iso = ISO8601DateFormatter()
        let text = "time\n" + rows.map { iso.string(from: Date(timeIntervalSince1970: Double($0))) + "\n" }.joined()
        let calendar = CalendarSystem(zone: try #require(ZoneRules(named: zone)))
        let result = try Fixture.load(text, calendar: calendar, baseUnit: Level.baseUnit(for: levels)) { $0.countOnly = true }
        return Dataset(loaded: result, levels: levels)
    }

    static func instants(from: String, to: String, step: Int64) throws -> [Int64] {
        let iso = ISO8601DateFormatter()
        let a = Int64(try #require(iso.date(from: from)).timeIntervalSince1970)
        let b = Int64(try #require(iso.date(from: to)).timeIntervalSince1970)
        return Array(stride(from: a, to: b, by: Int(step)))
    }

    /// Every period of `level` with its count, by period id.
    static func counts(_ dataset: Dataset, _ level: Level) -> [String: Int] {
        var counts: [String: Int] = [:]
        for i in 0..<dataset.count(level) where dataset.stats(level, index: i).count > 0 {
            counts[dataset.calendar.periodID(level, ordinal: dataset.ordinal(level, index: i))] = dataset.stats(level, index: i).count
        }
        return counts
    }

    static func iso(_ t: Int64) -> String { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(t))) }

    struct Case: CustomTestStringConvertible, Sendable {
        let zone: String
        let from: String
        let to: String
        /// Rows every 15 minutes in these days, worked out by hand from `zdump -v`.
        let days: [String: Int]
        /// The UTC start of the day the clock change makes unusual.
        let start: (day: String, utc: String)
        var testDescription: String { "\(zone) \(start.day)" }
    }

    static let cases: [Case] = [
        // 30 Oct 1988, 00:01 -01:30 → 29 Oct 22:01 -03:30: the 29th lasts 26 hours.
        Case(zone: "America/St_Johns", from: "1988-10-27T00:00:00Z", to: "1988-11-02T00:00:00Z",
             days: ["1988-10-29": 104, "1988-10-30": 96], start: ("1988-10-30", "1988-10-30T03:30:00Z")),
        // 5 Mar 2010, 02:00 +11 → 4 Mar 23:00 +08: the 4th lasts 27 hours.
        Case(zone: "Antarctica/Casey", from: "2010-03-01T00:00:00Z", to: "2010-03-08T00:00:00Z",
             days: ["2010-03-04": 108, "2010-03-05": 96], start: ("2010-03-05", "2010-03-04T16:00:00Z")),
        // 1 Jan 1986 starts at 00:15 +05:45: the 31st has 24 hours, the 1st 23 h 45 min.
        Case(zone: "Asia/Kathmandu", from: "1985-12-29T00:00:00Z", to: "1986-01-03T00:00:00Z",
             days: ["1985-12-31": 96, "1986-01-01": 95], start: ("1986-01-01", "1985-12-31T18:30:00Z")),
        // 31 Dec 1981 ends at 23:30 +07:30, then 1 Jan 00:00 +08.
        Case(zone: "Asia/Singapore", from: "1981-12-29T00:00:00Z", to: "1982-01-03T00:00:00Z",
             days: ["1981-12-31": 94, "1982-01-01": 96], start: ("1982-01-01", "1981-12-31T16:00:00Z")),
        // 4 May 2018 ends at 23:30 +08:30, then 5 May 00:00 +09.
        Case(zone: "Asia/Pyongyang", from: "2018-05-02T00:00:00Z", to: "2018-05-07T00:00:00Z",
             days: ["2018-05-04": 94, "2018-05-05": 96], start: ("2018-05-05", "2018-05-04T15:00:00Z")),
        // 25 Oct 1987, 00:01 -02:30 → 24 Oct 23:01 -03:30: the 25th starts at its second midnight.
        Case(zone: "America/St_Johns", from: "1987-10-22T00:00:00Z", to: "1987-10-28T00:00:00Z",
             days: ["1987-10-24": 100, "1987-10-25": 96], start: ("1987-10-25", "1987-10-25T03:30:00Z")),
        // 3 Oct 1999: midnight -03 is skipped; the day starts at 01:00 -02.
        Case(zone: "America/Sao_Paulo", from: "1999-10-01T00:00:00Z", to: "1999-10-05T00:00:00Z",
             days: ["1999-10-02": 96, "1999-10-03": 92], start: ("1999-10-03", "1999-10-03T03:00:00Z")),
        // 27 Feb 2000: midnight -02 goes back to 23:00 -03 on the 26th, which has 25 hours.
        Case(zone: "America/Sao_Paulo", from: "2000-02-24T00:00:00Z", to: "2000-03-01T00:00:00Z",
             days: ["2000-02-26": 100, "2000-02-27": 96], start: ("2000-02-27", "2000-02-27T03:00:00Z")),
    ]

    @Test(arguments: cases)
    func everyRowInThePeriodOfTheRule(_ c: Case) throws {
        let dataset = try Self.dataset(c.zone, from: c.from, to: c.to, step: 900)
        let rows = try Self.instants(from: c.from, to: c.to, step: 900)
        let days = Self.counts(dataset, .day)
        for (day, count) in c.days { #expect(days[day] == count, "\(day)") }
        let oracle = PeriodRuleOracle(zone: try #require(TimeZone(identifier: c.zone)))
        let dates = oracle.ruleDates(rows)
        for level in Self.levels {
            #expect(Self.counts(dataset, level) == oracle.counts(ofDates: dates, level), "\(level)")
            // Every row once at every level.
            #expect(Self.counts(dataset, level).values.reduce(0, +) == rows.count, "\(level)")
        }
        let day = try #require(CivilDate(isoText: c.start.day)).dayNumber
        #expect(Self.iso(dataset.calendar.start(of: .day, ordinal: day)) == c.start.utc)
    }

    /// A day's hourly bars add up to the day, and each lies inside it: the
    /// first hour of Kathmandu's 1 Jan 1986 is 45 minutes long.
    @Test(arguments: cases)
    func hoursAreCutAtTheDaysEdges(_ c: Case) throws {
        let dataset = try Self.dataset(c.zone, from: c.from, to: c.to, step: 900, levels: [.hour, .day])
        for i in 0..<dataset.count(.day) {
            let page = dataset.page(.day, index: i)
            #expect(page.buckets.reduce(0) { $0 + $1.stats.count } == page.stats.count, "\(page.ordinal)")
            for hour in page.buckets {
                let ordinal = dataset.calendar.ordinal(of: .hour, at: hour.start)
                #expect(dataset.calendar.start(of: .hour, ordinal: ordinal) == hour.start)
                #expect(dataset.calendar.ordinal(of: .day, at: hour.end - 1) == page.ordinal)
            }
        }
        let hours = Self.counts(dataset, .hour).values.reduce(0, +)
        #expect(hours == Self.counts(dataset, .day).values.reduce(0, +))
        if c.zone == "Asia/Kathmandu" {
            let page = dataset.page(.day, index: dataset.index(.day, containing: dataset.calendar.start(of: .day, ordinal: 5844)))
            #expect(page.buckets.first.map { $0.end - $0.start } == 2700)
            #expect(page.buckets.first?.stats.count == 3)
        }
    }

    /// A naive time that happens twice is its first occurrence; one in a gap moves forward by the gap.
    @Test func localTimesAtAChangeAcrossMidnight() throws {
        let stJohns = try #require(ZoneRules(named: "America/St_Johns"))
        let local = Int64(try #require(CivilDate(isoText: "1987-10-24")).dayNumber) * 86_400
        // 23:30 on the 24th happens at -02:30 and again at -03:30.
        #expect(Self.iso(stJohns.utc(fromLocal: local + 23 * 3600 + 1800)) == "1987-10-25T02:00:00Z")
        // A date means its day's period, which starts at the second midnight.
        let calendar = CalendarSystem(zone: stJohns)
        #expect(calendar.instant(forReference: "1987-10-25").map(Self.iso) == "1987-10-25T03:30:00Z")
        let kathmandu = try #require(ZoneRules(named: "Asia/Kathmandu"))
        let newYear = Int64(try #require(CivilDate(isoText: "1986-01-01")).dayNumber) * 86_400
        // 00:05 never happens: it is 00:20.
        #expect(Self.iso(kathmandu.utc(fromLocal: newYear + 300)) == "1985-12-31T18:35:00Z")
    }

    /// Kolkata kept Madras time, +05:21:10, in 1900: `--export` writes its seconds.
    @Test func anOffsetWithSecondsIsWrittenInFull() throws {
        let dataset = try Self.dataset("Asia/Kolkata", from: "1900-06-01T00:00:00Z", to: "1900-06-01T12:00:00Z", step: 3600,
                                       levels: [.day])
        let offset = try #require(TimeZone(identifier: "Asia/Kolkata")).secondsFromGMT(for: Date(timeIntervalSince1970: -2_195_000_000))
        try #require(offset == 19_270, "this system's data gives Kolkata \(offset) s in 1900")
        #expect(Exporter.csv(dataset, levels: [.day]).contains(",1900-06-01T00:00:00+05:21:10,1900-06-02T00:00:00+05:21:10,12,"))
    }

    /// Apia skipped 30 Dec 2011: its month page keeps a bar for each date,
    /// the 30th empty and of no length, and the 31st holds the 31st's rows.
    @Test func aSkippedDayIsAnEmptyBar() throws {
        let dataset = try Self.dataset("Pacific/Apia", from: "2011-12-28T00:00:00Z", to: "2012-01-02T00:00:00Z", step: 900,
                                       levels: [.day, .month])
        let december = dataset.page(.month, index: 0)
        #expect(december.buckets.count == 31)
        #expect(december.buckets[29].start == december.buckets[29].end && december.buckets[29].stats.count == 0)
        let day31 = try #require(CivilDate(isoText: "2011-12-31")).dayNumber
        #expect(december.buckets[30].stats.count == Self.counts(dataset, .day)["2011-12-31"])
        #expect(december.buckets[30].stats.count == 96)
        #expect(december.buckets[30].start == dataset.calendar.start(of: .day, ordinal: day31))
    }
}
