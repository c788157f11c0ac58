import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// `--where` on a table is a `WHERE` whose operands are bound parameters:
/// the same expression gives the same export, the same counts and the same
/// card rows from the table as from the CSV of its rows, where a NULL is
/// an empty field. An operand written as SQL is data: it matches the one
/// row that holds that text, and the table is still there.
struct PostgresWhereTests {
    /// A path some client sent to try SQL on a server: one row holds it.
    static let injection = "/search?q=x'); DROP TABLE requests; --"

    /// Requests every 97 seconds over three days: a method, a path, a
    /// status, a host (empty, NULL in the table, every 11th) and a latency
    /// of quarters (every sum exact in any order; empty every 13th), and a note.
    static let requests: String = {
        var random = SeededGenerator(seed: 34)
        var lines = ["time,method,path,status,host,latency,note"]
        let paths = ["/api/users", "/api/orders", "/static/app.js", "/health", "/api/users/7", injection]
        let notes = ["ok", "cache hit", "upstream timeout", "retry"]
        for (n, t) in stride(from: Int64(1_717_200_000), to: 1_717_200_000 + 3 * 86_400, by: 97).enumerated() {
            let method = ["GET", "GET", "GET", "POST", "PUT", "DELETE"][Int.random(in: 0..<6, using: &random)]
            // The injection is one row's path, the rest at random.
            let path = n == 1_000 ? injection : paths[Int.random(in: 0..<5, using: &random)]
            let status = [200, 200, 200, 201, 304, 404, 500, 503][Int.random(in: 0..<8, using: &random)]
            let host = n % 11 == 0 ? "" : "web-\(Int.random(in: 1...3, using: &random))"
            let latency = n % 13 == 0 ? "" : "\(Double(Int.random(in: 0...800, using: &random)) / 4)"
            lines.append("\(DatabaseFixtures.iso(t)),\(method),\(path),\(status),\(host),\(latency),\(notes[Int.random(in: 0..<4, using: &random)])")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let table: Void? = {
        guard let server = try? DatabaseFixtures.server,
              let csv = try? server.file("requests.csv", contents: requests) else { return nil }
        return try? server.load("requests", columns: "time timestamptz, method text, path text, status int4, host text, latency float8, note text",
                                csv: csv)
    }()

    static let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day])

    /// The table read with `expression`, and its CSV read from a file with the same.
    static func both(_ expression: String, relation: PostgresRelation = .table("requests"),
                     options: ReadOptions = ReadOptions()) throws -> (database: LoadResult, file: LoadResult, source: PostgresSource) {
        try #require(table != nil)
        var options = options
        options.filter = try RowFilter.parse(expression)
        let source = try PostgresSource(try PostgresConnection(DatabaseFixtures.address()), relation: relation, options: options, setup: setup)
        let database = try source.coarse { _ in }
        let path = try DatabaseFixtures.server.file("requests-\(UUID().uuidString.prefix(8)).csv", contents: requests)
        return (database, try DataLoader.load([.file(path)], options: options, setup: setup), source)
    }

