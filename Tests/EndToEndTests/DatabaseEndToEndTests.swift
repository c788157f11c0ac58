import Foundation
import Testing

/// A table browsed under tmux while its server stops and starts again
/// (`pg_ctl stop -m fast`, then a start): every screen's footer says the
/// connection is lost and when it is tried next, the pages and rows asked
/// meanwhile come once the server is back, and `q` while it is down exits
/// 69 with the line.
@Suite("A database under tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not on the PATH"))
struct DatabaseEndToEndTests {
    let strata = Repository.binary

    /// The last line of a captured screen: the footer.
    func footer(_ screen: String) -> String {
        screen.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func aLostConnectionIsSaidOnEveryScreenAndTheSessionGoesOnWhenTheServerIsBack() throws {
        let database = try ThrowawayDatabase()
        // A week of minutes: within --memory 1 the load keeps hours, and an hour's minutes are a query when shown.
        try database.psql("CREATE TABLE minutes AS SELECT t AS time, extract(minute FROM t)::float8 + 1 AS v "
                          + "FROM generate_series('2024-01-01'::timestamptz, '2024-01-07 23:59', '1 minute') t")
        let session = try TmuxSession(
            reportingExitOf: "'\(strata)' '\(database.uri)' --table minutes --memory 1 --tz UTC --at 2024-01-03T12:00 --no-animation 2> err",
            modes: true, height: 80)
        var screen = try session.waitForIdle(timeout: 20)
        #expect(screen.contains("Wed 3 Jan 2024 12:00") && screen.contains("total 1.8k"))
        #expect(!screen.contains("connection lost"))

        try database.halt()
        try session.send("Right")
        screen = try session.waitWhileDisconnected()
        #expect(screen.contains("Wed 3 Jan 2024 13:00"))
        #expect(footer(screen).contains("connection lost · retrying"), "\(screen)")
        // The page says why its bars are not there, where it said `reading…`.
        #expect(screen.contains("│                               connection lost"))
        // Every screen says it: the overview, the map, the card.
        for (open, close) in [("o", "o"), ("m", "m")] {
            try session.send(open)
            #expect(footer(try session.waitWhileDisconnected()).contains("connection lost · retrying"))
            try session.send(close)
            _ = try session.waitWhileDisconnected()
        }
        // A day's hours are kept, and its card's rows are a query: it says it waits for the connection.
        try session.send("Down", "Enter")
        screen = try session.waitWhileDisconnected()
        #expect(footer(screen).contains("connection lost · retrying"))
        #expect(screen.contains("connection lost: the rows are read once it is back"), "\(screen)")

        try database.resume()
        let resumed = Date()
        // The worker tries again at most 8 s apart: the rows come without a key.
        screen = try session.waitForIdle(timeout: 20)
        #expect(Date().timeIntervalSince(resumed) < 10)
        #expect(!screen.contains("connection lost"), "\(screen)")
        #expect(screen.contains("minutes:1  2024-01-03 00:00:00+00,1"), "\(screen)")
        // And the hour's page read meanwhile.
        screen = try session.press("Escape", "Up")
        #expect(screen.contains("Wed 3 Jan 2024 13:00") && screen.contains("total 1.8k"), "\(screen)")

        // Down again, `q` ends the session with the line.
        try database.halt()
        try session.send("Down", "Right", "Enter")
        _ = try session.waitWhileDisconnected()
        try session.send("q")
        _ = try session.wait(for: "done")
        #expect(try session.exitStatus() == 69)
        #expect(session.file("before") == session.file("after"))
        let last = session.file("err")?.split(separator: "\n").last ?? ""
        #expect(last.hasPrefix("strata: \(database.uri): connection lost: "), "\(last)")
    }
}
