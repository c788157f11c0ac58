import Testing
@testable import StrataData

/// The edges of the readers' fast paths: records without a quote byte
/// (scanned in one pass), `YYYY-MM-DDTHH:MM:SSZ` times on the date seen
/// last, short plain decimals, rows that stay in the open bucket.
struct FastPathTests {
    /// Plain rows every 10 s from 2020-01-01T00:00:00Z, value i % 100 + 0.25.
    static func plainRows(_ count: Int, from first: Int = 0, newline: String = "\n") -> String {
        var text = ""
        for i in first..<(first + count) {
            let t = Int64(i * 10)
            let day = CivilDate(dayNumber: CivilDate(year: 2020, month: 1, day: 1).dayNumber + Int(t / 86_400)).isoString
            let s = Int(t % 86_400)
            let clock = "\(String(s / 3600).leftPadded(2)):\(String(s / 60 % 60).leftPadded(2)):\(String(s % 60).leftPadded(2))"
            text += "\(day)T\(clock)Z,\(i % 100).25\(newline)"
        }
        return text
    }

    static func smallChunks(_ o: inout ReadOptions) {
        var limits = ScannerLimits()
        limits.chunk = 4096
        o.limits = limits
    }

    @Test func quoteAfterManyPlainRowsAcrossChunks() throws {
        // Thousands of plain rows (many 4 KB refills), then quoted fields, a
        // quoted newline, then plain rows again, and a bad row after them.
        var text = "time,value\n" + Self.plainRows(3000)
        text += "\"2020-01-01T08:20:00Z\",\"1,000.5\"\n"
        text += "2020-01-01T08:20:10Z,\"2\n\"\n"                 // value "2\n": not a number, on line 3003
        text += Self.plainRows(2000, from: 3002)
        text += "2020-01-01T13:53:40Z,oops\n"                   // line 5005
        let r = try Fixture.load(text) { Self.smallChunks(&$0); $0.splitThreshold = .max }
        #expect(r.rowsRead == 5003)
        #expect(r.accepted == 5001 && r.skipped == 2)
        #expect(r.accepted + r.skipped == r.rowsRead)
        let lines = r.firstSkipped.map(\.description)
        #expect(lines.first?.hasSuffix("data.csv:3003:22: value \"2\\x0A\" is not a number") == true)
        #expect(lines.last?.hasSuffix("data.csv:5005:22: value \"oops\" is not a number") == true)
        let sum = Fixture.minutes(r).reduce(0.0) { $0 + $1.1.sum }
        var expected = 1000.5
        for i in Array(0..<3000) + Array(3002..<5002) { expected += Double(i % 100) + 0.25 }
        #expect(abs(sum - expected) < 1e-6)
    }

    @Test func crlfRowsAndLastRowWithoutNewline() throws {
        var text = "time,value\r\n" + Self.plainRows(500, newline: "\r\n")
        text += "2020-01-01T01:23:20Z,7"  // no newline at the end
        let r = try Fixture.load(text) { Self.smallChunks(&$0) }
        #expect(r.rowsRead == 501 && r.accepted == 501 && r.skipped == 0)
        let last = Fixture.minutes(r).last!
        #expect(last.0 == Fixture.utc(2020, 1, 1, 1, 23))
        #expect(last.1.count == 3)
        #expect(last.1.sum == 98.25 + 99.25 + 7)

        // A CRLF file whose last row, without a newline, ends in a CR.
        let cr = try Fixture.load("time,value\r\n2020-01-01T00:00:00Z,1.5\r\n2020-01-01T00:00:10Z,2.5\r")
        #expect(cr.accepted == 2 && Fixture.minutes(cr).map(\.1.sum) == [4])
    }

