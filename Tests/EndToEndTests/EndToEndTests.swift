import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built binary under tmux, as a user would drive it.
@Suite("End to end under tmux", .serialized)
struct EndToEndTests {
    let strata = TmuxSession.binary
    let weather = TmuxSession.sharedData + "/seattle-weather.csv"

    /// The `LEVEL N/M` text on a screen, e.g. `day 1461/1461`.
    func position(_ screen: String) -> String? {
        guard let match = screen.range(of: #"(hour|day|week|month|quarter|year) \d+/\d+"#, options: .regularExpression) else { return nil }
        return String(screen[match])
    }

    @Test func arrowsChangeThePeriodAndThePosition() throws {
        let session = try TmuxSession("'\(strata)' '\(weather)' --tz UTC --levels day,week,month")
        var screen = try session.wait(for: "day 1461/1461")
        #expect(screen.contains("2015-12-31"))
        // Paging animates: wait for the slide to land, not just for the position text.
        try session.send("Left")
        screen = try session.wait { $0.contains("day 1460/1461") && $0.contains("Wed 30 Dec 2015") }
        #expect(screen.contains("Wed 30 Dec 2015"))
        try session.send("Down")
        screen = try session.wait { self.position($0)?.hasPrefix("week") == true }
        #expect(position(screen) == "week 210/210")
        try session.send("Left", "Left", "Up")
        screen = try session.wait { $0.contains("day 1460/1461") && $0.contains("Wed 30 Dec 2015") }
        #expect(screen.contains("2015-12-30"))
        try session.send("Home")
        try session.wait(for: "day 1/1461")
        try session.send("5", "l")
        screen = try session.wait { $0.contains("day 6/1461") && $0.contains("Fri 6 Jan 2012") }
        #expect(screen.contains("2012-01-06"))
    }

    @Test func resizeRelaysOutTheScreen() throws {
        let session = try TmuxSession("'\(strata)' '\(weather)' --tz UTC --levels day,week,month")
        try session.wait(for: "day 1461/1461")
        try session.resize(width: 120, height: 32)
        let wide = try session.wait { $0.split(separator: "\n", omittingEmptySubsequences: false).count >= 32 && $0.contains("day 1461/1461") && $0.contains("╯") }
        let lines = wide.split(separator: "\n", omittingEmptySubsequences: false)
        // The card's bottom border moves down with the taller screen.
        let border = try #require(lines.lastIndex { $0.contains("╰") })
        #expect(border >= 26)
        try session.resize(width: 30, height: 10)
        let narrow = try session.wait { screen in
            screen.split(separator: "\n").allSatisfy { $0.count <= 30 } && screen.contains("day 1461/1461")
        }
        #expect(narrow.contains("day 1461/1461"))
        try session.resize(width: 12, height: 4)
        try session.wait(for: "terminal too")
        try session.resize(width: 80, height: 24)
        try session.wait(for: "←→ day")
    }

    @Test func quitExitsZeroAndRestoresTheTerminal() throws {
        let session = try TmuxSession(
            "stty -g > before; '\(strata)' '\(weather)' --tz UTC --levels day,week,month; echo \"exit=$?\" > status; stty -g > after; echo done; sleep 30")
        try session.wait(for: "day 1461/1461")
        try session.send("q")
        let screen = try session.wait(for: "done")
        #expect(session.file("status") == "exit=0\n")
        #expect(session.file("before") != nil)
        #expect(session.file("before") == session.file("after"))
        // The alternate screen is gone: the chart is no longer shown.
        #expect(!screen.contains("day 1461/1461"))
    }

    /// Ctrl-C quits: as SIGINT (exit 130) when the terminal sends the signal,
    /// as the quit key (exit 0) when it arrives as a byte. Either way the
    /// terminal is restored. (The shell survives it as an interactive one would.)
    @Test func ctrlCQuitsAndRestoresTheTerminal() throws {
        let session = try TmuxSession(
            "trap 'true' INT; stty -g > before; '\(strata)' --demo; echo \"exit=$?\" > status; stty -g > after; echo done; sleep 30")
        try session.wait { self.position($0) != nil }
        try session.send("C-c")
        try session.wait(for: "done")
        #expect(["exit=130\n", "exit=0\n"].contains(session.file("status") ?? ""))
        #expect(session.file("before") == session.file("after"))
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let session = try TmuxSession(
            "stty -g > before; sh -c 'echo $$ > pid; exec \"$0\" --demo' '\(strata)'; echo \"exit=$?\" > status; stty -g > after; echo done; sleep 30")
        try session.wait { self.position($0) != nil }
        let pid = try #require(session.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        kill(pid, SIGTERM)
        let screen = try session.wait(for: "done")
        #expect(session.file("status") == "exit=143\n")
        #expect(session.file("before") == session.file("after"))
        #expect(!screen.contains("demo: shop orders"))
    }

    @Test func pipedDataTakesKeysFromTheTerminal() throws {
        let session = try TmuxSession("cat '\(weather)' | '\(strata)' --tz UTC --levels day,week,month")
        try session.wait(for: "day 1461/1461")
        try session.send("Left", "Left")
        let screen = try session.wait(for: "day 1459/1461")
        #expect(screen.contains("stdin"))
        try session.send("q")
    }

    @Test func helpOverlayOpensAndCloses() throws {
        let session = try TmuxSession("'\(strata)' --demo")
        try session.wait { self.position($0) != nil }
        try session.send("?")
        try session.wait(for: "previous period")
        try session.send("Escape")
        let screen = try session.wait { !$0.contains("previous period") }
        #expect(!screen.contains("previous period"))
    }

    @Test func asciiGlyphsWhenTheLocaleIsNotUTF8() throws {
        let session = try TmuxSession("LANG=C LC_ALL=C '\(strata)' --demo")
        let screen = try session.wait { self.position($0) != nil && $0.contains("+----") }
        #expect(screen.contains("Day | Week | Month"))
        #expect(screen.contains("h/l day"))
        #expect(!screen.contains("╭"))
        try session.send("q")
    }

    @Test func unknownTerminalExits69() throws {
        let session = try TmuxSession("TERM=no-such-terminal '\(strata)' --demo 2> err; echo \"exit=$?\" > status; sleep 30")
        try session.wait(timeout: 10) { _ in session.file("status") != nil }
        #expect(session.file("status") == "exit=69\n")
        #expect(session.file("err")?.hasPrefix("strata: ") == true)
    }
}
