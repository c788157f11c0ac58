import CLibPQ

/// The rows of one query, as text (libpq's text format: numbers as
/// PostgreSQL writes them, exact with `extra_float_digits`). Cleared when
/// released.
final class PostgresResult {
    private let result: OpaquePointer

    init(_ result: OpaquePointer) {
        self.result = result
    }

    deinit { strata_PQclear(result) }

    var rowCount: Int { Int(strata_PQntuples(result)) }
    var columnCount: Int { Int(strata_PQnfields(result)) }

    func name(_ column: Int) -> String { String(cString: strata_PQfname(result, Int32(column))) }

    /// The column's type OID (see `PostgresType`).
    func type(_ column: Int) -> UInt32 { strata_PQftype(result, Int32(column)) }

    /// nil for SQL NULL.
    func text(_ row: Int, _ column: Int) -> String? {
        guard strata_PQgetisnull(result, Int32(row), Int32(column)) == 0 else { return nil }
        return String(cString: strata_PQgetvalue(result, Int32(row), Int32(column)))
    }

    func int64(_ row: Int, _ column: Int) -> Int64? { text(row, column).flatMap { Int64($0) } }

    func double(_ row: Int, _ column: Int) -> Double? { text(row, column).flatMap { Double($0) } }
}