    @Test func badRowsKeepTheirColumnsOnThePlainPath() throws {
        let text = "time,value\n" + Self.plainRows(100)
            + "2020-01-01T00:16:40Z,\n"          // empty value: a row with no value, not a bad row
            + "2020-01-01T00:16:50Z\n"           // one field
            + "  2020-01-01T00:17:00Z , 3.5 \n"  // spaces around: fine
            + "2020-01-01T00:17:10Z,ünï,5\n"     // extra field is fine, value is not
            + "2020-01-01T25:00:00Z,1\n"         // hour 25
            + "2020-01-01T00:17:20Z,1e3\n"       // exponent: slow path, fine
            + "2020-01-01T00:17:30+00:00,-2\n"   // offset: general time path, fine
        let r = try Fixture.load(text) { $0.skippedToKeep = 10 }
        #expect(r.rowsRead == 107 && r.accepted == 104 && r.skipped == 3)
        let reasons = r.firstSkipped.map(\.description)
        try #require(reasons.count == 3)
        #expect(reasons[0].contains("data.csv:103:21: row has 1 field"))
        #expect(reasons[1].hasSuffix("data.csv:105:22: value \"ünï\" is not a number"))
        #expect(reasons[2].contains("data.csv:106:1: time \"2020-01-01T25:00:00Z\" does not parse"))
        let sums = Fixture.minutes(r).filter { $0.0 >= Fixture.utc(2020, 1, 1, 0, 17) }.map(\.1.sum)
        #expect(sums == [3.5 + 1000 - 2])
    }

    @Test func isoFastPathAgreesWithTheGeneralPath() {
        var parser = TimeParser(format: .iso("YYYY-MM-DDTHH:MM:SSZ"), zone: ZoneRules.utc, now: 0)
        func parse(_ s: String) -> Int64? {
            let bytes = Array(s.utf8)
            return bytes.withUnsafeBufferPointer { parser.parse($0) }
        }
        #expect(parse("2020-01-01T00:00:14Z") == Fixture.utc(2020, 1, 1, 0, 0, 14))
        // Same date, now from the cache.
        #expect(parse("2020-01-01T23:59:60Z") == Fixture.utc(2020, 1, 1, 23, 59, 60))
        #expect(parse("2020-01-01 12:34:56Z") == Fixture.utc(2020, 1, 1, 12, 34, 56))
        #expect(parse("2020-01-01T24:00:00Z") == Fixture.utc(2020, 1, 2))  // the general path allows 24:00
        #expect(parse("2020-01-01T24:00:01Z") == nil)
        #expect(parse("2020-01-01T12:60:00Z") == nil)
        #expect(parse("2020-01-01T12:00:61Z") == nil)
        #expect(parse("2020-01-01T1a:00:00Z") == nil)
        #expect(parse("2020-01-01T12-00:00Z") == nil)
        #expect(parse("2020-01-01T12:00:0:Z") == nil)
        #expect(parse("2020-01-01T12:00:00X") == nil)
        #expect(parse(" 2020-01-01T12:00:00Z ") == Fixture.utc(2020, 1, 1, 12))
        #expect(parse("2020-01-02T00:00:00Z") == Fixture.utc(2020, 1, 2))
        #expect(parse("2020-02-30T00:00:00Z") == nil)
        // Bytes that are not a date never match the empty cache.
        var fresh = TimeParser(format: .iso("YYYY-MM-DDTHH:MM:SSZ"), zone: ZoneRules.utc, now: 0)
        let zeros: [UInt8] = Array(repeating: 0, count: 10) + Array("T00:00:00Z".utf8)
        #expect(zeros.withUnsafeBufferPointer { fresh.parse($0) } == nil)
    }

    @Test func shortDecimals() {
        func parse(_ s: String) -> Double? { Array(s.utf8).withUnsafeBufferPointer { ValueParser.parse($0) } }
        #expect(parse("11.17") == 11.17)
        #expect(parse("-0.5") == -0.5)
        #expect(parse("+3") == 3)
        #expect(parse("3.") == 3)
        #expect(parse(".25") == 0.25)
        #expect(parse("0.1") == 0.1)
        #expect(parse("123456789012345") == 123_456_789_012_345)
        #expect(parse("1234567890.12345") == 1_234_567_890.12345)
        #expect(parse(".") == nil)
        #expect(parse("-") == nil)
        #expect(parse("1.2.3") == nil)
        #expect(parse("1..2") == nil)
        #expect(parse("12a") == nil)
        #expect(parse(" 4.5\r") == 4.5)
    }

