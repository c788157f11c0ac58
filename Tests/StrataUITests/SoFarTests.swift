import StrataData
import Testing
@testable import StrataUI

/// A running period counts what has happened, on every screen that names
/// its figure: the pager's stats line, the overview's mini cards and the
/// map's rows of series take its sub-buckets up to the one holding "now";
/// rows after it (a schedule's, a forecast's) wait.
@Suite("So far")
struct SoFarTests {
    /// Day 2 at 01:30 already holds a 50 at 02:00, and day 4 a 1000 (data
    /// that goes on past now opens on now, day 2): so far
    /// day 2 is 9 + 3, and the week its first day and a half (by whole sub-buckets, days: 110 + 62).
    static let data = StatsLineTests.dataset([[4, 6, 100], [9, 3, 50], [], [1000]])
    static let now = StatsLineTests.start + StatsLineTests.day + 5400

    static func lines(_ keys: String) throws -> [String] {
        try ScreenTests.replay(data, keys, now: now).split(separator: "\n").map(String.init)
    }

    @Test func theOverviewsCardsOfRunningPeriodsShowTheirTotalsSoFar() throws {
        let screen = try Self.lines("o")
        // The day's card: 12 of its 62; the day before, whole, is 110.
        #expect(screen[6] == " │110       │ ┃~12       ┃ │          │ │1k        │ │          │ │          │ │")
        // The week's card: its days up to the one holding now, as the pager's week page says.
        #expect(screen[13] == " ┃~172      ┃ │~0        │")
        #expect(try Self.lines("down").contains { $0.hasPrefix("  total 172 so far ") })
        // The top days rank it by its so far too.
        #expect(screen.contains("   03  2024-01-02  12"))
        // Whole, they would be 62 and 1,172.
        #expect(Self.data.stats(.day, index: 1).sum == 62 && Self.data.stats(.week, index: 0).sum == 1172)
    }

    @Test func theMapsRowsOfSeriesReadTheRunningPeriodSoFar() throws {
        let screen = try Self.lines("m r")
        #expect(screen.last?.hasPrefix(" all  2024-01-02  sum 12  so far  ") == true)
        // The period before, whole, says no more than its figure.
        #expect(try Self.lines("m r left").last?.hasPrefix(" all  2024-01-01  sum 110  ⏎ open") == true)
    }
}
