import Foundation
import Testing

/// `f` in the real binary: a script's filter gives, by every road, the
/// screen `--where` gives; in a terminal, a filter typed while a big log
/// loads fills its view in as a load does, and the app quits cleanly.
@Suite("Filters in the app, end to end", .serialized)
struct FilterEndToEndTests {
    static let typed = "f s t a t u s space > = space 5 0 0 enter"

    /// The dump's screen of `input` with `options`, its name aside, and its exit status.
    static func dump(_ input: String, piped: Bool, _ options: String) throws -> (Int32, String) {
        let binary = "'\(Repository.binary)' --now \(OneRoadTests.now)"
        let quoted = OneRoadTests.quoted(input)
        let run = try OneRoadTests.shell(piped ? "cat \(quoted) | \(binary) \(options)" : "\(binary) \(quoted) \(options)")
        return (run.status, OneRoadTests.unnamed(run.stdout))
    }

    @Test(arguments: ["logs/access-hour.log", "generated"])
    func aScriptsFilterIsWhereByEveryRoad(_ name: String) throws {
        let folder = try TemporaryFolder()
        let path = name == "generated" ? try GeneratedInput.accessLog.write(in: folder.url) : Repository.fixture(name)
        let gzip = try OneRoadTests.gzip(path, in: folder.url)
        let size = "--dump --size 120x32"
        let (status, expected) = try Self.dump(path, piped: false, "\(size) --where 'status >= 500'")
        #expect(status == 0)
        #expect(expected.contains("status >= 500 · "), "\(expected)")
        for (input, piped) in [(path, false), (gzip, false), (path, true), (gzip, true)] {
            let (status, screen) = try Self.dump(input, piped: piped, "\(size) --keys '\(Self.typed)'")
            #expect(status == 0)
            #expect(screen == expected, "\(input)\(piped ? " through a pipe" : ""): f against --where")
        }
        // Split by path too (g, then path's line): one screen by every road.
        let split = "\(size) --keys '\(Self.typed) g'"
        let (_, list) = try Self.dump(path, piped: false, split)
        let lines = list.split(separator: "\n")
        let downs = try #require(lines.firstIndex { $0.contains(" path") }) - (try #require(lines.firstIndex { $0.contains("▶") }))
        let keys = "\(size) --keys '\(Self.typed) g\(String(repeating: " down", count: downs)) enter'"
        let (_, byPath) = try Self.dump(path, piped: false, keys)
        #expect(byPath.contains("status >= 500 · "), "\(byPath)")
        #expect(byPath.contains(" · all "), "\(byPath)")
        for (input, piped) in [(gzip, false), (path, true), (gzip, true)] {
            let (_, screen) = try Self.dump(input, piped: piped, keys)
            #expect(screen == byPath, "\(input)\(piped ? " through a pipe" : ""): f, then g by path")
        }
        // F reads every row again: the screen with no filter.
        let (_, unfiltered) = try Self.dump(path, piped: false, size)
        let (_, cleared) = try Self.dump(path, piped: true, "\(size) --where 'status >= 500' --keys F")
        #expect(cleared == unfiltered)
    }

    /// A named pipe (`strata <(zcat x.gz)`) is filtered from the copy its
    /// load kept: opened again, it would have no writer, and wait for one.
    @Test func aNamedPipesFilterIsWhere() throws {
        let folder = try TemporaryFolder()
        let path = Repository.fixture("logs/access-hour.log")
        let pipe = OneRoadTests.quoted(folder.url.appendingPathComponent("access.pipe").path)
        let size = "--dump --size 120x32"
        let (_, expected) = try Self.dump(path, piped: false, "\(size) --where 'status >= 500'")
        // Waiting for a writer is not waited out: 60 s, then the run ends and fails.
        let run = try OneRoadTests.shell("mkfifo \(pipe) && { cat \(OneRoadTests.quoted(path)) > \(pipe) & } && "
            + "timeout 60 '\(Repository.binary)' --now \(OneRoadTests.now) \(pipe) \(size) --keys '\(Self.typed)'")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(OneRoadTests.unnamed(run.stdout) == expected)
    }

