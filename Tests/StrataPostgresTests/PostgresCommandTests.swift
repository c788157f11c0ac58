import Foundation
import Testing
import StrataData
import StrataPostgres

/// The command a user types, against the test server: `.build/debug/strata`
/// (built by `swift build`, which `make test` runs first).
struct PostgresCommandTests {
    static let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/strata")

    /// Runs strata; its exit status, stdout and stderr.
    static func strata(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ThrowawayServer.Failure(description: "no \(binary.path): run swift build first")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (out, err) = (folder.appendingPathComponent("out"), folder.appendingPathComponent("err"))
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: out, encoding: .utf8), try String(contentsOf: err, encoding: .utf8))
    }

    /// Percentiles of intervals are kept neither by a file nor by a table:
    /// both refuse them with the same line, exit 64, rather than a file's
    /// empty column and chart beside a table's refusal. A table refuses them
    /// before its load: nothing else is said, its periods were not read for nothing.
    @Test func percentilesOfIntervalsAreRefusedAlike() throws {
        let table = try Self.strata([try DatabaseFixtures.server.uri, "--table", "polls", "--agg", "p99", "--export", "csv"])
        let file = try Self.strata([DatabaseFixtures.directory.appendingPathComponent("polls.csv").path, "--agg", "p99", "--export", "csv"])
        let line = "strata: --agg p99: percentiles of intervals are not computed, of a file's nor of a table's; --agg mean or max reads their values\n"
        #expect(table.status == 64 && table.stdout.isEmpty && table.stderr == line, "\(table.stderr)")
        #expect(file.status == 64 && file.stdout.isEmpty && file.stderr.hasSuffix(line), "\(file.stderr)")
        let listed = try Self.strata([try DatabaseFixtures.server.uri, "--table", "polls", "--percentiles", "--export", "csv"])
        #expect(listed.status == 64 && listed.stderr.hasSuffix("strata: --percentiles: percentiles of intervals are not computed, "
                                                               + "of a file's nor of a table's; --agg mean or max reads their values\n"))
    }

    /// `--where` on a table: stderr says how many rows passed of how many,
    /// as for a file; a name the table has not is strata's own line, with its column in the expression, exit 64.
    @Test func whereOnATable() throws {
        let uri = try DatabaseFixtures.server.uri
        let passed = try Self.strata([uri, "--table", "readings", "--where", "city = Kiel and temp > 20", "--export", "csv", "--level", "day"])
        #expect(passed.status == 0, "\(passed.stderr)")
        // Counted from the fixture's CSV text.
        let rows = DatabaseFixtures.readings.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        let kiel = rows.count { $0[1] == "Kiel" && Double($0[2])! > 20 }
        #expect(kiel > 100)
        #expect(passed.stderr.contains("strata: where city = Kiel and temp > 20: \(CountText.grouped(kiel)) of \(CountText.grouped(rows.count)) rows\n"),
                "\(passed.stderr)")
        let unknown = try Self.strata([uri, "--table", "readings", "--where", "town = Kiel", "--dump"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "strata: readings: --where town = Kiel: no column \"town\" at column 1 "
                + "(columns: \"time\", \"city\", \"temp\", \"amount\", \"reading_id\")\n")
    }

    /// The server's notices are strata's lines on stderr, not bare `NOTICE:`
    /// lines: a warning's detail and hint join its line, and an escape it
    /// carries is shown, not sent.
    @Test func aServerNoticeIsAStrataLine() throws {
        try DatabaseFixtures.server.psql("CREATE OR REPLACE FUNCTION noisy() RETURNS boolean LANGUAGE plpgsql AS "
                                         + "$$ BEGIN RAISE NOTICE 'hello from the server'; "
                                         + "RAISE WARNING E'careful \\x1b[31mred' USING DETAIL = 'the detail', HINT = 'a hint'; RETURN true; END $$")
        let uri = try DatabaseFixtures.server.uri
        let result = try Self.strata([uri, "--query", "SELECT time, temp FROM readings WHERE noisy()", "--export", "csv", "--level", "year"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("strata: NOTICE:  hello from the server\n"))
        #expect(result.stderr.contains("strata: WARNING:  careful \\x1B[31mred DETAIL:  the detail HINT:  a hint\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(!result.stderr.split(separator: "\n").contains { !$0.hasPrefix("strata: ") }, "\(result.stderr)")
    }

    /// A dump whose page meets a lost connection prints no page and ends
    /// with the line (69): here the query ends its own session when run
    /// over a range (the page's bars, the card's rows), not for the load.
    @Test func aDumpWhoseReadMeetsALostConnectionSaysSo() throws {
        let uri = try DatabaseFixtures.server.uri
        let query = "SELECT time, temp FROM readings WHERE position('to_timestamp($' || '1' IN current_query()) = 0 "
            + "OR pg_terminate_backend(pg_backend_pid())"
        let result = try Self.strata([uri, "--query", query, "--tz", "UTC", "--levels", "hour,day", "--memory", "1", "--keys", "enter", "--dump"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let last = result.stderr.split(separator: "\n").last ?? ""
        #expect(last == "strata: \(PostgresAddress(uri)!.display): connection lost: terminating connection due to administrator command")
    }

    @Test func exportFromATableIsTheCSVFilesExport() throws {
        let uri = try DatabaseFixtures.server.uri
        let fixture = DatabaseFixtures.directory.appendingPathComponent("new-york-dst.csv").path
        for flags in [["--tz", "America/New_York"], ["--tz", "UTC", "--levels", "hour,day", "--agg", "max"]] {
            let table = try Self.strata([uri, "--table", "new_york", "--export", "csv"] + flags)
            let file = try Self.strata([fixture, "--export", "csv"] + flags)
            #expect(table.status == 0, "\(table.stderr)")
            #expect(table.stdout == file.stdout)
            #expect(table.stdout.split(separator: "\n").count > 100)
        }
    }

    /// Intervals from a table: the export, and every frame of a walk through
    /// the timeline (blocks moved between, zoomed, paged), are the CSV file's;
    /// only the source's name in the header differs.
    @Test func intervalsFromATableAreTheFilesTimeline() throws {
        let uri = try DatabaseFixtures.server.uri
        let fixture = DatabaseFixtures.directory.appendingPathComponent("tv-guide.csv").path
        let walk = ["--at", "2024-10-27", "--keys", "m right right down down + right pgdn left - down", "--frames", "--size", "100x30"]
        for flags in [["--tz", "Europe/Berlin"], ["--tz", "UTC", "--end", "end", "--label", "genre", "--series", "channel"]] {
            for shown in [["--export", "csv", "--levels", "hour,day,week,month,quarter,year"], walk] {
                let table = try Self.strata([uri, "--table", "tv_guide"] + flags + shown)
                let file = try Self.strata([fixture] + flags + shown)
                #expect(table.status == 0, "\(table.stderr)")
                // The names are padded to the same width in the header.
                #expect(table.stdout.replacingOccurrences(of: "tv_guide    ", with: "tv-guide.csv") == file.stdout, "\(flags) \(shown)")
                #expect(table.stdout.split(separator: "\n").count > 200)
            }
        }
    }

    @Test func failuresAreOneLineWithTheirExitCode() throws {
        let uri = try DatabaseFixtures.server.uri
        let missing = try Self.strata([uri, "--table", "no_such_table", "--dump"])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("strata: ") && missing.stderr.split(separator: "\n").count == 1)
        let bad = try Self.strata([uri, "--query", "SELEC 1", "--dump"])
        #expect(bad.status == 64)
        // The URI alone: what to add, with the tables to choose from.
        let alone = try Self.strata([uri])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--table") && alone.stderr.contains("readings"))
        let password = try Self.strata([uri.replacingOccurrences(of: "strata@", with: "nobody:hunter2@"), "--table", "readings"])
        #expect(password.status == 66)
        #expect(!password.stderr.contains("hunter2"))
        let timeout = try Self.strata([uri, "--query", "SELECT time, temp, pg_sleep(0.01) AS s FROM readings", "--statement-timeout", "1", "--dump"])
        #expect(timeout.status == 69)
        #expect(timeout.stderr.contains("statement timeout"))
    }
}
