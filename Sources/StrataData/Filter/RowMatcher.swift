import Foundation

/// A `RowFilter` with its field names resolved to a reader's fields (a
/// column, a JSON or log slot), asked once per row in the reading loops,
/// so every screen, the card's rows, the dump and the export see the same rows.
/// A field the row lacks passes no comparison on it.
struct RowMatcher: @unchecked Sendable {  // NSRegularExpression is immutable once made, safe to share
    private indirect enum Node {
        case compare(field: Int, RowFilter.Comparison, text: [UInt8], number: Double?, regex: NSRegularExpression?)
        /// `numbers`: some operand is a number, so the field is read as one.
        case oneOf(field: Int, [(text: [UInt8], number: Double?)], numbers: Bool)
        case contains([UInt8])
        case not(Node)
        case and(Node, Node)
        case or(Node, Node)
    }

    private let root: Node

    /// `field` gives the reader's index of a name, or throws when the input has no such field.
    init<E: Error>(_ filter: RowFilter, field: (String) throws(E) -> Int) throws(E) {
        func node(_ f: RowFilter) throws(E) -> Node {
            switch f {
            case .compare(let name, let comparison, let operand):
                let regex = comparison.isRegex ? try? NSRegularExpression(pattern: operand.text) : nil
                return .compare(field: try field(name), comparison, text: Array(operand.text.utf8), number: operand.number, regex: regex)
            case .oneOf(let name, let operands):
                return .oneOf(field: try field(name), operands.map { (Array($0.text.utf8), $0.number) },
                              numbers: operands.contains { $0.number != nil })
            case .contains(let text): return .contains(Array(text.utf8))
            case .not(let a): return .not(try node(a))
            case .and(let a, let b): return .and(try node(a), try node(b))
            case .or(let a, let b): return .or(try node(a), try node(b))
            }
        }
        root = try node(filter)
    }

    /// Whether the row passes: `text` is its whole record, `field(i)` the
    /// text of field `i` or nil when the row has none; `lacking` is set when
    /// a comparison met a field the row does not have.
    func passes(text: Field, lacking: inout Bool, field: (Int) -> Field?) -> Bool {
        Self.passes(root, text, &lacking, field)
    }

    /// Whether `needle` occurs in `text`: each place its first byte is (memchr) tried whole.
    private static func contains(_ text: Field, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard text.count >= needle.count, let base = text.baseAddress else { return false }
        return needle.withUnsafeBytes { n in
            var at = base
            let last = base + (text.count - needle.count)
            while at <= last, let hit = memchr(at, Int32(first), last - at + 1) {
                let p = hit.assumingMemoryBound(to: UInt8.self)
                if memcmp(p, n.baseAddress!, needle.count) == 0 { return true }
                at = UnsafePointer(p) + 1
            }
            return false
        }
    }

    private static func passes(_ node: Node, _ text: Field, _ lacking: inout Bool, _ field: (Int) -> Field?) -> Bool {
        switch node {
        case .contains(let needle):
            return contains(text, needle)
        case .not(let a): return !passes(a, text, &lacking, field)
        case .and(let a, let b): return passes(a, text, &lacking, field) && passes(b, text, &lacking, field)
        case .or(let a, let b): return passes(a, text, &lacking, field) || passes(b, text, &lacking, field)
        case .compare(let c, let comparison, let operand, let number, let regex):
            guard let raw = field(c) else {
                lacking = true
                return false
            }
            let value = ByteText.trimmed(raw)
            if let regex {
                let string = String(decoding: value, as: UTF8.self)
                let found = regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil
                return found == (comparison == .matches)
            }
            if let number, let v = ValueParser.parse(value) {
                switch comparison {
                case .equal: return v == number
                case .notEqual: return v != number
                case .less: return v < number
                case .lessOrEqual: return v <= number
                case .greater: return v > number
                case .greaterOrEqual: return v >= number
                case .matches, .notMatches: return false
                }
            }
            switch comparison {
            case .equal: return value.elementsEqual(operand)
            case .notEqual: return !value.elementsEqual(operand)
            default: return false  // an order between numbers, and the field holds none
            }
        case .oneOf(let c, let operands, let numbers):
            guard let raw = field(c) else {
                lacking = true
                return false
            }
            let value = ByteText.trimmed(raw)
            let v = numbers ? ValueParser.parse(value) : nil
            return operands.contains { operand in
                if let number = operand.number, let v { return v == number }
                return value.elementsEqual(operand.text)
            }
        }
    }
}
