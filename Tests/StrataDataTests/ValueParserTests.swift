import Testing
@testable import StrataData

struct ValueParserTests {
    @Test(arguments: [("1", 1.0), ("-2.5", -2.5), ("+3", 3), ("1e3", 1000), ("2.5E-1", 0.25), (" 7 ", 7), ("1,234.5", 1234.5),
                      ("1,234,567", 1_234_567), (".5", 0.5), ("5.", 5), ("0.1", 0.1), ("12345678901234567890", 1.2345678901234567e19),
                      ("3.14159265358979", 3.14159265358979)])
    func numbers(text: String, expected: Double) {
        #expect(Array(text.utf8).withUnsafeBufferPointer(ValueParser.parse) == expected)
    }

    @Test(arguments: ["", " ", "NA", "NaN", "nan", "inf", "-inf", "Infinity", "abc", "1,23", "1,2345", ",123", "1.2.3", "0x10", "1e",
                      "--1", "+-1", "1e999", "12%", "$", "($)", "5$5", "(5", "US$5"])
    func notNumbers(text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer(ValueParser.parse) == nil)
    }

    /// Amounts as ledgers and spreadsheets write them.
    @Test(arguments: [("$5", 5.0), ("$1,234.50", 1234.5), ("-$12.00", -12), ("$-12.00", -12), ("($12.00)", -12), ("(7)", -7),
                      ("£3.50", 3.5), ("¥1200", 1200), ("₹99", 99), ("12.50 €", 12.5), ("€ 8", 8), ("-4 $", -4)])
    func currency(text: String, expected: Double) {
        #expect(Array(text.utf8).withUnsafeBufferPointer(ValueParser.parse) == expected)
    }

    @Test func currencyWithDecimalCommas() {
        #expect(Array("1.234,56 €".utf8).withUnsafeBufferPointer(ValueParser.parseDecimalComma) == 1234.56)
        #expect(Array("(€12,50)".utf8).withUnsafeBufferPointer(ValueParser.parseDecimalComma) == -12.5)
    }

    /// Every marker of no value in the spellings tables write (any case, spaces and tabs around, a CR after).
    @Test(arguments: ["", "  ", "\t", "\r", "NA", "na", "Na", "nA", " NA ", "NA\r", "\tNA\t", "N/A", "n/a", "N/a", "n/A",
                      "NaN", "nan", "NAN", "nAn", "null", "NULL", "Null", "nUlL", "None", "none", "NONE", "nil", "NIL", "Nil",
                      "#N/A", "#n/a", "#N/a", "-", "--", " - ", ".", "?", " ? "])
    func markersOfNoValue(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer(ValueParser.isNoValue))
    }

    /// Fields near a marker that are not one: values, other words, a marker with more around it, or in other letters.
    @Test(arguments: ["0", "1", "x", "N", "n", "A", "a", "/", "#", "NA1", "NAN1", "none!", "nones", "nulls", "nils", "nul", "non",
                      "ni", "nu", "no", "N/", "/A", "NA/", "#NA", "#N/", "N/A#", "#N/AB", "N A", "N.A", "n.a.", "---", "-.", ".-",
                      "..", "??", "?-", "+", "*", "_", "NaN0", "NaNa", "n/aa", "Ｎ", "ÑA", "NÁ", "\u{0}", "\u{0}NA", "\u{0}\u{0}", "inf",
                      "1e3", "-1", ".5"])
    func notMarkersOfNoValue(_ text: String) {
        #expect(!Array(text.utf8).withUnsafeBufferPointer(ValueParser.isNoValue))
    }

    @Test(arguments: [("1,5", 1.5), ("-1.234,5", -1234.5), ("1.234.567", 1_234_567), ("12", 12), (" 0,25 ", 0.25), ("+3,0", 3)])
    func decimalCommas(text: String, expected: Double) {
        #expect(Array(text.utf8).withUnsafeBufferPointer(ValueParser.parseDecimalComma) == expected)
    }

    @Test(arguments: ["1,", ",5", "1.23,4", "1,5,6", "1.5", "12.34", "abc", ""])
    func notDecimalCommas(text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer(ValueParser.parseDecimalComma) == nil)
    }
}
