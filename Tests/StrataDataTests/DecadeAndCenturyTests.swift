import Testing
@testable import StrataData

/// Decades start in years ending in 0 and centuries in 00, through strata's years 0001–9999.
@Suite("Decades and centuries")
struct DecadeAndCenturyTests {
    let utc = CalendarSystem(zone: .utc)
    let newYork = CalendarSystem(zone: ZoneRules(named: "America/New_York")!)

    func instant(_ date: String) -> Int64 { utc.start(of: .day, ordinal: CivilDate(isoText: date)!.dayNumber) }

    @Test("ordinals change on the first day of a year ending in 0 or 00", arguments: [
        ("1989-12-31", 198, 19), ("1990-01-01", 199, 19), ("1999-12-31", 199, 19), ("2000-01-01", 200, 20),
        ("0001-01-01", 0, 0), ("0009-12-31", 0, 0), ("0010-01-01", 1, 0), ("0100-01-01", 10, 1),
        ("9999-12-31", 999, 99),
    ])
    func ordinals(date: String, decade: Int, century: Int) {
        #expect(utc.ordinal(of: .decade, at: instant(date)) == decade)
        #expect(utc.ordinal(of: .century, at: instant(date)) == century)
    }

    @Test func startsAreLocalMidnightsOfTheFirstYear() {
        #expect(utc.start(of: .decade, ordinal: 199) == instant("1990-01-01"))
        #expect(utc.end(of: .decade, ordinal: 199) == instant("2000-01-01"))
        #expect(utc.start(of: .century, ordinal: 19) == instant("1900-01-01"))
        #expect(utc.end(of: .century, ordinal: 99) == utc.start(of: .year, ordinal: 10_000))
        #expect(utc.firstDate(of: .decade, ordinal: 0) == CivilDate(year: 0, month: 1, day: 1))
        // Midnight in New York is 05:00 UTC in winter.
        #expect(newYork.start(of: .decade, ordinal: 201) == instant("2010-01-01") + 5 * 3600)
        #expect(newYork.ordinal(of: .decade, at: instant("2010-01-01") + 4 * 3600) == 200)
    }

    @Test("ids and titles", arguments: [
        (Level.decade, 199, "1990s", "1990–1999"), (.century, 19, "1900s", "1900–1999"),
        (.decade, 0, "0000s", "0000–0009"), (.century, 0, "0000s", "0000–0099"),
        (.decade, 999, "9990s", "9990–9999"), (.century, 99, "9900s", "9900–9999"),
    ])
    func idsAndTitles(level: Level, ordinal: Int, id: String, title: String) {
        #expect(utc.periodID(level, ordinal: ordinal) == id)
        #expect(utc.title(level, ordinal: ordinal) == title)
    }

    @Test func aDecadeHoldsTenYearsAndACenturyTenDecades() {
        let years = utc.subBucketBoundaries(of: .decade, ordinal: 199, subUnit: .year)
        #expect(years.count - 1 == 10 && years[4] == instant("1994-01-01"))
        #expect(years.dropLast().map { utc.subBucketLabel(subUnit: .year, start: $0) }.first == "1990")
        let decades = utc.subBucketBoundaries(of: .century, ordinal: 19, subUnit: .decade)
        #expect(decades.count - 1 == 10)
        #expect(decades.dropLast().map { utc.subBucketLabel(subUnit: .decade, start: $0) }.last == "1990s")
        #expect(utc.subBucketBoundaries(of: .decade, ordinal: 999, subUnit: .year).count - 1 == 10)
        #expect(Dataset.subUnit(of: .decade, levels: [.decade, .century]) == .year)
        #expect(Dataset.subUnit(of: .century, levels: [.decade, .century]) == .decade)
    }

    @Test func referencesNameTheFirstYear() {
        #expect(utc.instant(forReference: "1990s") == instant("1990-01-01"))
        #expect(utc.instant(forReference: "1900S") == instant("1900-01-01"))
        #expect(utc.instant(forReference: "0000s") == utc.start(of: .decade, ordinal: 0))
        #expect(utc.instant(forReference: "1995s") == nil)
        #expect(utc.instant(forReference: "990s") == nil)
        #expect(utc.instant(forLooseReference: "2010s") == instant("2010-01-01"))
    }

    @Test func levelsParseAndSortWithTheOthers() {
        #expect(Level.parseList("century,decade,year") == [.year, .decade, .century])
        #expect(Level.decade.unit == .decade && Level.century.displayName == "Century")
        #expect(TimeUnit.decade < .century && TimeUnit.year < .decade)
    }
}
