import CLibPQ
import Foundation
import StrataData

/// One libpq connection, read-only for its whole life. libpq reads the
/// URI, the `PG*` variables, `~/.pgpass`, service files and `sslmode`; a
/// password never reaches an error line (`PostgresAddress.scrub`).
/// Queries are serialised: a card's rows (the UI thread) and a page's
/// buckets (a worker) share it. A connection lost mid-session is opened
/// again by `reconnect`, with the same settings.
public final class PostgresConnection: @unchecked Sendable {
    private let connection: OpaquePointer
    private let address: PostgresAddress
    private let lock = NSLock()
    /// Made at each connection, so `cancel()` can be called from another thread (a signal's) while a query runs.
    private var canceller: OpaquePointer?
    private let cancellerLock = NSLock()
    /// The session's settings, made again after a reconnection.
    private let settings: [String]

    /// Connects and makes the session read-only. A server that does not
    /// answer gives up after `connect_timeout` (10 s unless the URI or
    /// `PGCONNECT_TIMEOUT` says otherwise).
    /// - Parameter statementTimeout: milliseconds a statement may run; nil: the server's setting.
    public init(_ address: PostgresAddress, statementTimeout: Int? = nil) throws(ReadError) {
        self.address = address
        var keywords = ["fallback_application_name", "dbname"]
        var values = ["strata", address.uri]
        if ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] == nil {
            // First, so that the URI's own connect_timeout overrides it.
            keywords.insert("connect_timeout", at: 0)
            values.insert("10", at: 0)
        }
        guard strata_libpq_loaded() != 0 else {
            throw .unavailable(source: address.display, reason: "libpq is not installed (Debian: apt install libpq5); a database needs it")
        }
        let made = Self.withCStrings(keywords) { k in Self.withCStrings(values) { v in strata_PQconnectdbParams(k, v, 1) } }
        guard let made else { throw .cannotOpen(file: address.display, reason: "out of memory") }
        connection = made
        guard strata_PQstatus(made) == CONNECTION_OK else {
            let reason = Self.oneLine(address.scrub(String(cString: strata_PQerrorMessage(made))))
            strata_PQfinish(made)
            throw .cannotOpen(file: address.display, reason: reason)
        }
        canceller = strata_PQgetCancel(made)
        strata_PQsetNoticeProcessor_prefixed(made)
        // Every statement runs in a transaction of its own that is read-only (`readOnly`), whatever the
        // session's default says; the default is read-only too. Numbers come back exact.
        var settings = ["SET default_transaction_read_only = on", "SET extra_float_digits = 3", "SET client_encoding = 'UTF8'"]
        if let statementTimeout { settings.append("SET statement_timeout = \(statementTimeout)") }
        self.settings = settings
        try configure()
    }

    deinit {
        if let canceller { strata_PQfreeCancel(canceller) }
        strata_PQfinish(connection)
    }

    /// Opens a lost connection again (libpq's `PQreset`: the same
    /// parameters, the notice processor kept) and makes its settings again.
    /// Throws `connectionLost` while the server does not answer.
    public func reconnect() throws(ReadError) {
        lock.lock()
        defer { lock.unlock() }
        strata_PQreset(connection)
        guard strata_PQstatus(connection) == CONNECTION_OK else {
            throw .connectionLost(source: address.display, reason: Self.oneLine(address.scrub(String(cString: strata_PQerrorMessage(connection)))))
        }
        cancellerLock.withLock {
            if let canceller { strata_PQfreeCancel(canceller) }
            canceller = strata_PQgetCancel(connection)
        }
        try configure()
    }

    /// Makes the session's settings, each in its read-only transaction; the caller holds the lock, or is `init`.
    private func configure() throws(ReadError) {
        for setting in settings { _ = try execute(setting, []) }
    }

    /// The server's version as a number: 150004 for 15.4.
    var serverVersion: Int { Int(strata_PQserverVersion(connection)) }

    /// Runs one statement with its parameters (text, `$1`…), through the
    /// extended protocol: one statement only, never several joined by `;`.
    func query(_ sql: String, _ parameters: [String] = []) throws(ReadError) -> PostgresResult {
        lock.lock()
        defer { lock.unlock() }
        return try execute(sql, parameters)
    }

    /// Runs `statement` with the parameters it binds.
    func query(_ statement: PostgresStatement) throws(ReadError) -> PostgresResult {
        try query(statement.sql, statement.parameters)
    }

    /// `query` with the lock held.
    private func execute(_ sql: String, _ parameters: [String]) throws(ReadError) -> PostgresResult {
        try readOnly { () throws(ReadError) in
            let result = Self.withCStrings(parameters) { values in
                strata_PQexecParams(connection, sql, Int32(parameters.count), nil, values, nil, nil, 0)
            }
            guard let result else { throw noAnswer() }
            let status = strata_PQresultStatus(result)
            guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
                let error = failure(result)
                strata_PQclear(result)
                throw error
            }
            return PostgresResult(result)
        }
    }

    /// Runs `body` (the lock held) in a transaction that is read-only by
    /// itself: a statement that turns the session's default off
    /// (`set_config('default_transaction_read_only', 'off', false)`) leaves
    /// the next statement's transaction read-only all the same.
    private func readOnly<T>(_ body: () throws(ReadError) -> T) throws(ReadError) -> T {
        try command("BEGIN READ ONLY")
        let outcome: Result<T, ReadError>
        do throws(ReadError) { outcome = .success(try body()) } catch { outcome = .failure(error) }
        // A failed statement has aborted the transaction: its COMMIT ends it as a rollback.
        let ended = Result { () throws(ReadError) in try command("COMMIT") }
        let value = try outcome.get()
        try ended.get()
        return value
    }

    /// A statement with no rows and no parameters (`BEGIN`, `COMMIT`).
    private func command(_ sql: String) throws(ReadError) {
        guard let result = strata_PQexecParams(connection, sql, 0, nil, nil, nil, nil, 0) else { throw noAnswer() }
        defer { strata_PQclear(result) }
        guard strata_PQresultStatus(result) == PGRES_COMMAND_OK else { throw failure(result) }
    }

    /// Runs one statement as `query` does, handing `row` each row as it
    /// arrives (libpq's single-row mode, each a result of one row): memory
    /// holds one row, not the whole answer.
    /// - Parameter inUTC: the statement's `TimeZone` is UTC (`SET LOCAL`: the
    ///   session's, which a card's rows are written in, is kept).
    func stream(_ sql: String, _ parameters: [String] = [], inUTC: Bool = false,
                row: (PostgresResult) throws(ReadError) -> Void) throws(ReadError) {
        lock.lock()
        defer { lock.unlock() }
        try readOnly { () throws(ReadError) in
            if inUTC { try command("SET LOCAL TimeZone = 'UTC'") }
            try streamRows(sql, parameters, row: row)
        }
    }

    /// Streams `statement`'s rows with the parameters it binds, as `stream(_:_:inUTC:row:)`.
    func stream(_ statement: PostgresStatement, inUTC: Bool = false, row: (PostgresResult) throws(ReadError) -> Void) throws(ReadError) {
        try stream(statement.sql, statement.parameters, inUTC: inUTC, row: row)
    }

    private func streamRows(_ sql: String, _ parameters: [String], row: (PostgresResult) throws(ReadError) -> Void) throws(ReadError) {
        let sent = Self.withCStrings(parameters) { values in
            strata_PQsendQueryParams(connection, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        guard sent == 1 else { throw noAnswer() }
        strata_PQsetSingleRowMode(connection)
        var first: ReadError?
        // Every result is read, even after an error: the connection is then ready for the next statement.
        while let result = strata_PQgetResult(connection) {
            let status = strata_PQresultStatus(result)
            if first == nil {
                if status == PGRES_SINGLE_TUPLE {
                    do throws(ReadError) { try row(PostgresResult(result)) } catch { first = error }
                    continue
                }
                if status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK { first = failure(result) }
            }
            strata_PQclear(result)
        }
        if let first { throw first }
    }

    /// The tables and views strata can read, by the names `--table` takes
    /// (the schema only outside the search path), at most 100.
    public func tablesWithTimes() throws(ReadError) -> [String] {
        let result = try query("""
            SELECT DISTINCT CASE WHEN table_schema = ANY (current_schemas(false)) THEN table_name
                                 ELSE table_schema || '.' || table_name END
            FROM information_schema.columns
            WHERE data_type IN ('timestamp with time zone', 'timestamp without time zone', 'date')
              AND table_schema NOT IN ('pg_catalog', 'information_schema')
            ORDER BY 1 LIMIT 100
            """)
        return (0..<result.rowCount).compactMap { result.text($0, 0) }
    }

    /// Asks the server to stop the running query; safe from any thread.
    public func cancel() {
        cancellerLock.withLock {
            guard let canceller else { return }
            var buffer = [CChar](repeating: 0, count: 256)
            _ = strata_PQcancel(canceller, &buffer, Int32(buffer.count))
        }
    }

    /// A statement libpq could not send or got no result for: the connection is gone, or (never seen) out of memory.
    private func noAnswer() -> ReadError {
        let said = Self.oneLine(address.scrub(String(cString: strata_PQerrorMessage(connection))))
        let reason = said.isEmpty ? "no answer from the server" : said
        return strata_PQstatus(connection) == CONNECTION_OK ? .unavailable(source: address.display, reason: reason)
            : .connectionLost(source: address.display, reason: reason)
    }

    /// The error of a failed query, by its SQLSTATE class: a lost
    /// connection (the server shut down, or gone: class 08, 57P01 to
    /// 57P03), a timeout or a cancel is 69, a missing table 66, a query
    /// the server refused 64.
    private func failure(_ result: OpaquePointer) -> ReadError {
        let message = strata_PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
            ?? String(cString: strata_PQerrorMessage(connection))
        let reason = Self.oneLine(address.scrub(message))
        let state = strata_PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        if strata_PQstatus(connection) != CONNECTION_OK || state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) || state.isEmpty {
            return .connectionLost(source: address.display, reason: reason.isEmpty ? "no answer from the server" : reason)
        }
        if state.hasPrefix("57") {
            return .unavailable(source: address.display, reason: reason)
        }
        if state == "42P01" || state.hasPrefix("28") || state == "42501" || state == "3D000" || state == "3F000" {
            return .cannotOpen(file: address.display, reason: reason)
        }
        return .badQuery(source: address.display, reason: reason)
    }

    /// libpq's messages end with a newline and may hold more (a hint after a tab): one line for stderr.
    private static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// `strings` as a C array of C strings, for the length of `body`.
    private static func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) } + [nil])
    }
}
