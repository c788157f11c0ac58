import Foundation
import Testing

/// `strata -f` on a file another process appends to, and a pipe that ends,
/// as a user sees them in a terminal.
@Suite("Following under tmux", .serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not on the PATH"))
struct FollowEndToEndTests {
    let strata = Repository.binary

    /// `count` rows a minute apart from 2024-03-01 UTC, from row `first` on.
    static func rows(_ first: Int, _ count: Int) -> String {
        (first..<(first + count)).map { "\(1_709_251_200 + $0 * 60),1\n" }.joined()
    }

    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-follow-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test func appendedRowsRaiseTheTotalAndQRestoresTheTerminal() throws {
        try withFolder { folder in
            let path = folder.appendingPathComponent("app.csv").path
            try ("time,n\n" + Self.rows(0, 300)).write(toFile: path, atomically: false, encoding: .utf8)
            let session = try TmuxSession(reportingExitOf: "'\(strata)' -f '\(path)' --levels month --count --tz UTC --now 2024-04-01T00:00Z --no-animation",
                                          modes: true, width: 100, height: 30)
            let first = try session.waitWhileFollowing(rows: 300)
            #expect(first.contains("count 300"), "\(first)")
            // A writer appends 200 rows in ten bursts, the last line of each burst half-written for a moment.
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            for burst in 0..<10 {
                let text = Self.rows(300 + burst * 20, 20)
                handle.write(Data(text.utf8.dropLast(4)))
                Thread.sleep(forTimeInterval: 0.03)
                handle.write(Data(text.utf8.suffix(4)))
                Thread.sleep(forTimeInterval: 0.05)
            }
            try handle.close()
            let grown = try session.waitWhileFollowing(rows: 500)
            #expect(grown.contains("count 500"), "\(grown)")
            try session.send("q")
            #expect(try session.exitStatus() == 0)
            _ = try session.wait(for: "done")
            #expect(session.file("before") == session.file("after"))
        }
    }

    /// `--export` with `-f` reads on while a writer appends, then prints what
    /// reading the finished file prints.
    @Test func anExportWhileFollowingEqualsTheFinishedFiles() throws {
        try withFolder { folder in
            let path = folder.appendingPathComponent("app.csv").path
            try ("time,n\n" + Self.rows(0, 100)).write(toFile: path, atomically: false, encoding: .utf8)
            let writer = Thread {
                guard let handle = FileHandle(forWritingAtPath: path) else { return }
                handle.seekToEndOfFile()
                for burst in 0..<5 {
                    Thread.sleep(forTimeInterval: 0.15)
                    handle.write(Data(Self.rows(100 + burst * 40, 40).utf8))
                }
                try? handle.close()
            }
            writer.start()
            let export = "--export csv --levels hour,day --tz UTC"
            let followed = try CommandLineTests.strata("-f '\(path)' \(export) --follow-for 20")
            let finished = try CommandLineTests.strata("'\(path)' \(export)")
            #expect(followed.status == 0)
            #expect(followed.stdout.contains("day,2024-03-01,"))
            #expect(followed.stdout == finished.stdout)
        }
    }

    @Test func aPipeThatEndsSaysSoAndStaysBrowsable() throws {
        try withFolder { folder in
            let path = folder.appendingPathComponent("rows.csv").path
            try ("time,n\n" + Self.rows(0, 300)).write(toFile: path, atomically: false, encoding: .utf8)
            let session = try TmuxSession("(cat '\(path)'; sleep 1) | '\(strata)' --levels month --count --tz UTC --now 2024-04-01T00:00Z",
                                          width: 100, height: 30)
            _ = try session.waitWhileLoading()
            let ended = try session.waitForIdle()
            #expect(ended.contains("input ended"), "\(ended)")
            #expect(ended.contains("count 300"), "\(ended)")
            let moved = try session.press("Up")
            #expect(!moved.contains("input ended"), "\(moved)")
        }
    }
}
