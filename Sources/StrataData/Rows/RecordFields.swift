/// One field of a raw record as the card's record view shows it: a
/// header's name (`column 3` without a header, a dotted path for JSON) and
/// the field's text, unquoted.
public struct RecordField: Hashable, Sendable {
    public let name: String
    public let value: String
}

/// Splits the raw rows of a `RowLocator`'s inputs into named fields: a
/// delimited input by its delimiter and quotes, under its header's names
/// (read once, when this is made); a JSON record into its scalar fields
/// with their dotted paths, and its arrays; a log line of a known shape
/// into its fields (`LogFields`). A line of no known shape has none.
public struct RecordFields: Sendable {
    private enum Shape: Sendable {
        case delimited(UInt8, names: [String])
        case json
        case log(LogFormat)
        case lines
    }

    /// By input name, as `RawRow.file` gives it.
    private let shapes: [String: Shape]

    init(_ sources: [RowSource], limits: ScannerLimits) {
        var shapes: [String: Shape] = [:]
        for source in sources {
            switch (source.plan, source.mode) {
            case (.delimited(_, let hasHeader, let preamble), .delimited(let delimiter)):
                shapes[source.name] = .delimited(delimiter, names: hasHeader ? Self.header(of: source, after: preamble, limits: limits) : [])
            case (.delimited, .directives(let delimiter, _)):
                shapes[source.name] = .delimited(delimiter, names: Self.directiveNames(of: source, limits: limits))
            case (.json, _): shapes[source.name] = .json
            case (.log(_, let format, _), _): shapes[source.name] = .log(format)
            default: shapes[source.name] = .lines
            }
        }
        self.shapes = shapes
    }

    /// The record's fields in order; empty for a line of no known shape (its text is the record).
    public func fields(of row: RawRow) -> [RecordField] {
        switch shapes[row.file] {
        case .delimited(let delimiter, let names)?:
            // A log's run of spaces is one separator, as its reader takes it.
            let values = Self.split(row.text, delimiter: delimiter).filter { delimiter != ByteText.space || !$0.isEmpty }
            return values.enumerated().map { i, value in
                RecordField(name: i < names.count && !names[i].isEmpty ? names[i] : "column \(i + 1)", value: value)
            }
        case .json?:
            var fields: [RecordField] = []
            // An element of a pretty-printed array spans lines, which the row's text marks.
            var bytes = Array(String(row.text.map { $0 == RawRow.lineMark ? "\n" : $0 }).utf8)
            bytes.withUnsafeMutableBufferPointer { line in
                // An array is one field, written as `jq -c` does: a matrix's pairs or a list of tags is not left out.
                _ = JSONLine().walk(Field(line), arrays: { path, array in
                    fields.append(RecordField(name: String(decoding: path, as: UTF8.self), value: Self.compact(array)))
                }) { path, value, _, _ in
                    fields.append(RecordField(name: String(decoding: path, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
                }
            }
            return fields
        case .log(let format)?:
            var fields: [RecordField] = []
            let reader = LogFields(format)
            defer { reader.free() }
            var bytes = Array(row.text.utf8)
            bytes.withUnsafeMutableBufferPointer { line in
                reader.read(Field(line)) { name, value, _ in
                    fields.append(RecordField(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
                }
            }
            return fields
        case .lines?, nil:
            return []
        }
    }

    /// A JSON record pretty-printed, a line each (`PrettyJSON`); empty
    /// for other inputs, whose record view is their fields.
    public func prettyJSON(of row: RawRow) -> [String] {
        guard case .json? = shapes[row.file] else { return [] }
        return PrettyJSON.lines(String(row.text.map { $0 == RawRow.lineMark ? "\n" : $0 }))
    }

    /// The first record of the input: its header. Empty when it cannot be read again.
    private static func header(of source: RowSource, after preamble: Int, limits: ScannerLimits) -> [String] {
        guard let path = source.path, let stream = try? ByteStream.open(.file(path)) else { return [] }
        let scanner = RecordScanner(stream: stream, mode: source.mode, limits: limits)
        guard (try? scanner.prime()) != nil else { return [] }
        for _ in 0...preamble { guard (try? scanner.next()) == .record else { return [] } }
        return (0..<scanner.fieldCount).map { String(decoding: ByteText.trimmed(scanner.field($0)), as: UTF8.self) }
    }

    /// The names the load read the log's rows by: those of its head's
    /// directives (`LogDirectives.read`). Empty when it cannot be read again.
    private static func directiveNames(of source: RowSource, limits: ScannerLimits) -> [String] {
        guard let path = source.path, let stream = try? ByteStream.open(.file(path)) else { return [] }
        let scanner = RecordScanner(stream: stream, mode: source.mode, limits: limits)
        guard let head = try? scanner.prime() else { return [] }
        return LogDirectives.read(head)?.names ?? []
    }

    /// JSON without the spaces and newlines between its tokens.
    static func compact(_ json: Field) -> String {
        var strings = JSONStringState()
        let bytes = json.filter { strings.holds($0) || !($0 == ByteText.space || $0 == ByteText.tab || $0 == 10 || $0 == 13) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A record's text split as RFC 4180 reads it: quoted fields hold
    /// delimiters and doubled quotes. The scanner splits bytes as it
    /// streams; a row the card holds is already text, and one at a time.
    static func split(_ text: String, delimiter: UInt8) -> [String] {
        let quote = UInt8(ascii: "\"")
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var bytes = Array(text.utf8).makeIterator()
        var atStart = true
        while let b = bytes.next() {
            if quoted {
                if b != quote {
                    field.append(b)
                    continue
                }
                // A doubled quote is one quote; a single one ends the quoted part.
                guard let after = bytes.next() else { break }
                if after == quote {
                    field.append(quote)
                    continue
                }
                quoted = false
                if after != delimiter {
                    field.append(after)
                    continue
                }
            } else if b == quote && atStart {
                quoted = true
                atStart = false
                continue
            } else if b != delimiter {
                field.append(b)
                atStart = false
                continue
            }
            fields.append(String(decoding: field, as: UTF8.self))
            field = []
            atStart = true
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return fields
    }
}

extension RowLocator {
    /// How the card names the fields of this locator's rows (reads each delimited input's header).
    public func recordFields() -> RecordFields { RecordFields(sources, limits: limits) }
}
