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
                      "--1", "+-1", "1e999", "12%", "$5"])
    func notNumbers(text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer(ValueParser.parse) == nil)
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
