/// A filter as the user wrote it (`--where`, `f`) and as it parses: the
/// header names the text, a load reads the rows by the parse, and an
/// error about a field finds its column in the text.
public struct TypedFilter: Hashable, Sendable {
    public let text: String
    public let parsed: RowFilter

    public init(text: String, parsed: RowFilter) {
        self.text = text
        self.parsed = parsed
    }

    public init(parsing text: String) throws(RowFilter.SyntaxError) {
        self.init(text: text, parsed: try RowFilter.parse(text))
    }
}
