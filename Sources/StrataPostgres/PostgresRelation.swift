/// What strata reads from a database: a table (`--table NAME`, or
/// `SCHEMA.NAME`) or a query (`--query 'SELECT …'`), as the `FROM` item
/// every statement strata writes reads from. A query is wrapped as a
/// subquery and runs through the extended protocol, which takes one
/// statement only: a `;` in it cannot start another.
public enum PostgresRelation: Sendable, Equatable {
    case table(String)
    case query(String)

    /// The table's name, or `query`: the source's name on screen.
    public var name: String {
        switch self {
        case .table(let name): name
        case .query: "query"
        }
    }

    var fromItem: String {
        switch self {
        case .table(let name):
            // A dot parts a schema from the table; each part is quoted as it is.
            let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return parts.map(Self.quoted).joined(separator: ".") + " AS strata_rows"
        case .query(let text):
            // A newline before the parenthesis: a `--` comment ending the query ends there.
            return "(\(text)\n) AS strata_rows"
        }
    }

    /// `name` as a quoted identifier: `"a ""b"""` for `a "b"`.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` as a string literal (standard_conforming_strings, on since PostgreSQL 9.1).
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
