import Testing
@testable import StrataData

/// `--where` expressions: what they parse into, and what is wrong where.
struct RowFilterTests {
    static func number(_ text: String) -> RowFilter.Operand { RowFilter.Operand(text, quoted: false) }
    static func text(_ text: String) -> RowFilter.Operand { RowFilter.Operand(text, quoted: true) }

    static func error(_ expression: String) -> String? {
        do {
            _ = try RowFilter.parse(expression)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func comparisons() throws {
        #expect(try RowFilter.parse("status >= 500") == .compare(field: "status", .greaterOrEqual, Self.number("500")))
        #expect(try RowFilter.parse("status>=500") == .compare(field: "status", .greaterOrEqual, Self.number("500")))
        #expect(try RowFilter.parse("method = POST") == .compare(field: "method", .equal, Self.number("POST")))
        #expect(try RowFilter.parse("method == POST") == .compare(field: "method", .equal, Self.number("POST")))
        #expect(try RowFilter.parse("host != web-3") == .compare(field: "host", .notEqual, Self.number("web-3")))
        #expect(try RowFilter.parse("bytes < 1e3") == .compare(field: "bytes", .less, Self.number("1e3")))
        #expect(try RowFilter.parse("path !~ ^/static/") == .compare(field: "path", .notMatches, Self.number("^/static/")))
        #expect(try RowFilter.parse("level in (error, fatal)") == .oneOf(field: "level", [Self.number("error"), Self.number("fatal")]))
        #expect(try RowFilter.parse("status in (500,503)") == .oneOf(field: "status", [Self.number("500"), Self.number("503")]))
    }

    /// A number operand compares numbers; quoted, it is text.
    @Test func operandsKnowTheirNumbers() throws {
        #expect(Self.number("500").number == 500)
        #expect(Self.number("POST").number == nil)
        #expect(Self.text("500").number == nil)
        #expect(try RowFilter.parse("code = \"007\"") == .compare(field: "code", .equal, Self.text("007")))
    }

    /// not binds tighter than and, and tighter than or; parentheses group.
    @Test func precedence() throws {
        let a = RowFilter.compare(field: "a", .equal, Self.number("1"))
        let b = RowFilter.compare(field: "b", .equal, Self.number("2"))
        let c = RowFilter.compare(field: "c", .equal, Self.number("3"))
        #expect(try RowFilter.parse("a = 1 or b = 2 and c = 3") == .or(a, .and(b, c)))
        #expect(try RowFilter.parse("a = 1 and b = 2 or c = 3") == .or(.and(a, b), c))
        #expect(try RowFilter.parse("(a = 1 or b = 2) and c = 3") == .and(.or(a, b), c))
        #expect(try RowFilter.parse("not a = 1 and b = 2") == .and(.not(a), b))
        #expect(try RowFilter.parse("not (a = 1 and b = 2)") == .not(.and(a, b)))
        #expect(try RowFilter.parse("a = 1 AND NOT b = 2") == .and(a, .not(b)))
        #expect(try RowFilter.parse("a = 1 or b = 2 or c = 3") == .or(.or(a, b), c))
    }

    /// A bare word or quoted text is text the row contains; quotes hold spaces, operators and keywords.
    @Test func wordsAndQuoting() throws {
        #expect(try RowFilter.parse("timeout") == .contains("timeout"))
        #expect(try RowFilter.parse("\"connection reset\"") == .contains("connection reset"))
        #expect(try RowFilter.parse("'a \"b\" c'") == .contains("a \"b\" c"))
        #expect(try RowFilter.parse("\"say \\\"hi\\\"\"") == .contains("say \"hi\""))
        #expect(try RowFilter.parse("\"and\" or order") == .or(.contains("and"), .contains("order")))
        #expect(try RowFilter.parse("msg = \"a b\"") == .compare(field: "msg", .equal, Self.text("a b")))
        #expect(try RowFilter.parse("\"arr delay\" > 30") == .compare(field: "arr delay", .greater, Self.number("30")))
        #expect(try RowFilter.parse("not timeout") == .not(.contains("timeout")))
    }

    /// A regular expression runs to a space, keeping the parentheses it opens; quoted, it holds spaces.
    @Test func regularExpressions() throws {
        #expect(try RowFilter.parse("path ~ ^/api/(v1|v2)/") == .compare(field: "path", .matches, Self.number("^/api/(v1|v2)/")))
        #expect(try RowFilter.parse("(path ~ ^/api/)") == .compare(field: "path", .matches, Self.number("^/api/")))
        #expect(try RowFilter.parse("msg ~ \"time ?out\"") == .compare(field: "msg", .matches, Self.text("time ?out")))
        #expect(try RowFilter.parse("path ~ a\\)b") == .compare(field: "path", .matches, Self.number("a\\)b")))
    }

    @Test func fieldNames() throws {
        #expect(try RowFilter.parse("status >= 500 and (path ~ ^/api/ or status = 404) and timeout").fieldNames == ["status", "path"])
    }

    /// Where a field is first written, for an error on its name: not where a word or an operand holds the same text.
    @Test func fieldColumns() {
        let text = "path ~ status and (\"st x\" = 1 or status in (a, b)) and status"
        #expect(RowFilter.column(ofField: "status", in: text) == 34)
        #expect(RowFilter.column(ofField: "path", in: text) == 1)
        #expect(RowFilter.column(ofField: "st x", in: text) == 20)
        #expect(RowFilter.column(ofField: "method", in: text) == nil)
    }

    /// Errors say what is wrong and the column (1-based) where.
    @Test func errorsWithColumns() {
        #expect(Self.error("status >= 5xx") == "not a number at column 11")
        #expect(Self.error("") == "empty expression at column 1")
        #expect(Self.error("   ") == "empty expression at column 4")
        #expect(Self.error("status >=") == "expected a value after >= at column 10")
        #expect(Self.error("(status = 500") == "( is never closed at column 1")
        #expect(Self.error("status = 500)") == "unmatched ) at column 13")
        #expect(Self.error("timeout error") == "expected and, or or the end at column 9")
        #expect(Self.error("path ~ ^/api/(") == "not a regular expression at column 8")
        #expect(Self.error("msg = \"open") == "quote never closed at column 7")
        #expect(Self.error("status = 1 and") == "expected a field, a word or quoted text at column 15")
        #expect(Self.error("and status = 1") == "expected a field, a word or quoted text before and at column 1")
        #expect(Self.error("level in error") == "expected ( after in at column 10")
        #expect(Self.error("level in (error") == "expected , or ) at column 16")
        #expect(Self.error("level in ()") == "expected a value at column 11")
    }
}
