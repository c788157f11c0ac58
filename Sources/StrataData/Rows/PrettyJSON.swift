/// A JSON record as `jq` prints it: a key or an element a line, indented
/// two spaces a level; `{}`, `[]` and a short array of scalars (a matrix's
/// `[1735689600, "0.42"]`, a list of tags) kept on their line. Keys stay in
/// the record's order. For the record view of a JSON input.
enum PrettyJSON {
    static func lines(_ json: String) -> [String] {
        var text = Array(json.utf8)
        let bytes = Array(text.withUnsafeMutableBufferPointer { RecordFields.compact(Field($0)) }.utf8)
        var lines: [String] = [], line: [UInt8] = [], depth = 0
        func newLine() {
            lines.append(String(decoding: line, as: UTF8.self))
            line = Array(repeating: ByteText.space, count: 2 * depth)
        }
        var strings = JSONStringState(), i = 0
        while i < bytes.count {
            let b = bytes[i]
            defer { i += 1 }
            if strings.holds(b) {
                line.append(b)
                continue
            }
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = closing(bytes, from: i)
                if close == i + 1 || (b == UInt8(ascii: "[") && isFlat(bytes[(i + 1)..<close])) {
                    var inner = JSONStringState()
                    line += bytes[i...close].flatMap { !inner.holds($0) && $0 == UInt8(ascii: ",") ? [$0, ByteText.space] : [$0] }
                    i = close
                } else {
                    line.append(b)
                    depth += 1
                    newLine()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newLine()
                line.append(b)
            case UInt8(ascii: ","):
                line.append(b)
                newLine()
            case UInt8(ascii: ":"):
                line += [b, ByteText.space]
            default:
                line.append(b)
            }
        }
        if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    /// The index of the bracket that closes the one at `open`.
    private static func closing(_ bytes: [UInt8], from open: Int) -> Int {
        var strings = JSONStringState(), depth = 0
        for i in open..<bytes.count where !strings.holds(bytes[i]) {
            if bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") { depth += 1 }
            if bytes[i] == UInt8(ascii: "}") || bytes[i] == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return i }
            }
        }
        return bytes.count - 1
    }

    /// Short, with no object or array inside.
    private static func isFlat(_ inner: ArraySlice<UInt8>) -> Bool {
        var strings = JSONStringState()
        return inner.count <= 60 && !inner.contains { !strings.holds($0) && ($0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[")) }
    }
}
