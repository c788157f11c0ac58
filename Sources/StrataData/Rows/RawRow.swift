/// One input record as the card shows it: `FILE:LINE  text`.
public struct RawRow: Sendable, Equatable, CustomStringConvertible {
    /// The input's name as given on the command line.
    public let file: String
    /// The 1-based physical line the record starts on.
    public let line: Int
    /// The record's bytes as in the input, decoded as UTF-8 (invalid bytes
    /// become U+FFFD). A record over several lines (a quoted newline) has
    /// them joined with `↵`. Not sanitized: control characters stay.
    public let text: String

    public init(file: String, line: Int, text: String) {
        self.file = file
        self.line = line
        self.text = text
    }

    /// `data.csv:12  2013-03-10,4.5`
    public var description: String { "\(file):\(line)  \(text)" }

    /// The text of a record's bytes: a line break (LF or CRLF) inside it
    /// becomes `↵`, and a CR that ends it is dropped.
    static func text(_ bytes: Field) -> String {
        var end = bytes.count
        if end > 0 && bytes[end - 1] == RecordScanner.cr { end -= 1 }
        let record = Field(rebasing: bytes[0..<end])
        guard record.contains(RecordScanner.lf) else { return String(decoding: record, as: UTF8.self) }
        var joined: [UInt8] = []
        joined.reserveCapacity(end + 8)
        for b in record {
            if b == RecordScanner.lf {
                if joined.last == RecordScanner.cr { joined.removeLast() }
                joined += Self.lineMarkBytes
            } else {
                joined.append(b)
            }
        }
        return String(decoding: joined, as: UTF8.self)
    }

    /// What stands for a line break inside a record.
    static let lineMark: Character = "↵"
    private static let lineMarkBytes = Array(String(lineMark).utf8)
}
