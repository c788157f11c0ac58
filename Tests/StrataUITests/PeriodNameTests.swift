import StrataData
import Testing
@testable import StrataUI

/// Hours are named for people wherever a period is named (`Sun 22 Nov 2026
/// 14:00`), a repeated DST hour with its offset; `:` still takes ISO.
@Suite("Readable hour names")
struct PeriodNameTests {
    @Test func thePagerNamesHoursInItsStripAndStatsLine() throws {
        let screen = try ScreenTests.replay(MapTests.hourly, "")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == " ‹ Sun 14:00                 Sun 22 Nov 2026 15:00")
        #expect(lines[21].hasSuffix("vs same time Sun 22 Nov 2026 14:00"))
        // The overview's section and its cards.
        let overview = try ScreenTests.replay(MapTests.hourly, "o")
        #expect(overview.contains("Hour  17512 periods  Sat 23 Nov 2024 00:00 – Sun 22 Nov 2026 15:00"))
        #expect(overview.contains("┃Sun 15:00 ┃"))
    }

    @Test func colonStillTakesISO() throws {
        let screen = try ScreenTests.replay(MapTests.hourly, ": 2 0 2 6 - 1 1 - 2 0 T 0 9 : 0 0 enter")
        #expect(screen.split(separator: "\n")[1].contains("Fri 20 Nov 2026 09:00"))
    }

    @Test func theHourTheClocksRepeatCarriesItsOffset() throws {
        let screen = try RealDataGoldenTests.replayWithNoFlags("new-york-dst.csv", "m down", size: Size(width: 80, height: 14),
                                                              at: "2013-11-03T01:00") { setup in
            setup.zone = ZoneRules(named: "America/New_York")
            setup.levels = [.hour, .day]
        }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[10...13].map { String($0.prefix(29)) } == [
            " Sun 3 Nov 2013 00:00        ",
            " Sun 3 Nov 2013 01:00 UTC-4  ",
            " Sun 3 Nov 2013 01:00 UTC-5  ",
            " Sun 3 Nov 2013 01:00 UTC-5  ",
        ])
        #expect(lines[13].hasPrefix(" Sun 3 Nov 2013 01:00 UTC-5  sum 22"))
        let names = (0..<3).map { i in
            ZoneRules(named: "America/New_York").map { CalendarSystem(zone: $0) }!
                .periodName(.hour, ordinal: 1_383_454_800 / 3600 + i)
        }
        #expect(names == ["Sun 3 Nov 2013 01:00 UTC-4", "Sun 3 Nov 2013 01:00 UTC-5", "Sun 3 Nov 2013 02:00"])
    }
}
