import Foundation
import Testing
import StrataData

/// `f`, `F` and `g` on a table, in the real binary against the test
/// server: the table is read again with a `WHERE` of bound parameters and a
/// `GROUP BY` on the column, and the screens are those of `--where` and
/// `--series` at launch, and those of the CSV of the same rows.
@Suite("f, F and g on a table", .serialized)
struct PostgresReloadTests {
    static let typed = "f s t a t u s space > = space 5 0 0 enter"
    static let screen = ["--dump", "--size", "120x32", "--tz", "Europe/Berlin", "--levels", "hour,day", "--now", "2024-06-04T12:00Z"]

    /// The dump of the `requests` table (`PostgresWhereTests`) with `options`; its exit status, screen and stderr.
    static func table(_ options: [String]) throws -> (status: Int32, screen: String, stderr: String) {
        try #require(PostgresWhereTests.table != nil)
        let run = try PostgresCommandTests.strata([try DatabaseFixtures.server.uri, "--table", "requests"] + screen + options)
        return (run.status, run.stdout, run.stderr)
    }

    /// The keys that split the rows by `field` from the `g` list, counted from its cursor to the field's line.
    static func split(by field: String, after keys: String) throws -> String {
        let list = try table(["--keys", keys + " g"]).screen.split(separator: "\n")
        let cursor = try #require(list.firstIndex { $0.contains("▶") })
        let line = try #require(list.firstIndex { $0.contains(" \(field) ") && $0.contains("│") && !$0.contains("▶") })
        return keys + " g" + String(repeating: " down", count: line - cursor) + " enter"
    }

    @Test func aFilterTypedIsWhereAtLaunch() throws {
        let launched = try Self.table(["--where", "status >= 500"])
        #expect(launched.status == 0, "\(launched.stderr)")
        let passing = PostgresWhereTests.count { Int($0[3])! >= 500 }
        let rows = PostgresWhereTests.count { _ in true }
        #expect(launched.screen.contains("status >= 500 · \(CountText.grouped(passing)) of \(CountText.grouped(rows)) rows"), "\(launched.screen)")
        let typed = try Self.table(["--keys", Self.typed])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(typed.screen == launched.screen)
        // F reads every row again.
        #expect(try Self.table(["--where", "status >= 500", "--keys", "F"]).screen == (try Self.table([])).screen)
    }

    /// With `--agg p99` the filtered table's percentiles are asked with the filter typed, as with `--where`'s.
    @Test func aFilterTypedWithAPercentileIsWhereAtLaunch() throws {
        let launched = try Self.table(["--where", "status >= 500", "--agg", "p99"])
        #expect(launched.status == 0, "\(launched.stderr)")
        #expect(launched.screen.contains("p99"), "\(launched.screen)")
        let typed = try Self.table(["--agg", "p99", "--keys", Self.typed])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(typed.screen == launched.screen)
    }

    @Test func aSplitIsSeriesAtLaunchWithTheFilterInForce() throws {
        let launched = try Self.table(["--where", "status >= 500", "--series", "method"])
        #expect(launched.status == 0, "\(launched.stderr)")
        #expect(launched.screen.contains(" · all "), "\(launched.screen)")
        let keys = try Self.split(by: "method", after: Self.typed)
        let typed = try Self.table(["--keys", keys])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(typed.screen == launched.screen)
    }

    /// The same keys on the CSV of the table's rows (a NULL is an empty field) draw the same screens.
    @Test func theTablesScreensAreItsCSVs() throws {
        try #require(PostgresWhereTests.table != nil)
        let folder = try DatabaseFixtures.server.file("reload-\(UUID().uuidString.prefix(8))", contents: "")
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Named as the table, so that the headers name the same input.
        let csv = folder + "/requests"
        try PostgresWhereTests.requests.write(toFile: csv, atomically: true, encoding: .utf8)
        for keys in [Self.typed, try Self.split(by: "method", after: Self.typed)] {
            let file = try PostgresCommandTests.strata([csv] + Self.screen + ["--keys", keys])
            #expect(file.status == 0, "\(file.stderr)")
            #expect(try Self.table(["--keys", keys]).screen == file.stdout, "\(keys)")
        }
    }

    /// `f`, `text` typed a character a key, and Enter.
    static func filter(_ text: String) -> String {
        "f " + text.map { $0 == " " ? "space" : String($0) }.joined(separator: " ") + " enter"
    }

    /// An operand written as SQL is data: it passes the one row that holds it, and the table is still there.
    /// A name written as SQL is no column: the prompt says so, and no statement is sent.
    @Test func sqlTypedInThePromptIsData() throws {
        let rows = CountText.grouped(PostgresWhereTests.count { _ in true })
        let value = "path = \"\(PostgresWhereTests.injection)\""
        let injected = try Self.table(["--keys", Self.filter(value)])
        #expect(injected.status == 0, "\(injected.stderr)")
        #expect(injected.screen.contains("\(value) · 1 of \(rows) rows"), "\(injected.screen)")
        let name = try Self.table(["--keys", Self.filter("\"path\\\" = 1; DROP TABLE requests; --\" = 1")])
        #expect(name.screen.contains("no field path\" = 1; DROP TABLE requests; -- at column 1"), "\(name.screen)")
        // The table is still there, every row of it.
        #expect(try Self.table(["--where", "status >= 0"]).screen.contains("of \(rows) rows"))
    }
}
