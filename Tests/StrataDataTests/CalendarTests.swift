import Testing
@testable import StrataData

@Suite("Calendar and periods")
struct CalendarTests {
    let newYork = CalendarSystem(zone: ZoneRules(named: "America/New_York")!)
    let utc = CalendarSystem(zone: .utc)

    func dayOrdinal(_ text: String) -> Int { CivilDate(isoText: text)!.dayNumber }

    @Test("DST days have 23 and 25 hourly bars in New York", arguments: [
        ("2013-03-10", 23), ("2013-11-03", 25), ("2013-03-11", 24), ("2013-07-04", 24),
    ])
    func dstDayLength(day: String, hours: Int) {
        let bounds = newYork.subBucketBoundaries(of: .day, ordinal: dayOrdinal(day), subUnit: .hour)
        #expect(bounds.count - 1 == hours)
        #expect(bounds.last! - bounds.first! == Int64(hours) * 3600)
    }

    /// Lord Howe Island moves its clocks by half an hour: the day that ends
    /// summer time has 24.5 hours, all of them cut into sub-buckets (hour
    /// ordinals there follow the half-hour phase, so cuts fall on :00 or :30).
    @Test func aHalfHourClockChangeKeepsTheWholeDay() throws {
        let lordHowe = CalendarSystem(zone: try #require(ZoneRules(named: "Australia/Lord_Howe")))
        let bounds = lordHowe.subBucketBoundaries(of: .day, ordinal: dayOrdinal("2024-04-07"), subUnit: .hour)
        #expect(bounds.last! - bounds.first! == 24 * 3600 + 1800)
        #expect(zip(bounds, bounds.dropFirst()).allSatisfy { $1 > $0 && $1 - $0 <= 3600 })
        #expect(bounds.allSatisfy { [0, 30].contains(lordHowe.localTime(at: $0).minute) })
    }

    @Test func dstDayHourLabels() {
        let bounds = newYork.subBucketBoundaries(of: .day, ordinal: dayOrdinal("2013-11-03"), subUnit: .hour)
        let labels = bounds.dropLast().map { newYork.subBucketLabel(subUnit: .hour, start: $0) }
        #expect(labels.prefix(4) == ["00", "01", "01", "02"])
        let spring = newYork.subBucketBoundaries(of: .day, ordinal: dayOrdinal("2013-03-10"), subUnit: .hour)
        #expect(spring.dropLast().map { newYork.subBucketLabel(subUnit: .hour, start: $0) }.prefix(4) == ["00", "01", "03", "04"])
    }

    @Test func hourIDsCarryTheOffset() {
        // 2013-11-03 01:30 happens twice in New York: once at -04:00, once at -05:00.
        let first = Int64(1_383_456_600)   // 05:30Z
        let second = first + 3600          // 06:30Z
        let a = newYork.ordinal(of: .hour, at: first), b = newYork.ordinal(of: .hour, at: second)
        #expect(a != b)
        #expect(newYork.periodID(.hour, ordinal: a) == "2013-11-03T01:00-04:00")
        #expect(newYork.periodID(.hour, ordinal: b) == "2013-11-03T01:00-05:00")
        #expect(newYork.periodID(.hour, ordinal: newYork.ordinal(of: .hour, at: 1_362_900_600)) == "2013-03-10T03:00-04:00")
    }

    @Test func isoWeek2010W52() {
        let t = utc.start(of: .day, ordinal: dayOrdinal("2010-12-30"))
        let week = utc.ordinal(of: .week, at: t)
        #expect(utc.periodID(.week, ordinal: week) == "2010-W52")
        #expect(utc.firstDate(of: .week, ordinal: week).isoString == "2010-12-27")
        let days = utc.subBucketBoundaries(of: .week, ordinal: week, subUnit: .day)
        #expect(days.count == 8)
        #expect(utc.localTime(at: days[6]).date.isoString == "2011-01-02")
        #expect(utc.localTime(at: days[7]).date.isoString == "2011-01-03")
    }

    @Test func februaryOf2012Has29Days() {
        let month = 2012 * 12 + 1
        #expect(utc.periodID(.month, ordinal: month) == "2012-02")
        #expect(utc.subBucketBoundaries(of: .month, ordinal: month, subUnit: .day).count - 1 == 29)
        #expect(utc.subBucketBoundaries(of: .month, ordinal: month + 12, subUnit: .day).count - 1 == 28)
    }

    @Test func sundayStartWeeks() {
        let sunday = CalendarSystem(zone: .utc, weekStart: .sunday)
        let t = sunday.start(of: .day, ordinal: dayOrdinal("2013-03-13"))  // a Wednesday
        let week = sunday.ordinal(of: .week, at: t)
        #expect(sunday.firstDate(of: .week, ordinal: week).isoString == "2013-03-10")
        #expect(sunday.periodID(.week, ordinal: week) == "W2013-03-10")
        let saturday = CalendarSystem(zone: .utc, weekStart: .saturday)
        #expect(saturday.firstDate(of: .week, ordinal: saturday.ordinal(of: .week, at: t)).isoString == "2013-03-09")
    }

    @Test("period ids of every level", arguments: [
        (Level.hour, "2013-03-10T14:00+00:00"), (.day, "2013-03-10"), (.week, "2013-W10"),
        (.month, "2013-03"), (.quarter, "2013-Q1"), (.year, "2013"), (.decade, "2010s"), (.century, "2000s"),
    ])
    func periodIDs(level: Level, id: String) {
        let t = Int64(1_362_925_800)  // 2013-03-10T14:30:00Z
        #expect(utc.periodID(level, ordinal: utc.ordinal(of: level.unit, at: t)) == id)
    }

    @Test("sub-bucket counts", arguments: [
        (Level.hour, 60), (.day, 24), (.week, 7), (.month, 31), (.year, 12),
    ])
    func subBucketCounts(level: Level, count: Int) {
        let t = Int64(1_362_925_800)
        let sub: TimeUnit = [.hour: .minute, .day: .hour, .week: .day, .month: .day, .year: .month][level]!
        #expect(utc.subBucketBoundaries(of: level.unit, ordinal: utc.ordinal(of: level.unit, at: t), subUnit: sub).count - 1 == count)
    }

    @Test("quarters have 13 or 14 week buckets", arguments: 2010 * 4..<2016 * 4)
    func quarterWeeks(quarter: Int) {
        let n = utc.subBucketBoundaries(of: .quarter, ordinal: quarter, subUnit: .week).count - 1
        #expect((13...14).contains(n))
        #expect(utc.subBucketBoundaries(of: .quarter, ordinal: quarter, subUnit: .month).count - 1 == 3)
    }

    @Test func references() {
        #expect(utc.instant(forReference: "2013-03-10") == 1_362_873_600)
        #expect(utc.instant(forReference: "2013-W10") == utc.instant(forReference: "2013-03-04"))
        #expect(utc.instant(forReference: "2010-W52") == utc.instant(forReference: "2010-12-27"))
        #expect(utc.instant(forReference: "2013-Q2") == utc.instant(forReference: "2013-04-01"))
        #expect(utc.instant(forReference: "2013-03") == utc.instant(forReference: "2013-03-01"))
        #expect(utc.instant(forReference: "2013") == utc.instant(forReference: "2013-01-01"))
        #expect(utc.instant(forReference: "2013-03-10T14:30") == 1_362_925_800)
        #expect(utc.instant(forReference: "2013-13-01") == nil)
        #expect(utc.instant(forReference: "yesterday") == nil)
    }

    @Test func naiveTimesInAGap() {
        // 02:30 on 2013-03-10 does not exist in New York: it moves forward to 03:30 EDT.
        let local = Int64(dayOrdinal("2013-03-10")) * 86_400 + 2 * 3600 + 1800
        #expect(newYork.zone.utc(fromLocal: local) == 1_362_900_600)
        // 01:30 on 2013-11-03 happens twice: the first (EDT) is chosen.
        let repeated = Int64(dayOrdinal("2013-11-03")) * 86_400 + 3600 + 1800
        #expect(newYork.zone.utc(fromLocal: repeated) == 1_383_456_600)
    }
}

@Suite("ISO arguments")
struct ISOArgumentTests {
    let newYork = CalendarSystem(zone: ZoneRules(named: "America/New_York")!)

    @Test func offsetsAsWrittenNaiveInTheZone() {
        #expect(newYork.instant(isoText: "2013-03-10T14:30:00Z") == 1_362_925_800)
        #expect(newYork.instant(isoText: "2013-03-10T16:30+02:00") == 1_362_925_800)
        #expect(newYork.instant(isoText: "2013-03-10T09:30:00.5-0500") == 1_362_925_800)
        #expect(newYork.instant(isoText: "2013-03-10T10:30") == 1_362_925_800)  // EDT, naive
        #expect(newYork.instant(isoText: "2013-03-10T14:30Zjunk") == nil)
        #expect(newYork.instant(isoText: "tomorrow") == nil)
    }
}
