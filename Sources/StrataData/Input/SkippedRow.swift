/// A row that was not used, and why.
public struct SkippedRow: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// Physical 1-based line where the row (or its bad field) is.
    public var line: Int
    /// 1-based character column where the bad field starts.
    public var column: Int
    public var reason: String

    public init(file: String, line: Int, column: Int, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `data.csv:12:7: time "2013-13-45" does not parse as YYYY-MM-DD`
    public var description: String { "\(file):\(line):\(column): \(reason)".visible }
}
