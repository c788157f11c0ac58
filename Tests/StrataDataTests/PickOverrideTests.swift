import Testing
@testable import StrataData

/// What the options change in the picks that `ShapeTests` checks without them.
struct PickOverrideTests {
    static let hourly = "time,city,temp\n" + (0..<6).map { h in
        ["oslo", "rome"].map { "2024-01-01T0\(h):00:00-05:00,\($0),\(h)" }.joined(separator: "\n")
    }.joined(separator: "\n") + "\n"

    static func load(_ text: String, setup: LoadSetup = LoadSetup(),
                     _ configure: (inout ReadOptions) -> Void = { _ in }) throws(ReadError) -> LoadResult {
        var setup = setup
        setup.fallbackZone = .utc
        return try DataLoader.load([.file(Fixture.file("data.csv", text))], options: Fixture.options(configure), setup: setup)
    }

    @Test func seriesNoneTurnsTheFoundSeriesOff() throws {
        #expect(try Self.load(Self.hourly).seriesNames == ["oslo", "rome"])
        let off = try Self.load(Self.hourly) { $0.seriesColumn = "none" }
        #expect(off.seriesNames.isEmpty && off.seriesColumn == nil)
    }

    @Test func tzAndLevelsOverrideThePicks() throws {
        #expect(try Self.load(Self.hourly).calendar.zone.displayName == "UTC-05:00")
        var setup = LoadSetup()
        setup.zone = ZoneRules(named: "Europe/Berlin")
        setup.levels = [.day, .week]
        setup.startLevel = .year
        let r = try Self.load(Self.hourly, setup: setup)
        #expect(r.calendar.zone.displayName == "Europe/Berlin")
        #expect(r.levels == [.day, .week, .year])
        #expect(r.accumulator.baseUnit == .hour)
    }

    @Test func aStartLevelFinerThanThePicksAddsItAndItsBuckets() throws {
        var setup = LoadSetup()
        setup.startLevel = .hour
        let r = try Self.load("date,n\n2024-01-01,1\n2024-01-02,2\n2024-01-03,3\n2024-02-03,3\n", setup: setup)
        #expect(r.levels == [.hour, .week, .month])
        #expect(r.accumulator.baseUnit == .minute)
    }

    @Test func timePartsJoinedByHand() throws {
        let r = try Fixture.load("yr,mo,d,h,n\n2013,1,2,5,1\n2013,1,2,6,2\n") { $0.timeColumn = "yr+mo+d+h" }
        #expect(r.timeName == "yr+mo+d+h")
        #expect(Fixture.minutes(r).map(\.0) == [Fixture.utc(2013, 1, 2, 5), Fixture.utc(2013, 1, 2, 6)])
    }

    @Test func aDayOfTheMonthIsNeverAnEpochTime() {
        let error = Fixture.error("day,n\n1,5\n2,6\n31,7\n") { $0.timeColumn = "day" }
        #expect(error?.message.contains("values like \"1\" are not times") == true)
    }

    @Test func eventsCountRowsEvenWithAValueColumn() throws {
        let r = try Self.load("time,bytes\n2024-01-01T10:00:03Z,5\n2024-01-01T10:00:03Z,6\n2024-01-01T10:00:41Z,9\n")
        #expect(r.countsRows && r.suggestedAggregate == .count)
        #expect(r.notes.contains { $0.contains("--value bytes sums a column") })
        let chosen = try Self.load("time,bytes\n2024-01-01T10:00:03Z,5\n2024-01-01T10:00:03Z,6\n") { $0.valueColumn = "bytes" }
        #expect(!chosen.countsRows && chosen.suggestedAggregate == .sum)
    }
}
