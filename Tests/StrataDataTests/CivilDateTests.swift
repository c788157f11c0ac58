import Testing
@testable import StrataData

@Suite("Civil dates")
struct CivilDateTests {
    @Test("day numbers round-trip", arguments: [-800_000, -1, 0, 1, 11_016, 15_400, 19_000, 2_932_896])
    func roundTrip(day: Int) {
        #expect(CivilDate(dayNumber: day).dayNumber == day)
    }

    @Test func knownDates() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(CivilDate(year: 2000, month: 3, day: 1).dayNumber == 11_017)
        #expect(CivilDate(dayNumber: 15_404) == CivilDate(year: 2012, month: 3, day: 5))
        #expect(CivilDate(year: 2012, month: 3, day: 5).isoWeekday == 1)
        #expect(CivilDate(year: 2013, month: 3, day: 10).isoWeekday == 7)
    }

    @Test("leap years", arguments: [(2012, 29), (2013, 28), (1900, 28), (2000, 29)])
    func february(year: Int, days: Int) {
        #expect(CivilDate.daysInMonth(year: year, month: 2) == days)
    }

    @Test("ISO week numbers", arguments: [
        ("2010-12-27", 2010, 52), ("2011-01-02", 2010, 52), ("2011-01-03", 2011, 1),
        ("2008-12-29", 2009, 1), ("2015-12-31", 2015, 53), ("2016-01-03", 2015, 53),
    ])
    func isoWeek(date: String, year: Int, week: Int) throws {
        let d = try #require(CivilDate(isoText: date))
        #expect(d.isoWeek.year == year)
        #expect(d.isoWeek.week == week)
    }
}
