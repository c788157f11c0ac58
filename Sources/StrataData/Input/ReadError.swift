/// Why reading stopped. Each case knows its exit code (64 usage, 65 bad
/// data, 66 cannot open) and renders as one line naming the file, and the
/// line and column where there is one.
public enum ReadError: Error, Sendable, Equatable {
    /// The file is missing, unreadable, or a directory (66).
    case cannotOpen(file: String, reason: String)
    /// `--time`, `--value` or `--series` names no column (64).
    case unknownColumn(file: String, option: String, column: String, available: [String])
    /// `--where` names a field the input has not, at a column of its expression (64).
    case unknownFilterField(file: String, expression: String, field: String, column: Int, available: [String])
    /// A 1-based column index beyond the row (64).
    case columnOutOfRange(file: String, option: String, index: Int, count: Int)
    /// `--time-format` cannot be used (64).
    case badTimeFormat(pattern: String, reason: String)
    /// Day and month order cannot be told from the data (64: `--time-format` settles it).
    case ambiguousDates(file: String, column: String, example: String)
    /// `--value` names a column whose sample holds no numbers (64).
    case notNumbers(file: String, column: String, example: String, hint: String?)
    /// `--duration` names a column whose sample holds no durations (64).
    case notDurations(file: String, column: String, example: String)
    /// No column or text in the sample parses as a time (65).
    case noTimeColumn(file: String, detail: String)
    /// `--strict` and a bad row (65).
    case badRow(SkippedRow)
    /// Nothing usable in the input (65): empty, header only, or every row bad.
    case noValidRows(file: String, detail: String)
    /// The bytes cannot be read as text (65): UTF-16, broken gzip data.
    case unreadable(file: String, reason: String)
    /// A database refused a query strata was given (`--query`) or built from the options (64).
    case badQuery(source: String, reason: String)
    /// A database gave up on a statement mid-session: a statement timeout, a cancel (69).
    case unavailable(source: String, reason: String)
    /// The connection to a database was lost mid-session (69): a terminal
    /// session opens it again (`SourceLink`); the reason is libpq's.
    case connectionLost(source: String, reason: String)

    /// Rows were read and every one was skipped: the first says why.
    static func allSkipped(file: String, rows: Int, first: SkippedRow?) -> ReadError {
        let reason = first.map { "; first: \($0)" } ?? ""
        return .noValidRows(file: file, detail: "no row with a valid time (\(rows) row\(rows == 1 ? "" : "s") read, all skipped\(reason))")
    }

    /// The `--time-format` patterns that read dates like `example` day first and month first.
    static func dayMonthPatterns(_ example: String) -> (dayFirst: String, monthFirst: String) {
        let sep = example.first { !$0.isNumber }.map(String.init) ?? "/"
        // `03/01/2026 12:15:48 AM`: a 12-hour clock, which `%H` would refuse.
        let twelveHour = example.range(of: #"\d\s*[AaPp]\.?[Mm]\.?$"#, options: .regularExpression) != nil
        let clock = (twelveHour ? " %I:%M" : " %H:%M") + (example.split(separator: ":").count > 2 ? ":%S" : "") + (twelveHour ? " %p" : "")
        let rest = example.contains(":") ? clock : ""
        return ("%d\(sep)%m\(sep)%Y\(rest)", "%m\(sep)%d\(sep)%Y\(rest)")
    }

    /// `--where`'s missing name with the column where `expression` writes
    /// it: the readers hold the parsed tree, the command line its text.
    public func locatingField(in expression: String?) -> ReadError {
        guard case .unknownColumn(let file, "--where", let field, let available) = self, let expression,
              let column = RowFilter.column(ofField: field, in: expression) else { return self }
        return .unknownFilterField(file: file, expression: expression, field: field, column: column, available: available)
    }

    /// The columns an input has, for an error naming one it has not.
    private static func list(_ available: [String]) -> String {
        available.isEmpty ? "" : " (columns: \(available.prefix(20).map { "\"\($0)\"" }.joined(separator: ", ")))"
    }

    public var exitCode: Int32 {
        switch self {
        case .cannotOpen: 66
        case .unknownColumn, .unknownFilterField, .columnOutOfRange, .badTimeFormat, .ambiguousDates, .notNumbers, .notDurations, .badQuery: 64
        case .unavailable, .connectionLost: 69
        case .noTimeColumn, .badRow, .noValidRows, .unreadable: 65
        }
    }

    /// One line for stderr: `bareMessage` after `strata: `.
    public var message: String { "strata: " + bareMessage }

    /// What went wrong, as a footer says it; control characters from the
    /// data (or a file name) are shown as `\xNN`, never sent.
    public var bareMessage: String {
        ({
            switch self {
            case .cannotOpen(let file, let reason):
                return "\(file): cannot open: \(reason)"
            case .unknownColumn(let file, let option, let column, let available):
                return "\(file): \(option) \"\(column)\": no such column\(Self.list(available))"
            case .unknownFilterField(let file, let expression, let field, let column, let available):
                return "\(file): --where \(expression): no column \"\(field)\" at column \(column)\(Self.list(available))"
            case .columnOutOfRange(let file, let option, let index, let count):
                return "\(file): \(option) \(index): column out of range (rows have \(count) column\(count == 1 ? "" : "s"))"
            case .badTimeFormat(let pattern, let reason):
                return "--time-format \"\(pattern)\": \(reason)"
            case .ambiguousDates(let file, let column, let example):
                let sep = example.first { !$0.isNumber }.map(String.init) ?? "/"
                let (dayFirst, monthFirst) = Self.dayMonthPatterns(example)
                return "\(file): column \"\(column)\": dates like \(example) could be DD\(sep)MM\(sep)YYYY or MM\(sep)DD\(sep)YYYY; "
                    + "say which with --time-format \"\(dayFirst)\" or \"\(monthFirst)\""
            case .notNumbers(let file, let column, let example, let hint):
                return "\(file): --value \"\(column)\": values like \"\(example)\" are not numbers" + (hint.map { " (\($0))" } ?? "")
            case .notDurations(let file, let column, let example):
                return "\(file): --duration \"\(column)\": values like \(example) are not seconds, 90m, 1h30m or 01:30:00"
            case .noTimeColumn(let file, let detail):
                return "\(file): \(detail)"
            case .badRow(let row):
                return row.description
            case .noValidRows(let file, let detail):
                return "\(file): \(detail)"
            case .unreadable(let file, let reason), .badQuery(let file, let reason), .unavailable(let file, let reason):
                return "\(file): \(reason)"
            case .connectionLost(let source, let reason):
                return "\(source): connection lost: \(reason)"
            }
        }()).visible
    }
}

extension String {
    /// Control characters (C0, DEL, C1) as visible `\xNN` escapes.
    var visible: String {
        guard unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                out += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(2)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
