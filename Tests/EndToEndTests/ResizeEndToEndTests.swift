import Foundation
import Testing

/// A resize that arrives right after a key, even within Esc's delay, is
/// never lost: the next frame is the app's screen at the new size, the
/// screen a dump of the same keys and resizes draws.
@Suite("Resizes under tmux", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not on the PATH"))
struct ResizeEndToEndTests {
    let strata = Repository.binary
    let births = Repository.fixture("births-1978.csv")

    /// From 120×40 through small, tiny, huge and back.
    static let sizes = [(80, 24), (20, 6), (400, 120), (30, 10), (120, 40)]

    /// tmux's name of each key, and `--keys`' name.
    @Test("a resize right after a key", arguments: [("Escape", "esc"), ("Left", "left"), ("Enter", "enter"), ("m", "m")])
    func resizeRightAfterAKey(key: String, scriptName: String) throws {
        let flags = "'\(births)' --tz UTC --no-animation"
        let session = try TmuxSession("'\(strata)' \(flags)", width: 120, height: 40)
        _ = try session.waitForIdle()
        var script: [String] = []
        for (width, height) in Self.sizes {
            let screen = try session.press(key, thenResizeTo: width, height: height)
            script += [scriptName, "resize:\(width)x\(height)"]
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(rows.count == height, "\(script)")
            #expect(rows.allSatisfy { $0.count <= width }, "\(script)")
            let dump = try CommandLineTests.strata("\(flags) --dump --size 120x40 --keys '\(script.joined(separator: " "))'")
            #expect(dump.status == 0)
            #expect(screen == dump.stdout, "\(script)")
        }
        try session.send("q")
    }
}