    /// Both ways of finding separators mark exactly the delimiters and line feeds, wherever they are.
    @Test func separatorMasks() {
        var state: UInt64 = 7
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        // Bytes next to the separators' values, and high bytes, where a sloppy zero test would carry.
        let alphabet: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0B, 0x2B, 0x2C, 0x2D, 0x3B, 0x80, 0x8A, 0xAC, 0xFF, 0x31]
        for round in 0..<2000 {
            let delimiter: UInt8 = round % 2 == 0 ? 0x2C : 0x3B
            let bytes = (0..<64).map { _ in alphabet[next(alphabet.count)] }
            var expected: UInt64 = 0
            for (i, b) in bytes.enumerated() where b == delimiter || b == 0x0A { expected |= 1 << UInt64(i) }
            bytes.withUnsafeBytes { raw in
                #expect(SeparatorMask.of(raw.baseAddress!, at: 0, delimiter: delimiter) == expected)
                #expect(SeparatorMask.wordwise(raw.baseAddress!, at: 0, delimiter: delimiter) == expected)
            }
        }
    }

    /// Records of every length, past 64-byte blocks and 128-byte refills, give
    /// the same fields as splitting the text by hand.
    @Test func plainRecordsAcrossSeparatorBlocks() throws {
        var state: UInt64 = 3
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        var expected: [[String]] = []
        var text = ""
        for row in 0..<3000 {
            let fields = (0...next(12)).map { k -> String in
                let length = next(10) == 0 ? 60 + next(80) : next(9)
                return (k == 0 ? "r" : "") + String((0..<length).map { _ in Character(UnicodeScalar(UInt8(0x61 + next(26)))) })
            }
            expected.append(fields)
            text += fields.joined(separator: ",") + (row % 7 == 0 ? "\r\n" : "\n")
        }
        text.removeLast()  // the last record without its line feed
        if text.hasSuffix("\r") { text.removeLast() }
        var limits = ScannerLimits()
        limits.chunk = 128
        let records = try Fixture.withFile("plain.csv", text) { (path) throws(ReadError) -> [[String]] in
            let scanner = RecordScanner(stream: try ByteStream.open(.file(path)), mode: .delimited(0x2C), limits: limits)
            _ = try scanner.prime()
            var records: [[String]] = []
            while try scanner.next() == .record {
                records.append((0..<scanner.fieldCount).map { String(decoding: scanner.field($0), as: UTF8.self) })
            }
            return records
        }
        #expect(records.count == expected.count)
        for (got, want) in zip(records, expected) where got != want {
            Issue.record("\(got) is not \(want)")
            break
        }
    }

    /// The one-word parse gives exactly the byte loop's answer, with any bytes after the field.
    @Test func shortDecimalsAsOneWord() {
        var texts = ["0", "7", "11.17", "3.", ".25", ".", "..", "1.2.3", "1..2", "12a", "-1", "+3", " 4", "4 ", "1e3", "12345678",
                     "1234567.", ".1234567", "99.99", "0.01", "00012.5", "9/9", ":1", "1,5"]
        // Every field of 1 to 8 bytes drawn from digits, points and a few others, deterministically.
        let alphabet = Array("0123456789.0123456789-e ,".utf8)
        var state: UInt64 = 1
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % n
        }
        for _ in 0..<5000 { texts.append(String(decoding: (0...next(8)).map { _ in alphabet[next(alphabet.count)] }, as: UTF8.self)) }
        for text in texts {
            for junk: UInt8 in [0, 0x2C, 0x31, 0xFF] {
                var bytes = Array(text.utf8) + Array(repeating: junk, count: 8)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                bytes.removeLast(8)
                let expected = bytes.withUnsafeBufferPointer { ValueParser.plainDecimal($0) }
                #expect(ValueParser.plainDecimal(word: word, count: bytes.count) == expected, "\(text)")
            }
        }
    }

    @Test func openBucketAcrossZoneChanges() {
        // New York, hourly buckets, rows every 10 minutes across the spring and fall changes.
        let calendar = Fixture.newYork
        for unit in [TimeUnit.minute, .hour, .day, .month] {
            var fast = Accumulator(calendar: calendar, baseUnit: unit)
            var expected: [Int: Int] = [:]
            for start in [Fixture.utc(2013, 3, 10, 5), Fixture.utc(2013, 11, 3, 4)] {
                for k in 0..<200 {
                    let t = start + Int64(k * 600 - 7)
                    fast.add(seconds: t, value: 1)
                    expected[calendar.ordinal(of: unit, at: t), default: 0] += 1
                }
            }
            fast.flush()
            #expect(fast.buckets[0].mapValues(\.count) == expected)
        }
    }
}
