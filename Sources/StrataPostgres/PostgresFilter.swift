import StrataData

/// `--where` as a condition on a table's or query's columns, for the
/// statements' `WHERE`: every operand a bound parameter, every name a
/// quoted identifier of a column the relation has. It passes the rows
/// `RowMatcher` passes in the CSV of the same rows, where a NULL is an
/// empty field: each comparison is true or false, never NULL, so `not`
/// keeps the rows it does in a file.
struct PostgresFilter {
    /// The operands as text, in the order the condition numbers them.
    let parameters: [String]
    private let filter: RowFilter
    private let columns: PostgresColumns

    /// Checks every name against the columns (exact, or a 1-based index, as
    /// a CSV's header is read) before any statement uses it; an order
    /// (`<`, `>=`, …) needs a numeric column: a text column's order is not a number's.
    init(_ filter: RowFilter, columns: PostgresColumns) throws(ReadError) {
        self.filter = filter
        self.columns = columns
        for name in filter.fieldNames {
            _ = try Self.column(name, in: columns)
        }
        try Self.checkOrders(filter, columns)
        var parameters: [String] = []
        _ = Self.render(filter, columns, first: 1, parameters: &parameters)
        self.parameters = parameters
    }

    /// The condition, its operands numbered from `$first` on (after the statement's own parameters).
    func condition(first: Int) -> String {
        var parameters: [String] = []
        return Self.render(filter, columns, first: first, parameters: &parameters)
    }

    /// The column `name` means: the column of that name, else the 1-based index.
    private static func column(_ name: String, in columns: PostgresColumns) throws(ReadError) -> Int {
        if let c = columns.names.firstIndex(of: name) { return c }
        guard let n = Int(name), columns.indices.contains(n - 1) else {
            throw .unknownColumn(file: columns.source, option: "--where", column: name, available: columns.names)
        }
        return n - 1
    }

    private static func checkOrders(_ filter: RowFilter, _ columns: PostgresColumns) throws(ReadError) {
        switch filter {
        case .compare(let name, let comparison, _) where comparison.ordersNumbers:
            let c = try column(name, in: columns)
            guard columns.isNumber(c) else {
                throw .badQuery(source: columns.source, reason: "--where \(name) \(comparison.rawValue) …: \"\(columns.names[c])\" is not a numeric column, "
                                + "so it has no order of numbers (a --query can cast it)")
            }
        case .compare, .oneOf, .contains: break
        case .not(let a): try checkOrders(a, columns)
        case .and(let a, let b), .or(let a, let b):
            try checkOrders(a, columns)
            try checkOrders(b, columns)
        }
    }

    /// `filter` as SQL, each operand `$n` from `first` on, appended to `parameters` as it is numbered.
    private static func render(_ filter: RowFilter, _ columns: PostgresColumns, first: Int, parameters: inout [String]) -> String {
        func bind(_ text: String) -> String {
            parameters.append(text)
            return "$\(first + parameters.count - 1)"
        }
        func name(_ field: String) -> (quoted: String, numeric: Bool) {
            let c = (try? column(field, in: columns)) ?? 0
            return (PostgresRelation.quoted(columns.names[c]), columns.isNumber(c))
        }
        /// The column as the CSV writes it: its text, NULL empty.
        func text(_ quoted: String) -> String { "coalesce(\(quoted)::text, '')" }
        func compare(_ field: String, _ comparison: RowFilter.Comparison, _ operand: RowFilter.Operand) -> String {
            let (column, numeric) = name(field)
            switch comparison {
            case .matches, .notMatches:
                return "(\(text(column)) \(comparison.rawValue) \(bind(operand.text)))"
            default:
                // A number against a numeric column compares as the file's doubles; a NULL (an empty field) is not a number,
                // so only `!=` passes it. Text otherwise: an empty field is ''.
                if numeric, let number = operand.number {
                    let sql = comparison == .notEqual ? "<>" : comparison.rawValue
                    return "coalesce(\(column) \(sql) \(bind(String(number)))::float8, \(comparison == .notEqual))"
                }
                return "(\(text(column)) \(comparison == .notEqual ? "<>" : "=") \(bind(operand.text)))"
            }
        }
        switch filter {
        case .compare(let field, let comparison, let operand):
            return compare(field, comparison, operand)
        case .oneOf(let field, let operands):
            return "(" + operands.map { compare(field, .equal, $0) }.joined(separator: " OR ") + ")"
        case .contains(let word):
            // The row's text as a CSV line holds it: every column's, joined by commas.
            let row = columns.names.map { text(PostgresRelation.quoted($0)) }.joined(separator: " || ',' || ")
            return "(strpos(\(row), \(bind(word))) > 0)"
        case .not(let a):
            return "(NOT \(render(a, columns, first: first, parameters: &parameters)))"
        case .and(let a, let b):
            return "(\(render(a, columns, first: first, parameters: &parameters)) AND \(render(b, columns, first: first, parameters: &parameters)))"
        case .or(let a, let b):
            return "(\(render(a, columns, first: first, parameters: &parameters)) OR \(render(b, columns, first: first, parameters: &parameters)))"
        }
    }
}
