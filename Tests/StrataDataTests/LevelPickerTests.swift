import Testing
@testable import StrataData

/// The default levels: the finest whose pages hold six or more points and
/// whose bars are not finer than the typical gap, then coarser ones.
@Suite("Level picker")
struct LevelPickerTests {
    let utc = CalendarSystem(zone: .utc)
    static let day: Int64 = 86_400

    func year(_ y: Int) -> Int64 { utc.start(of: .year, ordinal: y) }

    @Test("the finest level by the typical gap", arguments: [
        (Int64(60), Level.hour), (3600, .day), (day, .week), (7 * day, .year), (10 * day, .year),
        (31 * day, .year), (30 * day, .year), (91 * day, .decade), (365 * day, .decade), (1826 * day, .decade),
        (20 * 365 * day, .decade),
    ])
    func finest(gap: Int64, level: Level) {
        #expect(LevelPicker.finest(forGap: gap) == level)
    }

    @Test func monthlyDataOpensOnYearsNotQuarters() {
        let levels = LevelPicker.levels(from: LevelPicker.finest(forGap: 31 * Self.day), first: year(2015), last: year(2024), calendar: utc)
        #expect(levels == [.year, .decade])
    }

    /// A quarter without weeks is three monthly bars, a handful where a year has twelve.
    @Test func weeklyDataOpensOnYearsNotQuartersOfThreeMonths() {
        let levels = LevelPicker.levels(from: LevelPicker.finest(forGap: 7 * Self.day), first: year(2019), last: year(2024), calendar: utc)
        #expect(levels == [.year, .decade])
        #expect(Level.quarter.barUnit(among: [.quarter, .year]) == .month)
    }

    @Test func yearlyAndFiveYearlyDataPageThroughDecadesThenCenturies() {
        #expect(LevelPicker.levels(from: .decade, first: year(1960), last: year(2019), calendar: utc) == [.decade, .century])
        #expect(LevelPicker.levels(from: .decade, first: year(1900), last: year(1995), calendar: utc) == [.decade])
        #expect(LevelPicker.levels(from: .decade, first: year(1700), last: year(2000), calendar: utc) == [.decade, .century])
    }

    @Test func dailyAndHourlyDataKeepTheirFourLevels() {
        #expect(LevelPicker.levels(from: .week, first: year(1990), last: year(2020), calendar: utc) == [.week, .month, .quarter, .year])
        #expect(LevelPicker.levels(from: .day, first: year(1990), last: year(2020), calendar: utc) == [.day, .week, .month, .year])
    }

    @Test func theNoteSaysHowManyTimesAPageHolds() {
        #expect(LevelPicker.note([.year, .decade], gap: 31 * Self.day, length: nil)
            == "levels: year,decade (times about 31 d apart, about 12 a year; --levels overrides)")
        #expect(LevelPicker.note([.day, .week], gap: 3600, length: 7200)
            == "levels: day,week (times about 1 h apart, intervals about 2 h long; --levels overrides)")
        #expect(LevelPicker.note([.day], gap: nil, length: nil) == "levels: day")
    }
}
