import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built binary under tmux, as a user would drive it. Navigation runs
/// with `--no-animation` and waits for the app to say it is idle; one test
/// covers the slide.
@Suite("End to end under tmux", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not on the PATH"))
struct EndToEndTests {
    let strata = Repository.binary
    let weather = Repository.fixture("seattle-weather.csv")

    /// The `LEVEL N/M` text on a screen, e.g. `day 1461/1461`.
    func position(_ screen: String) -> String? {
        guard let match = screen.range(of: #"(hour|day|week|month|quarter|year) \d+/\d+"#, options: .regularExpression) else { return nil }
        return String(screen[match])
    }

    /// The rows of a captured or dumped screen (each ends with a newline).
    func lines(_ screen: String) -> [Substring] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }

    @Test func arrowsChangeThePeriodAndThePosition() throws {
        let session = try TmuxSession("'\(strata)' '\(weather)' --tz UTC --levels day,week,month --no-animation")
        var screen = try session.waitForIdle()
        #expect(position(screen) == "day 1461/1461")
        #expect(screen.contains("2015-12-31"))
        screen = try session.press("Left")
        #expect(position(screen) == "day 1460/1461")
        #expect(screen.contains("Wed 30 Dec 2015"))
        screen = try session.press("Down")
        #expect(position(screen) == "week 210/210")
        // The week moves; the day level keeps its own position.
        screen = try session.press("Left", "Left")
        #expect(position(screen) == "week 208/210")
        screen = try session.press("Up")
        #expect(position(screen) == "day 1460/1461")
        #expect(screen.contains("2015-12-30"))
        screen = try session.press("Home")
        #expect(position(screen) == "day 1/1461")
        screen = try session.press("5", "l")
        #expect(position(screen) == "day 6/1461")
        #expect(screen.contains("Fri 6 Jan 2012"))
    }

    /// Paging slides; the app says it is idle only once the slide has
    /// landed, so the screen then is the page a dump of the same keys shows.
    /// Keys sent together skip the slides still running.
    @Test func pagingWithAnimationLandsOnTheNewPage() throws {
        let session = try TmuxSession("'\(strata)' '\(weather)' --tz UTC --levels day,week,month")
        let start = try session.waitForIdle()
        #expect(position(start) == "day 1461/1461")
        for (keys, script) in [(["Left"], "left"), (["Left", "Left", "Left"], "left*4"), (["Down", "Right"], "left*4 down right")] {
            let screen = try session.press(keys)
            let dump = try CommandLineTests.strata("'\(weather)' --tz UTC --levels day,week,month --dump --keys '\(script)'")
            #expect(dump.status == 0)
            #expect(lines(screen) == lines(dump.stdout), "after \(script)")
        }
    }

    /// At 120 columns the tabs are not where they are at 80: a click goes
    /// where the drawn screen has them, and a click on a dot pages there.
    @Test func clicksLandOnWhatIsDrawn() throws {
        let session = try TmuxSession("'\(strata)' '\(weather)' --tz UTC --levels day,week,month --no-animation", width: 120, height: 40)
        let start = try session.waitForIdle()
        let header = try #require(lines(start).first)
        let month = try #require(header.range(of: "Month"))
        var screen = try session.click(x: header.distance(from: header.startIndex, to: month.lowerBound) + 2, y: 0)
        #expect(position(screen) == "month 48/48")
        let dots = try #require(lines(screen).firstIndex { $0.contains("month 48/48") })
        let firstDot = try #require(lines(screen)[dots].firstIndex { $0 != " " })
        screen = try session.click(x: lines(screen)[dots].distance(from: lines(screen)[dots].startIndex, to: firstDot), y: dots)
        #expect(position(screen) == "month 40/48")
    }

    /// Enter grows the page into its card (31 days, then the month's 31
    /// rows read back from the file), the cursor scrolls it, Esc and Enter
    /// come back, and `q` inside the card restores the terminal.
    @Test func theCardExpandsScrollsAndCollapses() throws {
        let session = try TmuxSession(reportingExitOf: "'\(strata)' '\(weather)' --tz UTC --levels day,week,month --level month", modes: true)
        #expect(position(try session.waitForIdle()) == "month 48/48")
        var screen = try session.press("Enter")
        #expect(screen.contains("row 1/62"))
        #expect(screen.contains("▶ Tue 1"))
        #expect(screen.contains("54.1"))
        screen = try session.press("j", "j", "Down")
        #expect(screen.contains("row 4/62"))
        #expect(screen.contains("▶ Fri 4"))
        screen = try session.press("End")
        #expect(screen.contains("row 62/62"))
        #expect(screen.contains("▶ seattle-weather.csv:1462  2015/12/31,"))
        screen = try session.press("Escape")
        #expect(!screen.contains("row "))
        #expect(position(screen) == "month 48/48")
        screen = try session.press("Enter", "Left")
        #expect(screen.contains("row 1/60"))
        #expect(position(screen) == "month 47/48")
        try session.send("q")
        screen = try session.wait(for: "done")
        #expect(try session.exitStatus() == 0)
        #expect(session.file("before") == session.file("after"))
        #expect(!screen.contains("row 1/60"))
    }

    /// `o` shows every level; moving a strip moves that level's position,
    /// Enter opens the pager there, and `o` comes back to the same place.
    @Test func theOverviewMovesLevelsAndOpensThePager() throws {
        let session = try TmuxSession("'\(strata)' '\(weather)' --tz UTC --levels day,week,month", width: 100, height: 30)
        #expect(position(try session.waitForIdle()) == "day 1461/1461")
        var screen = try session.press("o")
        #expect(screen.contains(" Week  210 periods"))
        #expect(screen.contains("┃2015-12-31┃"))
        screen = try session.press("Down", "Left", "Left")
        #expect(position(screen) == "week 208/210")
        #expect(screen.contains("┃2015-W51  ┃"))
        screen = try session.press("Enter")
        #expect(position(screen) == "week 208/210")
        #expect(screen.contains("14–20 Dec 2015"))
        // The day level kept its own place.
        screen = try session.press("Up")
        #expect(position(screen) == "day 1461/1461")
        screen = try session.press("o")
        #expect(screen.contains("┃2015-12-31┃"))
        try session.send("q")
    }

    /// `m` opens the map; at the hour level its 60 minute columns run past
    /// the right edge, and scrolling there keeps the row labels and the
    /// column header; Enter opens the cursor's period in the pager.
    @Test func theMapScrollsUnderStickyLabelsAndOpensThePager() throws {
        let session = try TmuxSession("'\(strata)' --demo --levels hour,day,week --now 2026-11-22T15:30:00Z --no-animation")
        #expect(position(try session.waitForIdle()) == "hour 17512/17512")
        var screen = try session.press("m")
        #expect(screen.contains("Hours × minutes"))
        #expect(screen.contains("Sun 22 Nov 2026 15:30  no data"))
        screen = try session.press("Up", "Up")
        #expect(position(screen) == "hour 17510/17512")
        screen = try session.press("2", "9", "Right")
        let rows = lines(screen)
        #expect(screen.contains("Sun 22 Nov 2026 13:59  no data"))
        // Scrolled to the last minute: the header still names minutes, the rows their hours.
        #expect(rows[2].hasPrefix(" minute") && rows[2].contains("58"))
        #expect(rows.contains { $0.hasPrefix(" Sun 22 Nov 2026 13:00") })
        screen = try session.press("Enter")
        #expect(position(screen) == "hour 17510/17512")
        #expect(!screen.contains("Hours × minutes"))
        try session.send("q")
    }

    @Test func resizeRelaysOutTheScreen() throws {
        let session = try TmuxSession("'\(strata)' '\(weather)' --tz UTC --levels day,week,month --no-animation")
        let start = try session.waitForIdle()
        #expect(lines(start).count == 24)
        let wide = lines(try session.resize(width: 120, height: 32))
        #expect(wide.count == 32)
        #expect(wide.contains { $0.count > 80 })
        // The card's bottom border moves down with the taller screen.
        let border = try #require(wide.lastIndex { $0.contains("╰") })
        #expect(border >= 26)
        let narrow = try session.resize(width: 30, height: 10)
        #expect(lines(narrow).count == 10)
        #expect(lines(narrow).allSatisfy { $0.count <= 30 })
        #expect(position(narrow) == "day 1461/1461")
        let tiny = try session.resize(width: 12, height: 4)
        #expect(lines(tiny).first == "too small")
        let back = try session.resize(width: 80, height: 24)
        #expect(lines(back) == lines(start))
    }

    @Test func quitExitsZeroAndRestoresTheTerminal() throws {
        let session = try TmuxSession(reportingExitOf: "'\(strata)' '\(weather)' --tz UTC --levels day,week,month", modes: true)
        #expect(position(try session.waitForIdle()) == "day 1461/1461")
        try session.send("q")
        let screen = try session.wait(for: "done")
        #expect(try session.exitStatus() == 0)
        #expect(session.file("before") != nil)
        #expect(session.file("before") == session.file("after"))
        // The alternate screen is gone: the chart is no longer shown.
        #expect(position(screen) == nil)
    }

    /// Ctrl-C quits: as SIGINT (exit 130) when the terminal sends the signal,
    /// as the quit key (exit 0) when it arrives as a byte. Either way the
    /// terminal is restored. (The shell survives it as an interactive one would.)
    @Test func ctrlCQuitsAndRestoresTheTerminal() throws {
        let session = try TmuxSession(reportingExitOf: "trap 'true' INT; '\(strata)' --demo", modes: true)
        #expect(position(try session.waitForIdle()) != nil)
        try session.send("C-c")
        let screen = try session.wait(for: "done")
        let status = try session.exitStatus()
        #expect(status == 130 || status == 0)
        #expect(session.file("before") == session.file("after"))
        #expect(position(screen) == nil)
    }

    /// A stop request restores the terminal: its modes, its screen and the
    /// mouse reports (tmux's flags for modes 1002 and 1006), which were on.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalRestoresTheTerminal(_ signal: Int32) throws {
        let session = try TmuxSession(reportingExitOf: "sh -c 'echo $$ > pid; exec \"$0\" --demo' '\(strata)'", modes: true)
        #expect(try session.waitForIdle().contains("demo: shop orders"))
        #expect(try session.display("#{mouse_button_flag}#{mouse_sgr_flag}") == "11\n")
        let pid = try #require(session.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        kill(pid, signal)
        let screen = try session.wait(for: "done")
        #expect(try session.exitStatus() == 128 + signal)
        #expect(session.file("before") == session.file("after"))
        #expect(!screen.contains("demo: shop orders"))
        #expect(try session.display("#{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}") == "000\n")
    }

    /// Ctrl-Z hands the terminal back as a stop request does (its modes, and
    /// the mouse reports off while strata is stopped), and `fg` takes it
    /// again with the reports on; `q` then restores it all.
    @Test func ctrlZHandsTheTerminalBackUntilFg() throws {
        // A shell with job control, as at a prompt: Ctrl-Z stops strata and the script goes on.
        // Each line is echoed after its file is written: the test reads the file once it sees the line.
        let session = try TmuxSession("exec bash -c 'set -m; stty -g > before; \"$0\" --demo; code=$?; stty -g > stopped; "
            + "echo \"stopped=$code\"; read line; fg > /dev/null; code=$?; stty -g > after; echo \"exit=$code\"; sleep 30' '\(strata)'")
        #expect(try session.waitForIdle().contains("demo: shop orders"))
        #expect(try session.display("#{mouse_button_flag}#{mouse_sgr_flag}") == "11\n")
        try session.send("C-z")
        _ = try session.wait(for: "stopped=148")
        #expect(session.file("before") == session.file("stopped"))
        #expect(try session.display("#{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}") == "000\n")
        try session.send("Enter")
        _ = try session.wait(for: "demo: shop orders")
        #expect(try mouseReportsComeBack(in: session))
        try session.send("q")
        _ = try session.wait(for: "exit=0")
        #expect(session.file("before") == session.file("after"))
        #expect(try session.display("#{mouse_any_flag}#{mouse_button_flag}#{mouse_sgr_flag}") == "000\n")
    }

    /// Whether the mouse reports are on again within a few seconds of `fg` (set as the screen is redrawn).
    private func mouseReportsComeBack(in session: TmuxSession) throws -> Bool {
        for _ in 0..<100 {
            if try session.display("#{mouse_button_flag}#{mouse_sgr_flag}") == "11\n" { return true }
            usleep(50_000)
        }
        return false
    }

    @Test func pipedDataTakesKeysFromTheTerminal() throws {
        // Daily rows start on weeks, the finest level with more than one row a page.
        let session = try TmuxSession("cat '\(weather)' | '\(strata)' --tz UTC --no-animation")
        #expect(position(try session.waitForIdle()) == "week 210/210")
        let screen = try session.press("Left", "Left")
        #expect(position(screen) == "week 208/210")
        #expect(screen.contains("stdin"))
    }

    @Test func helpOverlayOpensAndCloses() throws {
        let session = try TmuxSession("'\(strata)' --demo --no-animation")
        let start = try session.waitForIdle()
        #expect(!start.contains("previous period"))
        let help = try session.press("?")
        #expect(help.contains("previous period"))
        let closed = try session.press("Escape")
        #expect(!closed.contains("previous period"))
        #expect(position(closed) == position(start))
    }

    @Test func asciiGlyphsWhenTheLocaleIsNotUTF8() throws {
        let session = try TmuxSession("LANG=C LC_ALL=C '\(strata)' --demo")
        let screen = try session.waitForIdle()
        #expect(position(screen) != nil)
        #expect(screen.contains("+----"))
        #expect(screen.contains("Day | Week | Month"))
        #expect(screen.contains("h/l day"))
        #expect(!screen.contains("╭"))
        // Punctuation from labels gets an ASCII stand-in, not `?`: a week reads `16-22 Nov`.
        let week = try session.press("j")
        #expect(week.range(of: #"\d+-\d+ [A-Z][a-z]{2} \d{4}"#, options: .regularExpression) != nil)
        #expect(!week.replacingOccurrences(of: "? help", with: "").contains("?"))
    }

    @Test func unknownTerminalExits69() throws {
        let session = try TmuxSession(reportingExitOf: "TERM=no-such-terminal '\(strata)' --demo 2> err")
        #expect(try session.exitStatus() == 69)
        #expect(session.file("err")?.hasPrefix("strata: ") == true)
    }
}
