import Foundation
import Testing
@testable import StrataData
@testable import StrataPostgres

/// Each way a database can fail gives one line and the documented exit
/// code, with no password in it, and never a hang.
struct PostgresFailureTests {
    static let setup = DatabaseFixtures.setup(zone: "UTC", levels: [.day])

    static func open(_ relation: PostgresRelation, uri: String? = nil, options: ReadOptions = ReadOptions(),
                     timeout: Int? = nil) throws -> ReadError? {
        let address = try uri.map { PostgresAddress($0)! } ?? DatabaseFixtures.address()
        do throws(ReadError) {
            let source = try PostgresSource(try PostgresConnection(address, statementTimeout: timeout), relation: relation, options: options, setup: setup)
            _ = try source.coarse { _ in }
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingTableCannotBeOpened() throws {
        let error = try #require(try Self.open(.table("no_such_table")))
        #expect(error.exitCode == 66)
        #expect(error.message.contains("\"no_such_table\" does not exist"))
    }

    @Test func aQueryWithASyntaxErrorIsBadUsage() throws {
        let error = try #require(try Self.open(.query("SELEC time FROM readings")))
        #expect(error.exitCode == 64)
        #expect(error.message.contains("syntax error"))
        #expect(!error.message.contains("\n"))
    }

    /// A second statement after `;` is not run: the query is a subquery, sent as one statement.
    @Test func aQueryCannotAddAStatement() throws {
        let error = try #require(try Self.open(.query("SELECT * FROM readings; DROP TABLE readings")))
        #expect(error.exitCode == 64)
        #expect(try Self.open(.table("readings")) == nil)
    }

    /// The session is read-only: a function that writes fails.
    @Test func nothingIsWritten() throws {
        try DatabaseFixtures.server.psql("CREATE TABLE IF NOT EXISTS written (n int); CREATE OR REPLACE FUNCTION writes() RETURNS int "
                                         + "LANGUAGE sql AS 'INSERT INTO written VALUES (1) RETURNING n'")
        let error = try #require(try Self.open(.query("SELECT time, writes() AS n FROM readings")))
        #expect(error.message.contains("read-only transaction"))
    }

    /// A query that turns the session's read-only default off, then writes
    /// once the transaction it runs in is not read-only, writes nothing:
    /// every statement's own transaction is read-only.
    @Test func aQueryCannotTurnReadOnlyOff() throws {
        try DatabaseFixtures.server.psql("CREATE TABLE IF NOT EXISTS bypassed (n int); TRUNCATE bypassed; "
                                         + "CREATE OR REPLACE FUNCTION writes_bypassed() RETURNS int "
                                         + "LANGUAGE sql AS 'INSERT INTO bypassed VALUES (1) RETURNING n'")
        let query = "SELECT time, temp, set_config('default_transaction_read_only', 'off', false) AS flag, "
            + "CASE WHEN current_setting('transaction_read_only') = 'off' THEN writes_bypassed() END AS n FROM readings"
        _ = try Self.open(.query(query))
        let count = try PostgresConnection(DatabaseFixtures.address()).query("SELECT count(*) FROM bypassed")
        #expect(count.text(0, 0) == "0")
    }

    @Test func anUnknownUserCannotConnectAndNoPasswordIsShown() throws {
        let server = try DatabaseFixtures.server
        let uri = server.uri.replacingOccurrences(of: "strata@", with: "nobody:s3cr%65t@")
        let error = try #require(try Self.open(.table("readings"), uri: uri))
        #expect(error.exitCode == 66)
        #expect(error.message.contains("nobody"))
        #expect(!error.message.contains("s3cr") && !error.message.contains("secret"))
        let unparsable = try #require(try Self.open(.table("readings"), uri: "postgresql://bob:s3cret@[zz/db"))
        #expect(!unparsable.message.contains("s3cret"))
        #expect(unparsable.exitCode == 66)
    }

    /// Passwords with a raw `?`, `/` or `@`, which libpq reads otherwise
    /// than the URI's shape suggests: no part of them in the error line.
    @Test(arguments: ["Ab?cd_Secret9", "Wr/ngPw_77", "Wr@ngPw_77"])
    func noPartOfAPasswordIsShown(_ password: String) throws {
        let uri = try DatabaseFixtures.server.uri.replacingOccurrences(of: "strata@", with: "nobody:\(password)@")
        let error = try #require(try Self.open(.table("readings"), uri: uri))
        for piece in password.split(whereSeparator: { "/@?".contains($0) }) {
            #expect(!error.message.contains(piece), "\(error.message)")
        }
    }

    /// Rows with no time are skipped and counted, as a file's bad times are;
    /// a table or query with no row that has a time is refused as a file is (65).
    @Test func rowsWithNoTimeAreCountedAsSkipped() throws {
        try DatabaseFixtures.server.psql("DROP TABLE IF EXISTS timeless; CREATE TABLE timeless AS SELECT time, temp FROM readings; "
                                         + "INSERT INTO timeless VALUES (NULL, 1.5), (NULL, 2.5), (NULL, NULL)")
        let source = try PostgresSource(try PostgresConnection(DatabaseFixtures.address()), relation: .table("timeless"),
                                        options: ReadOptions(), setup: Self.setup)
        let result = try source.coarse { _ in }
        let readings = try PostgresSource(try PostgresConnection(DatabaseFixtures.address()), relation: .table("readings"),
                                          options: ReadOptions(), setup: Self.setup).coarse { _ in }
        #expect(result.accepted == readings.accepted && result.skipped == 3)
        #expect(result.notes.contains("skipped 3 rows with no time in \"time\""))
        try DatabaseFixtures.server.psql("DROP TABLE IF EXISTS all_timeless; CREATE TABLE all_timeless (time timestamptz, temp float8); "
                                         + "INSERT INTO all_timeless VALUES (NULL, 1), (NULL, 2); "
                                         + "DROP TABLE IF EXISTS no_rows; CREATE TABLE no_rows (time timestamptz, temp float8)")
        var options = ReadOptions()
        options.timeColumn = "time"
        let allNull = try #require(try Self.open(.table("all_timeless"), options: options))
        #expect(allNull.exitCode == 65 && allNull.message.contains("2 rows read, all skipped: no time in \"time\""), "\(allNull.message)")
        for relation in [PostgresRelation.table("no_rows"), .query("SELECT time, temp FROM readings WHERE false")] {
            let empty = try #require(try Self.open(relation, options: options))
            #expect(empty.exitCode == 65 && empty.message.hasSuffix(": no rows"), "\(empty.message)")
        }
    }

    @Test func aTableNamedWithAQuoteIsQuoted() throws {
        try DatabaseFixtures.server.psql(#"CREATE TABLE IF NOT EXISTS "odd ""name"" ; x" AS SELECT time AS "the ""time""", temp FROM readings"#)
        var options = ReadOptions()
        options.timeColumn = #"the "time""#
        #expect(try Self.open(.table(#"odd "name" ; x"#), options: options) == nil)
    }

    @Test func aStatementTimeoutEndsASlowQuery() throws {
        let error = try #require(try Self.open(.query("SELECT time, temp, pg_sleep(0.05) AS s FROM readings"), timeout: 300))
        #expect(error.exitCode == 69)
        #expect(error.message.contains("statement timeout"))
    }

    /// The server ends the session mid-way (as when it stops): the next query fails at once, 69.
    @Test func aLostConnectionIsOneLine() throws {
        let server = try DatabaseFixtures.server
        // Its own name: the other tests' sessions run on beside it.
        let address = PostgresAddress(server.uri + "?application_name=strata_doomed")!
        let source = try PostgresSource(try PostgresConnection(address), relation: .table("readings"), options: ReadOptions(), setup: Self.setup)
        try server.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'strata_doomed'")
        #expect(throws: ReadError.self) { _ = try source.coarse { _ in } }
        let error = try #require(throws: ReadError.self) { _ = try source.rows(from: 0, to: Int64.max / 2, series: 0, limit: 1) }
        #expect(error.exitCode == 69)
        #expect(!error.message.contains("\n"))
    }

    /// `PQcancel` from another thread stops a running query.
    @Test func aCancelStopsARunningQuery() throws {
        let connection = try PostgresConnection(try DatabaseFixtures.address())
        let started = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { connection.cancel() }
        let error = try #require(throws: ReadError.self) { _ = try connection.query("SELECT pg_sleep(30)") }
        #expect(error.exitCode == 69)
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
