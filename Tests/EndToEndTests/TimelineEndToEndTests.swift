import Foundation
import Testing

/// The timeline of `tv-guide.csv` under tmux: open it, move from block to
/// block across midnight (the day's position follows), find a channel, and
/// open a block's card with its input row.
@Suite("Timeline under tmux", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not on the PATH"))
struct TimelineEndToEndTests {
    let strata = Repository.binary
    let guide = Repository.fixture("tv-guide.csv")

    @Test func blocksAcrossMidnightSearchAndCard() throws {
        let session = try TmuxSession("'\(strata)' '\(guide)' --tz Europe/Berlin --at 2024-10-27 --now 2024-10-27T23:50+01:00 --no-animation",
                                      width: 120, height: 24)
        var screen = try session.waitForIdle()
        #expect(screen.contains("day 7/15"))
        screen = try session.press("m")
        // KiKA's block at now runs 23:35 to 00:20 the next day.
        #expect(screen.contains("Night Alpine Scene  ·  KiKA  ·  23:35–Mon 28 Oct 00:20"))
        #expect(screen.contains("day 7/15  row 1/16"))
        screen = try session.press("Right")
        #expect(screen.contains("day 8/15  row 1/16"))
        #expect(screen.contains("2024-10-28"))
        screen = try session.press("Left", "Left")
        #expect(screen.contains("day 7/15  row 1/16"))
        screen = try session.press("/", "p", "h", "o", "Enter")
        #expect(screen.contains("row 12/16"))
        #expect(screen.contains("·  phoenix  ·"))
        screen = try session.press("Enter")
        #expect(screen.contains("─ block ─"))
        #expect(screen.contains("tv-guide.csv:"))
        #expect(screen.contains("phoenix,"))
        screen = try session.press("Escape", "m")
        #expect(screen.contains("⏎ expand"))
    }
}
