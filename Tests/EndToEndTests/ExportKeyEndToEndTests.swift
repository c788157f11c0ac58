import Foundation
import Testing

/// `e` in the real binary, driven by `--keys`: the file it writes in the
/// working directory is, byte for byte, what `--export csv --levels LEVEL`
/// prints with the same flags, whether the view's filter and split came
/// from the command line or from `f` and `g`.
@Suite("e writes the view's periods, end to end", .serialized)
struct ExportKeyEndToEndTests {
    /// `strata ARGUMENTS` run in `folder`, where `e` writes, at a fixed now and in UTC.
    static func strata(_ arguments: String, in folder: URL) throws -> Command.Outcome {
        try Command.run(["sh", "-c", "SWIFT_BACKTRACE=interactive=no LANG=C.UTF-8 TZ=UTC '\(Repository.binary)' --now \(OneRoadTests.now) \(arguments)"],
                        in: folder)
    }

    /// The files `e` wrote in `folder`, by name.
    static func exported(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("strata-") }.sorted()
    }

    /// `e` on the weather's second level (`↓`: months after weeks), then the file against `--export`.
    @Test func theFileIsTheExportOfTheLevelOnShow() throws {
        let folder = try TemporaryFolder()
        let input = OneRoadTests.quoted(Repository.fixture("seattle-weather.csv"))
        let run = try Self.strata("\(input) --keys 'down e' --dump --size 100x24", in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        // --now 2026-11-22T14:10Z, in UTC.
        let name = "strata-seattle-weather-month-20261122-141000.csv"
        #expect(try Self.exported(in: folder.url) == [name])
        // January 2012 to December 2015.
        #expect(run.stderr.contains("strata: exported 48 month periods to ./\(name)\n"), "\(run.stderr)")
        #expect(run.stdout.contains("exported 48 month periods to ./\(name)"), "the footer: \(run.stdout)")
        let export = try Self.strata("\(input) --export csv --levels month", in: folder.url)
        #expect(try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8) == export.stdout)
        // Again in the same second: a new file, numbered, the first left as it was.
        let again = try Self.strata("\(input) --keys 'down e' --dump", in: folder.url)
        #expect(again.stderr.contains("to ./strata-seattle-weather-month-20261122-141000-2.csv\n"), "\(again.stderr)")
        #expect(Set(try Self.exported(in: folder.url)) == [name, "strata-seattle-weather-month-20261122-141000-2.csv"])
    }

    /// In a terminal, `e` pressed while a log loads says the file waits for the load's end, then
    /// names it: the file is the whole load's export, and `q` quits cleanly.
    @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not on the PATH"))
    func eWhileALogLoadsWritesTheWholeLoadOnceItEnds() throws {
        let folder = try TemporaryFolder()
        let (session, path, _, _) = try FilterEndToEndTests.loadingDayOfRequests(in: folder.url)
        try session.send("e")
        let waiting = try session.wait(for: "periods are exported once the load ends", timeout: 30)
        #expect(try Self.exported(in: session.workDirectory).isEmpty, "\(waiting)")
        let done = try session.wait(for: "periods to ./strata-access-", timeout: 120)
        let name = try #require(try Self.exported(in: session.workDirectory).first)
        #expect(done.contains("to ./\(name)"), "\(done)")
        let level = try #require(name.split(separator: "-").dropFirst(2).first)
        let export = try Self.strata("'\(path)' --tz UTC --export csv --levels \(level)", in: folder.url)
        #expect(try String(contentsOf: session.workDirectory.appendingPathComponent(name), encoding: .utf8) == export.stdout)
        try session.send("q")
        #expect(try session.exitStatus(timeout: 20) == 0)
    }

    /// A directory no file can be made in (`/proc`, whoever runs the test): the footer says why, the rest stays.
    @Test func aDirectoryThatTakesNoFileSaysWhy() throws {
        let input = OneRoadTests.quoted(Repository.fixture("seattle-weather.csv"))
        let proc = URL(fileURLWithPath: "/proc")
        let run = try Self.strata("\(input) --keys 'down e' --dump --size 120x24", in: proc)
        #expect(run.status == 0, "\(run.stderr)")
        let why = "not exported: cannot create ./strata-seattle-weather-month-20261122-141000.csv: No such file or directory"
        #expect(run.stderr.hasSuffix("strata: \(why)\n"), "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        // The last line (before the newline that ends it) is the footer.
        #expect(lines.dropLast().last?.trimmingCharacters(in: .whitespaces) == why)
        let without = try Self.strata("\(input) --keys down --dump --size 120x24", in: proc)
        #expect(Array(lines.dropLast(2)) == Array(without.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2)))
    }

    /// A filter, a split and a percentile from the command line: the file is `--export`'s with the same flags.
    @Test func theFileFollowsWhereSeriesAndAPercentile() throws {
        let folder = try TemporaryFolder()
        let input = OneRoadTests.quoted(try GeneratedInput.accessLog.write(in: folder.url))
        let flags = "--where 'status >= 304' --series status --agg p95"
        let run = try Self.strata("\(input) \(flags) --keys e --dump", in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let name = try #require(try Self.exported(in: folder.url).first)
        let level = try #require(name.split(separator: "-").dropFirst(2).first)
        let export = try Self.strata("\(input) \(flags) --export csv --levels \(level)", in: folder.url)
        let file = try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
        #expect(file == export.stdout)
        #expect(file.hasPrefix("series,level,period,start,end,count,sum,min,max,mean,p95\n"))
        // Statuses 304, 404 and 500 pass.
        #expect(Set(file.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } }) == ["304", "404", "500"])
    }

    /// `f` and `g` typed in the app: the file is what `--where` and `--series` export.
    @Test func theFileFollowsFAndG() throws {
        let folder = try TemporaryFolder()
        let input = OneRoadTests.quoted(try GeneratedInput.accessLog.write(in: folder.url))
        let size = "--dump --size 120x32"
        // g's list, to find status's line under the cursor.
        let list = try Self.strata("\(input) \(size) --keys '\(FilterEndToEndTests.typed) g'", in: folder.url).stdout.split(separator: "\n")
        let cursor = try #require(list.firstIndex { $0.contains("▶") })
        let downs = try #require(list[cursor...].firstIndex { $0.contains(" status ") }) - cursor
        let keys = "\(FilterEndToEndTests.typed) g\(String(repeating: " down", count: downs)) enter e"
        let run = try Self.strata("\(input) \(size) --keys '\(keys)'", in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let name = try #require(try Self.exported(in: folder.url).first)
        let level = try #require(name.split(separator: "-").dropFirst(2).first)
        let export = try Self.strata("\(input) --where 'status >= 500' --series status --export csv --levels \(level)", in: folder.url)
        #expect(export.stdout.hasPrefix("series,"))
        #expect(try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8) == export.stdout)
    }
}
