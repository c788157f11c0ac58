import Foundation
import StrataData
import Testing
@testable import StrataUI

/// Replays over the public datasets in `Tests/Fixtures/`, compared with golden screens.
@Suite("Replay goldens on real data")
struct RealDataGoldenTests {
    static let now = Int64(1_795_361_400)  // 2026-11-22T15:30:00Z: long after the data ends

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func load(_ name: String, levels: [Level] = Level.defaultSet, options: ReadOptions = ReadOptions()) throws -> Dataset {
        let calendar = CalendarSystem(zone: .utc)
        let path = fixtures.appendingPathComponent(name).path
        let result = try DataLoader.load([.file(path)], options: options, calendar: calendar,
                                         baseUnit: Level.baseUnit(for: levels))
        return Dataset(loaded: result, levels: levels)
    }

    /// As the command reads a file with no flags: columns, levels, zone and
    /// aggregate picked from the data (the fallback zone UTC, as `TZ=UTC` would).
    static func loadWithNoFlags(_ name: String, options: ReadOptions = ReadOptions(),
                                setup configure: (inout LoadSetup) -> Void = { _ in }) throws
        -> (Dataset, Aggregate, StrataApp.RowReader) {
        try loadWithNoFlags(path: fixtures.appendingPathComponent(name).path, options: options, setup: configure)
    }

    static func loadWithNoFlags(path: String, options: ReadOptions = ReadOptions(),
                                setup configure: (inout LoadSetup) -> Void = { _ in }) throws
        -> (Dataset, Aggregate, StrataApp.RowReader) {
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        configure(&setup)
        let result = try DataLoader.load([.file(path)], options: options, setup: setup)
        return (Dataset(loaded: result, levels: result.levels), result.suggestedAggregate, CardRows.reader(result.rowLocator))
    }

    /// The first page with no flags, and after `v` to the next value column.
    @Test("first page with no flags", arguments: [
        ("births-1978.csv", "births-no-flags", ""),
        ("seattle-weather.csv", "weather-no-flags", ""),
        ("seattle-weather.csv", "weather-no-flags-temp-max", "v down"),
        ("seattle-weather.csv", "card-weather-month", ": 2 0 1 4 - 0 3 enter enter end"),
        ("births-1978.csv", "card-births-week", ": 1 9 7 8 - W 1 0 enter enter down*6"),
        // Five stocks' prices, sorted by symbol: overlaid, never averaged.
        ("shapes/long-by-symbol.csv", "shape-long-by-symbol", ""),
        // Three stations sorted by station, then by time: readings, overlaid.
        ("shapes/stations-by-station.csv", "shape-stations-by-station", ""),
        ("shapes/stations-by-time.csv", "shape-stations-by-time", ""),
        // Departures and arrivals: intervals, on the day level's hours.
        ("shapes/departures.csv", "shape-departures", ""),
        // UTC times ending in New York's evening of 31 December: the day before the 5-hour stub opens.
        ("shapes/local-in-utc.csv", "shape-local-in-utc", ""),
        ("shapes/dotted-dates.csv", "shape-dotted-dates", ""),
        // A value a year: a decade's ten years a page, then a century's ten decades.
        ("shapes/yearly.csv", "shape-yearly-decade", ""),
        ("shapes/yearly.csv", "shape-yearly-century", "down"),
        ("shapes/five-yearly.csv", "shape-five-yearly-decade", ""),
    ])
    func firstPageWithNoFlags(file: String, golden: String, keys: String) throws {
        Golden.check(try Self.replayWithNoFlags(file, keys), named: golden)
    }

    /// The command's screens on a fixture read with no flags, rows read back for the card.
    static func replayWithNoFlags(_ file: String, _ keys: String, size: Size = Size(width: 80, height: 24), at: String? = nil,
                                  setup: (inout LoadSetup) -> Void = { _ in }) throws -> String {
        try replayWithNoFlags(path: fixtures.appendingPathComponent(file).path, keys, size: size, at: at, setup: setup)
    }

    /// `replayWithNoFlags` on a file anywhere (one a test wrote).
    static func replayWithNoFlags(path: String, _ keys: String, size: Size = Size(width: 80, height: 24), at: String? = nil,
                                  setup: (inout LoadSetup) -> Void = { _ in }) throws -> String {
        let (dataset, aggregate, readRows) = try loadWithNoFlags(path: path, setup: setup)
        var app = StrataApp(dataset: dataset, clock: TestClock(now: now), at: at.flatMap(dataset.calendar.instant(forReference:)),
                            aggregate: aggregate, readRows: readRows)
        var output = ""
        HeadlessRunner.run(&app, tokens: try KeyScript.parse(keys), options: .init(size: size), to: &output)
        return output
    }

    // Loaded once for all the cases; a failure to load fails each test that needs the data.
    static let weather = Result { try load("seattle-weather.csv") }
    static let births = Result { try load("births-1978.csv") }

    @Test("seattle weather", arguments: [
        ("weather-last-day", "", 80, 24),
        ("weather-paged-back", "left*3", 80, 24),
        ("weather-week", "left*3 down", 80, 24),
        ("weather-month", "down down", 80, 24),
        ("weather-month-max", "down down a a a a", 80, 24),
        ("weather-first-month", "down down home", 100, 30),
        ("weather-count-jump", "down 1 0 left", 80, 24),
    ])
    func weather(name: String, keys: String, width: Int, height: Int) throws {
        Golden.check(try ScreenTests.replay(Self.weather.get(), keys, size: Size(width: width, height: height), now: Self.now),
                     named: name)
    }

    @Test("births 1978", arguments: [
        ("births-week", "down", 80, 24),
        ("births-month-wide", "down down home right", 120, 30),
    ])
    func births(name: String, keys: String, width: Int, height: Int) throws {
        Golden.check(try ScreenTests.replay(Self.births.get(), keys, size: Size(width: width, height: height), now: Self.now),
                     named: name)
    }

    @Test func weatherPositionsMatchTheData() throws {
        let screen = try ScreenTests.replay(Self.weather.get(), "", now: Self.now)
        #expect(screen.contains("day 1461/1461"))
        #expect(screen.contains("2015-12-31"))
        let first = try ScreenTests.replay(Self.weather.get(), "home", now: Self.now)
        #expect(first.contains("day 1/1461"))
        #expect(first.contains("2012-01-01"))
    }
}
