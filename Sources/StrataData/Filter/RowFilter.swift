import Foundation

/// Which rows to keep, as `--where` writes it: comparisons on fields and
/// columns (`status >= 500`, `method = POST`, `path ~ ^/api/`, `level in
/// (error, fatal)`), a bare word or quoted text that the row's text
/// contains, joined by `not`, `and` and `or` (tightest first) and
/// parentheses. A tree of names and operands, tied to no input: a reader
/// resolves its names (`RowMatcher`), and a database could render it as a
/// `WHERE` with each operand a bound parameter.
public indirect enum RowFilter: Hashable, Sendable {
    case compare(field: String, Comparison, Operand)
    /// The field equals one of the operands.
    case oneOf(field: String, [Operand])
    /// The row's text contains this.
    case contains(String)
    case not(RowFilter)
    case and(RowFilter, RowFilter)
    case or(RowFilter, RowFilter)

    public enum Comparison: String, Sendable, CaseIterable {
        case equal = "=", notEqual = "!=", lessOrEqual = "<=", less = "<", greaterOrEqual = ">=", greater = ">"
        /// A regular expression found in the field (`!~`: not found).
        case matches = "~", notMatches = "!~"

        public var ordersNumbers: Bool { [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(self) }
        var isRegex: Bool { self == .matches || self == .notMatches }
    }

    /// An operand as written, and its number when it is one: `status = 500`
    /// compares numbers where the field holds one, and text otherwise.
    public struct Operand: Hashable, Sendable {
        public let text: String
        public let number: Double?

        init(_ text: String, quoted: Bool) {
            self.text = text
            number = quoted ? nil : Double(text).flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// What is wrong with an expression, and the 1-based column where.
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public let reason: String
        public let column: Int
        public var description: String { "\(reason) at column \(column)" }
    }

    /// The field names the filter reads, each once, in the order written.
    public var fieldNames: [String] {
        var names: [String] = []
        func walk(_ f: RowFilter) {
            switch f {
            case .compare(let field, _, _), .oneOf(let field, _): if !names.contains(field) { names.append(field) }
            case .contains: break
            case .not(let a): walk(a)
            case .and(let a, let b), .or(let a, let b): walk(a); walk(b)
            }
        }
        walk(self)
        return names
    }

    public static func parse(_ text: String) throws(SyntaxError) -> RowFilter {
        var parser = FilterParser(text)
        return try parser.parseWhole()
    }

    /// The 1-based column where `text` first names `field` (a comparison's
    /// or an `in`'s field, not an operand): what an error on that name points
    /// at, since the tree keeps names, not places.
    public static func column(ofField field: String, in text: String) -> Int? {
        var parser = FilterParser(text)
        _ = try? parser.parseWhole()
        return parser.fields.first { $0.name == field }.map { $0.index + 1 }
    }
}

/// A recursive descent over the expression's characters: `or` of `and`s
/// of `not`s of primaries. An operand is lexed by the operator before it:
/// a regular expression runs to the next space (or an unmatched `)`), any
/// other to a space, `)` or `,`; quotes hold anything.
private struct FilterParser {
    private let chars: [Character]
    private var i = 0
    /// Each field a comparison or an `in` names, and the index it starts at, in the order parsed.
    private(set) var fields: [(name: String, index: Int)] = []

    init(_ text: String) { chars = Array(text) }

    private func fail(_ reason: String, at index: Int? = nil) -> RowFilter.SyntaxError {
        RowFilter.SyntaxError(reason: reason, column: (index ?? i) + 1)
    }

    mutating func parseWhole() throws(RowFilter.SyntaxError) -> RowFilter {
        skipSpaces()
        guard i < chars.count else { throw fail("empty expression") }
        let filter = try parseOr()
        skipSpaces()
        guard i == chars.count else {
            throw fail(chars[i] == ")" ? "unmatched )" : "expected and, or or the end")
        }
        return filter
    }

    private mutating func parseOr() throws(RowFilter.SyntaxError) -> RowFilter {
        var left = try parseAnd()
        while keyword("or") { left = .or(left, try parseAnd()) }
        return left
    }

    private mutating func parseAnd() throws(RowFilter.SyntaxError) -> RowFilter {
        var left = try parseNot()
        while keyword("and") { left = .and(left, try parseNot()) }
        return left
    }

    private mutating func parseNot() throws(RowFilter.SyntaxError) -> RowFilter {
        keyword("not") ? .not(try parseNot()) : try parsePrimary()
    }

    private mutating func parsePrimary() throws(RowFilter.SyntaxError) -> RowFilter {
        skipSpaces()
        guard i < chars.count else { throw fail("expected a field, a word or quoted text") }
        if chars[i] == "(" {
            let open = i
            i += 1
            let inner = try parseOr()
            skipSpaces()
            guard i < chars.count, chars[i] == ")" else { throw fail("( is never closed", at: open) }
            i += 1
            return inner
        }
        let start = i
        let (term, quoted) = try word(stoppingAtOperators: true)
        guard !term.isEmpty || quoted else { throw fail("expected a field, a word or quoted text") }
        if !quoted, ["and", "or"].contains(term.lowercased()) { throw fail("expected a field, a word or quoted text before \(term)", at: start) }
        skipSpaces()
        if let comparison = comparison() {
            let at = skipSpaces()
            guard at < chars.count else { throw fail("expected a value after \(comparison.rawValue)") }
            let (text, quotedOperand) = try comparison.isRegex ? regex() : word(stoppingAtOperators: false)
            guard !text.isEmpty || quotedOperand else { throw fail("expected a value after \(comparison.rawValue)") }
            let operand = RowFilter.Operand(text, quoted: quotedOperand)
            if comparison.ordersNumbers, operand.number == nil { throw fail("not a number", at: at) }
            if comparison.isRegex, (try? NSRegularExpression(pattern: text)) == nil { throw fail("not a regular expression", at: at) }
            fields.append((term, start))
            return .compare(field: term, comparison, operand)
        }
        if keyword("in") {
            skipSpaces()
            guard i < chars.count, chars[i] == "(" else { throw fail("expected ( after in") }
            i += 1
            var operands: [RowFilter.Operand] = []
            while true {
                skipSpaces()
                guard i < chars.count, chars[i] != ")" && chars[i] != "," else { throw fail("expected a value") }
                let (text, quoted) = try word(stoppingAtOperators: false)
                operands.append(RowFilter.Operand(text, quoted: quoted))
                skipSpaces()
                guard i < chars.count else { throw fail("expected , or )") }
                if chars[i] == ")" { break }
                guard chars[i] == "," else { throw fail("expected , or )") }
                i += 1
            }
            i += 1
            fields.append((term, start))
            return .oneOf(field: term, operands)
        }
        return .contains(term)
    }

    /// Quoted text (`"…"` or `'…'`, a backslash escaping the next character), or a bare run.
    private mutating func word(stoppingAtOperators: Bool) throws(RowFilter.SyntaxError) -> (String, quoted: Bool) {
        if let q = chars[i] == "\"" || chars[i] == "'" ? chars[i] : nil {
            let open = i
            var text = ""
            i += 1
            while i < chars.count, chars[i] != q {
                if chars[i] == "\\", i + 1 < chars.count { i += 1 }
                text.append(chars[i])
                i += 1
            }
            guard i < chars.count else { throw fail("quote never closed", at: open) }
            i += 1
            return (text, true)
        }
        let start = i
        while i < chars.count, !chars[i].isWhitespace, !"(),".contains(chars[i]),
              !(stoppingAtOperators && "=!<>~".contains(chars[i])) { i += 1 }
        return (String(chars[start..<i]), false)
    }

    /// A regular expression: quoted, or up to a space or a `)` it does not open.
    private mutating func regex() throws(RowFilter.SyntaxError) -> (String, quoted: Bool) {
        if chars[i] == "\"" || chars[i] == "'" { return try word(stoppingAtOperators: false) }
        let start = i
        var depth = 0
        while i < chars.count, !chars[i].isWhitespace {
            if chars[i] == "\\" { i += 2; continue }
            if chars[i] == "(" { depth += 1 }
            if chars[i] == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            i += 1
        }
        i = min(i, chars.count)
        return (String(chars[start..<i]), false)
    }

    private mutating func comparison() -> RowFilter.Comparison? {
        if i + 2 <= chars.count, chars[i] == "=", chars[i + 1] == "=" {
            i += 2
            return .equal
        }
        // Two characters before one: `<=` is not `<`.
        for c in RowFilter.Comparison.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count }) {
            let op = Array(c.rawValue)
            if i + op.count <= chars.count, Array(chars[i..<(i + op.count)]) == op {
                i += op.count
                return c
            }
        }
        return nil
    }

    /// Takes `word` (any case) when it comes next as a whole word.
    private mutating func keyword(_ word: String) -> Bool {
        let at = skipSpaces()
        let w = Array(word)
        guard at + w.count <= chars.count, String(chars[at..<(at + w.count)]).lowercased() == word else { return false }
        let after = at + w.count
        guard after == chars.count || chars[after].isWhitespace || chars[after] == "(" else { return false }
        i = after
        return true
    }

    @discardableResult
    private mutating func skipSpaces() -> Int {
        while i < chars.count, chars[i].isWhitespace { i += 1 }
        return i
    }
}