    /// The CSV's rows (time, method, path, status, host, latency, note) that `passes`, counted here.
    static func count(_ passes: ([String]) -> Bool) -> Int {
        requests.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }.count(where: passes)
    }

    @Test(arguments: [
        // Numbers against an integer column.
        "status >= 500", "status != 200",
        // A regular expression with a group, and its negation.
        "path ~ ^/api/(users|orders)$", "path !~ ^/api/",
        "method in (POST, PUT)",
        // NULL hosts and latencies are empty fields: `!=` and `not` pass them, an order does not.
        "host != web-1", "not host = web-2", "not latency > 50", "latency <= 50 or host = \"\"",
        // A word the row's text holds.
        "timeout and not method = GET",
        // SQL in an operand is text to compare: it matches the one row holding it.
        "path = \"\(injection)\"", "path = \"x' OR '1'='1\" or status = 404",
    ])
    func passesWhatTheFileDoes(expression: String) throws {
        let (database, file, _) = try Self.both(expression)
        #expect(database.accepted == file.accepted && database.skipped == file.skipped, "\(expression)")
        #expect(database.rowsRead == file.rowsRead && database.filteredOut == file.filteredOut, "\(expression)")
        #expect(database.rowsRead == 2_673 && database.filteredOut > 0, "\(expression): \(database.rowsRead), \(database.filteredOut)")
        #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file), "\(expression)")
    }

    /// Counts worked out here from the CSV's text, not from either reader.
    @Test func countsAreTheRowsThatPass() throws {
        let cases: [(String, ([String]) -> Bool)] = [
            ("status >= 500", { Int($0[3])! >= 500 }),
            ("not host = web-2", { $0[4] != "web-2" }),
            ("not latency > 50", { Double($0[5]).map { $0 <= 50 } ?? true }),
            ("path = \"\(Self.injection)\"", { $0[2] == Self.injection }),
        ]
        for (expression, passes) in cases {
            let (database, _, _) = try Self.both(expression)
            #expect(database.rowsRead - database.filteredOut == Self.count(passes), "\(expression)")
        }
        #expect(Self.count { $0[2] == Self.injection } == 1)
        #expect(Self.count { $0[4].isEmpty } == 243 && Self.count { $0[5].isEmpty } == 206)
        // The table is whole after every statement that carried it.
        let (all, _, _) = try Self.both("status > 0")
        #expect(all.accepted == 2_673 && all.filteredOut == 0)
    }

    /// A breakdown is the `GROUP BY`'s series column, and combines with the filter.
    @Test func aBreakdownByAColumnCombines() throws {
        var options = ReadOptions()
        options.seriesColumn = "method"
        let (database, file, _) = try Self.both("status >= 500 and path ~ ^/api/", options: options)
        #expect(database.seriesNames == file.seriesNames && database.seriesNames.count == 4)
        #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
    }

    /// A query's statement numbers its operands after the range's as a table's does; the card's rows and a page's bars read back
    /// by range pass the filter too.
    @Test func rangesAndQueriesPassTheSameRows() throws {
        let expression = "method in (POST, PUT) and not latency > 100"
        let (database, file, source) = try Self.both(expression, relation: .query("SELECT * FROM requests"))
        #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
        let rows = try source.rows(from: 1_717_200_000, to: 1_717_200_000 + 3 * 86_400, series: 0, limit: 10_000)
        #expect(rows.count == database.accepted)
        #expect(rows.allSatisfy { $0.text.contains(",POST,") || $0.text.contains(",PUT,") })
        // Berlin's first day, from midnight (22:00 UTC): the rows start at 02:00.
        let fine = try #require(try source.fine(from: 1_717_192_800, to: 1_717_279_200, unit: .hour))
        let firstDay = Dataset(loaded: file, levels: file.levels).page(.day, index: 0, series: 0)
        #expect(fine.buckets[0][0].map(\.stats.count) == firstDay.buckets.map(\.stats.count).filter { $0 > 0 })
        #expect(fine.buckets[0][0].count > 15)
    }

    /// Interval rows pass as a file's do: on the load, a range's periods and a window's intervals.
    @Test func intervalsPassAsInAFile() throws {
        var options = ReadOptions()
        options.filter = try RowFilter.parse("sample_size >= 1500 or pollster = Newspoll")
        let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.day, .week, .month])
        let (database, file, source) = try DatabaseFixtures.both("polls", options: options, setup: setup)
        #expect(database.rowsRead == file.rowsRead && database.filteredOut == file.filteredOut && database.filteredOut > 0)
        #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
        let (start, end): (Int64, Int64) = (1_700_000_000, 1_760_000_000)  // 2023-11 to 2025-10: every poll
        let window = try #require(try source.intervals(from: start, to: end + 1, progress: nil))
        #expect(window.bySeries.joined().count == database.accepted)
        #expect(try source.rows(from: start, to: end + 1, series: 0, limit: 1_000).count == database.accepted)
    }

    /// A name the table has not is strata's own line, naming it and where the expression writes it, before any statement
    /// carries the filter; an order on a text column is refused, as the table has no numbers there.
    @Test func namesAreCheckedFirst() throws {
        try #require(Self.table != nil)
        for (expression, line) in [
            ("method = GET and statuz >= 500",
             "strata: requests: --where method = GET and statuz >= 500: no column \"statuz\" at column 18 (columns: \"time\", \"method\", \"path\", \"status\", \"host\", \"latency\", \"note\")"),
            ("\"status\\\"; DROP TABLE requests; --\" = 1",
             "strata: requests: --where \"status\\\"; DROP TABLE requests; --\" = 1: no column \"status\"; DROP TABLE requests; --\" at column 1 (columns: \"time\", \"method\", \"path\", \"status\", \"host\", \"latency\", \"note\")"),
        ] {
            var options = ReadOptions()
            options.filter = try RowFilter.parse(expression)
            let error = try #require(throws: ReadError.self) {
                try PostgresSource(try PostgresConnection(DatabaseFixtures.address()), relation: .table("requests"), options: options, setup: Self.setup)
            }
            #expect(error.locatingField(in: expression).message == line)
            #expect(error.exitCode == 64)
        }
        var options = ReadOptions()
        options.filter = try RowFilter.parse("method > 5")
        let order = try #require(throws: ReadError.self) {
            try PostgresSource(try PostgresConnection(DatabaseFixtures.address()), relation: .table("requests"), options: options, setup: Self.setup)
        }
        #expect(order.message == "strata: requests: --where method > …: \"method\" is not a numeric column, so it has no order of numbers (a --query can cast it)")
        #expect(order.exitCode == 64)
        let (all, _, _) = try Self.both("status > 0")
        #expect(all.accepted == 2_673)
    }

    @Test func noRowPassing() throws {
        try #require(Self.table != nil)
        var options = ReadOptions()
        options.filter = try RowFilter.parse("status > 600")
        let source = try PostgresSource(try PostgresConnection(DatabaseFixtures.address()), relation: .table("requests"), options: options, setup: Self.setup)
        let error = try #require(throws: ReadError.self) { try source.coarse { _ in } }
        #expect(error.message == "strata: requests: no row passes --where (2,673 rows read)")
        #expect(error.exitCode == 65)
    }
}
