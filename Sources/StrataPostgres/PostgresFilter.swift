import StrataData

/// `--where` (or `f`) as a condition on a table's or query's columns, for
/// the statements' `WHERE`: every operand a bound parameter, every name a
/// quoted identifier of a column the relation has. It passes the rows
/// `RowMatcher` passes in the CSV of the same rows, where a NULL is an
/// empty field: each comparison is true or false, never NULL, so `not`
/// keeps the rows it does in a file.
struct PostgresFilter {
    /// The operands as text, in the order the condition numbers them.
    let parameters: [String]
    /// The condition, written once: SQL, and where each operand's `$n` goes.
    private let pieces: [Piece]

    private enum Piece {
        case sql(String)
        /// The operand `parameters[k]`.
        case operand(Int)
    }

    /// Resolves every name once against the columns (exact, or a 1-based
    /// index, as a CSV's header is read: `FilterFields`) before any
    /// statement uses it; an order (`<`, `>=`, …) needs a numeric column: a
    /// text column's order is not a number's.
    init(_ filter: RowFilter, columns: PostgresColumns) throws(ReadError) {
        var writer = Writer(columns: columns, fields: FilterFields(names: columns.names, numbered: true))
        try writer.write(filter)
        (parameters, pieces) = (writer.parameters, writer.pieces)
    }

    /// The condition, its operands numbered from `$first` on (after the statement's own parameters).
    func condition(first: Int) -> String {
        pieces.map { piece in
            switch piece {
            case .sql(let text): text
            case .operand(let k): "$\(first + k)"
            }
        }.joined()
    }

    /// Writes a filter's SQL piece by piece, binding each operand as it comes.
    private struct Writer {
        let columns: PostgresColumns
        let fields: FilterFields
        var parameters: [String] = []
        var pieces: [Piece] = []

        mutating func write(_ filter: RowFilter) throws(ReadError) {
            switch filter {
            case .compare(let field, let comparison, let operand):
                try compare(field, comparison, operand)
            case .oneOf(let field, let operands):
                sql("(")
                for (k, operand) in operands.enumerated() {
                    if k > 0 { sql(" OR ") }
                    try compare(field, .equal, operand)
                }
                sql(")")
            case .contains(let word):
                // The row's text as a CSV line holds it: every column's, joined by commas.
                let row = columns.names.map { Self.text(PostgresRelation.quoted($0)) }.joined(separator: " || ',' || ")
                sql("(strpos(\(row), ")
                bind(word)
                sql(") > 0)")
            case .not(let a):
                sql("(NOT ")
                try write(a)
                sql(")")
            case .and(let a, let b), .or(let a, let b):
                sql("(")
                try write(a)
                if case .and = filter { sql(" AND ") } else { sql(" OR ") }
                try write(b)
                sql(")")
            }
        }

        /// One comparison of the column `field` names.
        private mutating func compare(_ field: String, _ comparison: RowFilter.Comparison, _ operand: RowFilter.Operand) throws(ReadError) {
            guard let c = fields.index(of: field) else {
                throw .unknownColumn(file: columns.source, option: "--where", column: field, available: columns.names)
            }
            let column = PostgresRelation.quoted(columns.names[c])
            switch comparison {
            case .matches, .notMatches:
                sql("(\(Self.text(column)) \(comparison.rawValue) ")
            case _ where comparison.ordersNumbers && !columns.isNumber(c):
                throw .badQuery(source: columns.source, reason: "--where \(field) \(comparison.rawValue) …: \"\(columns.names[c])\" is not a numeric column, "
                                + "so it has no order of numbers (a --query can cast it)")
            default:
                // A number against a numeric column compares as the file's doubles; a NULL (an empty field) is not a number,
                // so only `!=` passes it. Text otherwise: an empty field is ''.
                if columns.isNumber(c), let number = operand.number {
                    sql("coalesce(\(column) \(comparison == .notEqual ? "<>" : comparison.rawValue) ")
                    bind(String(number))
                    return sql("::float8, \(comparison == .notEqual))")
                }
                sql("(\(Self.text(column)) \(comparison == .notEqual ? "<>" : "=") ")
            }
            bind(operand.text)
            sql(")")
        }

        private mutating func sql(_ text: String) { pieces.append(.sql(text)) }

        private mutating func bind(_ text: String) {
            pieces.append(.operand(parameters.count))
            parameters.append(text)
        }

        /// The column as the CSV writes it: its text, NULL empty.
        private static func text(_ quoted: String) -> String { "coalesce(\(quoted)::text, '')" }
    }
}