    /// The demo has no rows to read again: the footer says so and the view stays.
    @Test func theDemoRefusesAFilterOnTheFooter() throws {
        let run = try OneRoadTests.shell("'\(Repository.binary)' --demo --now \(OneRoadTests.now) --dump --size 80x24")
        let refused = try OneRoadTests.shell("'\(Repository.binary)' --demo --now \(OneRoadTests.now) --dump --size 80x24 --keys 'f x enter'")
        #expect(refused.status == 0)
        let lines = refused.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[lines.count - 2] == " the demo is made up: it has no rows to filter")
        #expect(lines.dropLast(2) == run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2))
    }

    /// A reload that fails on a field is located in the filter typed at `f`,
    /// not in `--where`'s: the second file has no `status`, which the first
    /// file's fields let past the prompt.
    @Test func aReloadsFailureIsLocatedInTheFilterTyped() throws {
        let folder = try TemporaryFolder()
        let first = folder.url.appendingPathComponent("first.csv").path
        let second = folder.url.appendingPathComponent("second.csv").path
        let minutes = (0..<120).map { String(format: "2026-03-02T%02d:%02d:00Z", $0 / 60, $0 % 60) }
        try ("time,method,status,bytes\n" + minutes.map { "\($0),GET,200,10\n" }.joined()).write(toFile: first, atomically: false, encoding: .utf8)
        try ("time,method,code,bytes\n" + minutes.map { "\($0),GET,500,10\n" }.joined()).write(toFile: second, atomically: false, encoding: .utf8)
        let typed = "method = GET and status >= 500"
        let keys = "f " + typed.map { $0 == " " ? "space" : String($0) }.joined(separator: " ") + " enter"
        let run = try OneRoadTests.shell("'\(Repository.binary)' '\(first)' '\(second)' --where 'bytes > 0' --dump --size 160x24 --keys '\(keys)'")
        #expect(run.status == 0, "\(run.stderr)")
        let footer = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().last ?? ""
        // `status` is the 18th character of the filter typed.
        #expect(footer == " \(second): --where \(typed): no column \"status\" at column 18 (columns: \"time\", \"method\", \"code\", \"bytes\")",
                "\(footer)")
        #expect(run.stdout.contains("bytes > 0 · "), "\(run.stdout)")
    }

    /// A pipe still being read is not filtered: the footer says when it can be, and the view goes on with its load.
    @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not on the PATH"))
    func aPipeStillReadRefusesAFilterAndSaysWhen() throws {
        let folder = try TemporaryFolder()
        let (path, _, _) = try Self.writeDayOfRequests(in: folder.url)
        // The writer holds the pipe open after its lines: the load reads on until it ends.
        let session = try TmuxSession(reportingExitOf: "{ cat '\(path)'; sleep 20; } | '\(Repository.binary)' --tz UTC --no-animation 2>/dev/null",
                                      width: 120, height: 30)
        _ = try session.waitWhileLoading(timeout: 30)
        try session.send(["f"] + Array("status").map(String.init) + ["Space", ">", "=", "Space", "5", "0", "0", "Enter"])
        let refused = try session.wait(for: "is still being read", timeout: 10)
        #expect(refused.contains("stdin is still being read: f filters it once it has ended"), "\(refused)")
        #expect(!refused.contains("status >= 500"), "\(refused)")
        try session.send("q")
        #expect(try session.exitStatus(timeout: 30) == 0)
    }

    /// A day of access lines a second apart, in time order: a status of 500
    /// on every 53rd, 503 on every 37th (not both), four paths in no steady
    /// turn (in turn, each path would be a series of readings from the start).
    static func writeDayOfRequests(in folder: URL) throws -> (path: String, errors: Int, lines: Int) {
        let paths = ["/", "/api/users", "/api/orders", "/static/app.js"]
        let lines = 86_400
        var text = ""
        text.reserveCapacity(lines * 110)
        var errors = 0
        for i in 0..<lines {
            let status = i % 53 == 0 ? 500 : i % 37 == 0 ? 503 : 200
            if status >= 500 { errors += 1 }
            let (h, m, s) = (i / 3600, i / 60 % 60, i % 60)
            let time = String(format: "02/Mar/2026:%02d:%02d:%02d +0000", h, m, s)
            text += "10.0.0.\(i % 200) - - [\(time)] \"GET \(paths[i * i / 7 % 4]) HTTP/1.1\" \(status) \(100 + i % 900) \"-\" \"curl/8\" 0.0\(i % 10)\n"
        }
        let path = folder.appendingPathComponent("access.log").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return (path, errors, lines)
    }

    /// The day of requests in `folder` opened in a terminal, its load slowed (150 ms a buffer) so keys land while it reads:
    /// the session once the app says it is idle and still loading, its exit status reported.
    static func loadingDayOfRequests(in folder: URL) throws -> (session: TmuxSession, path: String, errors: Int, lines: Int) {
        let (path, errors, lines) = try writeDayOfRequests(in: folder)
        let session = try TmuxSession(reportingExitOf: "STRATA_READ_DELAY_MS=150 '\(Repository.binary)' '\(path)' --tz UTC --no-animation 2>/dev/null",
                                      width: 120, height: 30)
        let loading = try session.waitWhileLoading(timeout: 30)
        #expect(loading.contains("reading "), "\(loading)")
        return (session, path, errors, lines)
    }

    @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not on the PATH"))
    func aFilterTypedWhileALogLoadsFillsItsViewInAndQuits() throws {
        let folder = try TemporaryFolder()
        let (session, _, errors, lines) = try Self.loadingDayOfRequests(in: folder.url)
        try session.send(["f"] + Array("status").map(String.init) + ["Space", ">", "=", "Space", "5", "0", "0", "Enter"])
        // The filtered view opens while its load goes on, the header saying so.
        let filtering = try session.waitWhileLoading(timeout: 30)
        #expect(filtering.contains("status >= 500 · "), "\(filtering)")
        #expect(filtering.contains("reading "), "\(filtering)")
        let done = try session.waitForIdle(timeout: 120)
        #expect(done.contains("status >= 500 · \(Self.grouped(errors)) of \(Self.grouped(lines)) rows"), "\(done)")
        // g lists the fields that split the rows; path's line, then Enter.
        let list = try session.press("g").split(separator: "\n")
        let downs = try #require(list.firstIndex { $0.contains(" path") }) - (try #require(list.firstIndex { $0.contains("▶") }))
        _ = try session.press(Array(repeating: "Down", count: downs))
        try session.send("Enter")
        let split = try session.waitForIdle(timeout: 120)
        for path in ["/api/users", "/api/orders", "/static/app.js"] { #expect(split.contains(path), "\(split)") }
        #expect(split.contains("status >= 500 · \(Self.grouped(errors)) of \(Self.grouped(lines)) rows"), "\(split)")
        // Split by path, the rows are counted, as `--series path` counts them, where request_time was summed before.
        #expect(done.contains("sum request_time"), "\(done)")
        #expect(split.contains("count rows"), "\(split)")
        try session.send("q")
        #expect(try session.exitStatus(timeout: 20) == 0)
    }

    /// `86,400`, counted here rather than by strata.
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        return digits.enumerated().map { i, c in (i > 0 && (digits.count - i) % 3 == 0 ? "," : "") + String(c) }.joined()
    }
}
