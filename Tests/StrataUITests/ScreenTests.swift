import StrataData
import Testing
@testable import StrataUI

/// Whole screens from the demo and from small hand-made datasets.
@Suite("Screens")
struct ScreenTests {
    static let now = Int64(1_795_361_400)  // 2026-11-22T15:30:00Z
    static let utc = CalendarSystem(zone: .utc)

    static let demo: Dataset = {
        let demo = DemoData.load(now: now, calendar: utc, levels: Level.defaultSet)
        return Dataset(loaded: demo, levels: demo.levels)
    }()

    static func replay(_ dataset: Dataset, _ keys: String, size: Size = Size(width: 80, height: 24),
                       at: Int64? = nil, glyphs: Glyphs = .unicode, now: Int64 = now) throws -> String {
        var app = StrataApp(dataset: dataset, clock: TestClock(now: now), glyphs: glyphs, at: at)
        var output = ""
        HeadlessRunner.run(&app, tokens: try KeyScript.parse(keys), options: .init(size: size), to: &output)
        return output
    }

    /// A repeat is one token replayed N times (a million keys were a
    /// million kept tokens, 134 MB), and lands where N single keys do.
    @Test func aRepeatedKeyIsOneTokenAndLandsWhereItsKeysDo() throws {
        let tokens = try KeyScript.parse("right*999999 left*0 down")
        #expect(tokens.map(\.repeats) == [999_999, 1])
        #expect(try Self.replay(Self.demo, "left*3 down") == Self.replay(Self.demo, "left left left down"))
    }

    @Test("demo goldens", arguments: [
        ("demo-start", "", 80, 24),
        ("demo-week-after-paging", "left*3 down left", 80, 24),
        ("demo-month-mean", "down down a a", 80, 24),
        ("demo-wide-peeking", "left", 120, 32),
        ("demo-narrow", "", 40, 12),
        ("demo-smallest", "", 20, 6),
        ("demo-too-small", "", 19, 6),
        ("demo-help", "?", 80, 24),
        ("demo-prompt-error", ": x y enter", 80, 24),
        ("demo-prompt-jump", ": 2 0 2 6 - 0 3 - 0 1 enter", 80, 24),
        ("demo-count-pending", "1 2", 80, 24),
    ])
    func demoGolden(name: String, keys: String, width: Int, height: Int) throws {
        Golden.check(try Self.replay(Self.demo, keys, size: Size(width: width, height: height)), named: name)
    }

    /// The header as the width runs out: the `y:page` mark goes first, then the file name past
    /// ten columns, then the level names past their initials, the word strata, the right end's
    /// last parts whole (the zone before `y:level`), and only then a cut.
    @Test func theHeaderKeepsAShortFileNameLongest() throws {
        let weather = try RealDataGoldenTests.loadWithNoFlags("seattle-weather.csv").0
        func header(_ keys: String, _ width: Int) throws -> String {
            String(try Self.replay(weather, keys, size: Size(width: width, height: 12)).prefix { $0 != "\n" })
        }
        #expect(try header("", 100) == " strata  seattle-weather.csv    Week │ Month │ Quarter │ Year  sum precipitation 1/4 · y:page · UTC")
        #expect(try header("", 80) == " strata  seattle-w…  Week │ Month │ Quarter │ Year  sum precipitation 1/4 · UTC")
        #expect(try header("y", 80) == " strata  seattle-weather…  W │ M │ Q │ Y  sum precipitation 1/4 · y:level · UTC")
        #expect(try header("", 60) == " seattle-weath…  W │ M │ Q │ Y  sum precipitation 1/4 · UTC")
        #expect(try header("y", 60) == " seattle-w…  W │ M │ Q │ Y  sum precipitation 1/4 · y:level")
        // No room for a short name even so: the level names stay whole.
        #expect(try header("y", 40) == " Week │ Month │ Quarter │ Year  sum pr…")
    }

    /// A help line too long for a narrow box wraps at a space, indented under its summary.
    @Test func helpWrapsLongLinesWithAnIndent() throws {
        let lines = try Self.replay(Self.demo, "?", size: Size(width: 40, height: 16)).split(separator: "\n").map(String.init)
        #expect(lines[4...5] == [
            "││ ↓ j    coarser level (day → week → ││",
            "││          month)                    ││",
        ])
    }

    /// The footer gives its right margin to a hint that fits but for it.
    @Test func theCardFooterKeepsEscBackWhereItFits() throws {
        let screen = try Self.replay(CardTests.huge, "home enter", size: Size(width: 37, height: 12))
        #expect(screen.split(separator: "\n").last == " ⏎ zoom  Esc back  row 1/7   week 1/2")
    }

    @Test func asciiFallback() throws {
        Golden.check(try Self.replay(Self.demo, "left", glyphs: .ascii), named: "demo-ascii")
    }

    @Test("every size dumps exactly H lines no wider than W",
          arguments: [(20, 6), (21, 7), (33, 8), (47, 9), (80, 24), (99, 30), (100, 30), (200, 60), (1, 1), (19, 40)])
    func dumpShape(width: Int, height: Int) throws {
        for keys in ["", "down", "down down", "?", ":"] {
            let text = try Self.replay(Self.demo, keys, size: Size(width: width, height: height))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == height)
            #expect(lines.allSatisfy { TextWidth.columns(of: String($0)) <= width })
            #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
        }
    }

    @Test func positionTextIsExact() throws {
        let screen = try Self.replay(Self.demo, "home right*64")
        #expect(screen.contains("day 65/730"))
        let week = try Self.replay(Self.demo, "down home")
        #expect(week.contains("week 1/"))
    }

    /// A New York dataset with one event every hour around the autumn DST change.
    static let newYork: Dataset = {
        let calendar = CalendarSystem(zone: ZoneRules(named: "America/New_York")!)
        var accumulator = Accumulator(calendar: calendar, baseUnit: .hour)
        let start = Int64(1_383_364_800)  // 2013-11-02T04:00Z, midnight in New York
        for hour in 0..<72 { accumulator.add(seconds: start + Int64(hour) * 3600, value: Double(hour % 24 + 1)) }
        return Dataset(loaded: LoadResult(accumulator: accumulator, sourceName: "dst.csv", valueName: "value"), levels: Level.defaultSet)
    }()

    @Test func dstDayHas25Bars() throws {
        let screen = try Self.replay(Self.newYork, "left", size: Size(width: 100, height: 20))
        Golden.check(screen, named: "dst-fall-back-day")
        #expect(screen.contains("Sun 3 Nov 2013"))
        #expect(Self.newYork.page(.day, index: 1).buckets.count == 25)
    }
}
