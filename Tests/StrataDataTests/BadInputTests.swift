import Foundation
import Testing
@testable import StrataData

/// The bad-input matrix: exit codes and one-line messages, and never a crash.
struct BadInputTests {
    private func failure(_ text: String, name: String = "data.csv", _ configure: (inout ReadOptions) -> Void = { _ in })
        -> (code: Int32, message: String)? {
        Fixture.error(text, name: name, configure).map { ($0.exitCode, $0.message) }
    }

    @Test func strictStopsAtTheFirstBadRowWithItsPlace() {
        let text = "date,value\n2013-03-05,1\n2013-13-45,2\n2013-03-07,x\n"
        let f = failure(text) { $0.strict = true }
        #expect(f?.code == 65)
        #expect(f?.message.hasPrefix("strata: /") == true)
        #expect(f?.message.hasSuffix("/data.csv:3:1: time \"2013-13-45\" does not parse as YYYY-MM-DD") == true)
        let value = failure("date,value\n2013-03-05,1\n2013-03-06,2\n2013-03-07,  x\n") { $0.strict = true }
        #expect(value?.message.hasSuffix("data.csv:4:12: value \"x\" is not a number") == true)
    }

    @Test func withoutStrictBadRowsAreCountedWithReasons() throws {
        let text = "date,value\n2013-03-05,1\n2013-13-45,2\n,3\n2013-03-07,\n2013-03-08,NaN\n2013-03-09,inf\n2013-03-10\n2013-03-11,4\n"
        let r = try Fixture.load(text)
        // The empty value (line 5) and NaN (line 6) are rows with no value, not bad rows.
        #expect(r.rowsRead == 8 && r.accepted == 4 && r.skipped == 4)
        #expect(r.accepted + r.skipped == r.rowsRead)
        #expect(r.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == [
            "3:1: time \"2013-13-45\" does not parse as YYYY-MM-DD",
            "4:1: empty time in column \"date\"",
            "7:12: value \"inf\" is not a number",
            "8:11: row has 1 field, no column 2 (\"value\")",
        ])
        var o = Fixture.options()
        o.skippedToKeep = 10
        let all = try Fixture.withFile("d.csv", text) { try DataLoader.load([.file($0)], options: o, calendar: Fixture.utc, baseUnit: .day) }
        #expect(all.firstSkipped.last?.reason == "row has 1 field, no column 2 (\"value\")")
        #expect(all.firstSkipped.last?.column == 11)
    }

    @Test func noValidRowIsBadData() {
        let f = failure("date,value\nyesterday,1\n2013-03-05,2\n") { $0.timeColumn = "date"; $0.timeFormat = "%Y-%m-%d"; $0.strict = false }
        #expect(f == nil)
        let none = failure("date,value\n2013-03-05,x\n2013-03-06,y\n") { $0.valueColumn = "value" }
        #expect(none?.code == 64)
        #expect(none?.message.hasSuffix("data.csv: --value \"value\": values like \"x\" are not numbers") == true)
        let comma = failure("date,value\n2013-03-05,\"1,5\"\n2013-03-06,\"2,5\"\n") { $0.valueColumn = "value" }
        #expect(comma?.message.hasSuffix("(decimal commas are read only when the delimiter is ; or tab)") == true)
        let noTime = failure("date,value\nnope,1\nnah,2\n2013-03-06,y\n") {
            $0.timeColumn = "date"; $0.valueColumn = "value"; $0.timeFormat = "%Y-%m-%d"
        }
        #expect(noTime?.code == 65)
        #expect(noTime?.message.contains("no row with a valid time (3 rows read, all skipped; first: ") == true)
    }

    @Test func missingFileOrDirectoryCannotBeOpened() {
        Fixture.withFolder { folder in
            let missing = folder.appendingPathComponent("nope.csv").path
            for (path, reason) in [(missing, "no such file or directory"), (folder.path, "is a directory")] {
                do throws(ReadError) {
                    _ = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .day)
                    Issue.record("\(path) loaded")
                } catch {
                    #expect(error.exitCode == 66)
                    #expect(error.message == "strata: \(path): cannot open: \(reason)")
                }
            }
        }
    }

    @Test(arguments: [
        ("time", "when", "--time \"when\": no such column (columns: \"date\", \"value\")"),
        ("value", "7", "--value 7: column out of range (rows have 2 columns)"),
        ("series", "0", "--series 0: column out of range (rows have 2 columns)"),
        ("format", "%d/%q", "--time-format \"%d/%q\": unknown field %q"),
    ])
    func badUsage(option: String, spec: String, message: String) {
        let f = failure("date,value\n2013-03-05,1\n") { o in
            switch option {
            case "time": o.timeColumn = spec
            case "value": o.valueColumn = spec
            case "series": o.seriesColumn = spec
            default: o.timeFormat = spec
            }
        }
        #expect(f?.code == 64)
        #expect(f?.message.hasSuffix(message) == true, "\(f?.message ?? "")")
    }

    @Test func ambiguousDayMonthAsksForTheFormat() throws {
        let f = failure("date,value\n05/03/2013,1\n04/03/2013,2\n")
        #expect(f?.code == 64)
        #expect(f?.message.hasSuffix("column \"date\": dates like 05/03/2013 could be DD/MM/YYYY or MM/DD/YYYY; "
                                      + "say which with --time-format \"%d/%m/%Y\" or \"%m/%d/%Y\"") == true)
        // On a 12-hour clock, the formats offered read it.
        let twelve = failure("date,value\n03/01/2026 12:15:48 AM,1\n03/02/2026 1:05:00 PM,2\n")
        #expect(twelve?.message.hasSuffix("say which with --time-format \"%d/%m/%Y %I:%M:%S %p\" or \"%m/%d/%Y %I:%M:%S %p\"") == true)
        let monthFirst = try Fixture.load("date,value\n03/01/2026 12:15:48 AM,1\n03/02/2026 1:05:00 PM,2\n") {
            $0.timeFormat = "%m/%d/%Y %I:%M:%S %p"
        }
        #expect(Fixture.minutes(monthFirst).map(\.0) == [Fixture.utc(2026, 3, 1, 0, 15), Fixture.utc(2026, 3, 2, 13, 5)])
        let dottedTwelve = try Fixture.load("date,value\n05.03.2013 10:00 PM,1\n04.03.2013 11:00 AM,2\n")
        #expect(Fixture.minutes(dottedTwelve).map(\.0) == [Fixture.utc(2013, 3, 4, 11), Fixture.utc(2013, 3, 5, 22)])
        // `a.m.` as the detector reads it, and as %p does.
        let dots = failure("date,value\n3/1/2026 12:15 a.m.,1\n3/2/2026 1:15 PM,2\n")
        #expect(dots?.message.hasSuffix("say which with --time-format \"%d/%m/%Y %I:%M %p\" or \"%m/%d/%Y %I:%M %p\"") == true)
        let read = try Fixture.load("date,value\n3/1/2026 12:15 a.m.,1\n3/2/2026 1:15 PM,2\n") { $0.timeFormat = "%m/%d/%Y %I:%M %p" }
        #expect(Fixture.minutes(read).map(\.0) == [Fixture.utc(2026, 3, 1, 0, 15), Fixture.utc(2026, 3, 2, 13, 15)])
        // Dotted dates are read day first instead, with a note that says how to flip it.
        let dotted = try Fixture.load("date,value\n05.03.2013 10:00,1\n04.03.2013 11:00,2\n")
        #expect(dotted.notes.contains("time: day first (no date read has a day over 12; --time-format \"%m.%d.%Y %H:%M\" reads month first)"))
        #expect(Fixture.minutes(dotted).map(\.0) == [Fixture.utc(2013, 3, 4, 11), Fixture.utc(2013, 3, 5, 10)])
        let settled = try Fixture.load("date,value\n05/03/2013,1\n04/03/2013,2\n") { $0.timeFormat = "%d/%m/%Y" }
        #expect(Fixture.minutes(settled).map(\.0) == [Fixture.utc(2013, 3, 4), Fixture.utc(2013, 3, 5)])
    }

    @Test func emptyAndHeaderOnlyFiles() {
        #expect(failure("")?.message.hasSuffix("data.csv: the input is empty") == true)
        #expect(failure("\n\n  \n")?.message.hasSuffix("data.csv: the input is empty") == true)
        #expect(failure("\u{FEFF}")?.code == 65)
        #expect(failure("date,value\n")?.message.hasSuffix("data.csv: no data rows after the header") == true)
        #expect(failure("date,value\n")?.code == 65)
    }

    @Test func binaryGarbageIsAClearErrorNotACrash() {
        var generator = SplitMix(seed: 42)
        let bytes = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        do {
            _ = try Fixture.withFile("garbage.bin", bytes: bytes) { (path) throws(ReadError) in
                try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .day)
            }
            Issue.record("garbage loaded")
        } catch {
            #expect(error.exitCode == 65)
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func utf16IsRefused() {
        Fixture.withFile("u16.csv", bytes: [0xFF, 0xFE] + Array("d\0a\0t\0e\0".utf8)) { path in
            let reason = "the text is UTF-16; convert it to UTF-8 (iconv -f UTF-16 -t UTF-8)"
            #expect(throws: ReadError.unreadable(file: path, reason: reason)) {
                try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .day)
            }
        }
    }

    @Test func invalidUTF8AndNULBytesAreSkippedRows() throws {
        var bytes = Array("date,value,s\n2013-03-05,1,a\n".utf8)
        bytes += Array("2013-03-06,".utf8) + [0xFF, 0xFE, 0x00, 0x31] + Array(",b\n".utf8)
        bytes += Array("2013-03-07,2,".utf8) + [0xC3, 0x28, 0x1B, 0x07] + Array("\n".utf8)
        bytes += [0x00, 0x00] + Array(",3,c\n".utf8)
        let r = try Fixture.withFile("bad.csv", bytes: bytes) { path in
            try DataLoader.load([.file(path)], options: Fixture.options { $0.seriesColumn = "s" }, calendar: Fixture.utc, baseUnit: .day)
        }
        #expect(r.rowsRead == 4 && r.accepted == 2 && r.skipped == 2)
        #expect(r.firstSkipped.map(\.reason) == ["value \"\u{FFFD}\u{FFFD}\\x001\" is not a number", "time \"\\x00\\x00\" does not parse as YYYY-MM-DD"])
        // Series names keep what the data says (the UI makes control bytes visible).
        #expect(r.seriesNames == ["a", "\u{FFFD}(\u{1B}\u{07}"])
    }

    /// Escape sequences in the data are shown as `\x1B`, never sent to the terminal.
    @Test func controlCharactersNeverReachMessagesOrNotes() throws {
        let text = "da\u{1B}[31mte,va\u{07}lue\n2013-03-05,1\n2013-03-06,\u{1B}]0;x\u{07}\n2013-03-07,2\n"
        let r = try Fixture.load(text)
        #expect(r.notes == ["time: column \"da\\x1B[31mte\", format YYYY-MM-DD", "value: column \"va\\x07lue\""])
        #expect(r.firstSkipped.first?.description.hasSuffix(":3:12: value \"\\x1B]0;x\\x07\" is not a number") == true)
        let f = failure(text) { $0.valueColumn = "\u{9B}2J" }
        #expect(f?.message.contains("--value \"\\x9B2J\": no such column (columns: \"da\\x1B[31mte\", \"va\\x07lue\")") == true)
        for s in r.notes + [f?.message ?? ""] + r.firstSkipped.map(\.description) {
            #expect(!s.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        }
    }

    @Test func aTenMegabyteLineIsOneSkippedRow() throws {
        let long = String(repeating: "x", count: 10 << 20)
        let r = try Fixture.load("date,value\n2013-03-05,1\n\(long),2\n2013-03-06,3\n")
        #expect(r.rowsRead == 3 && r.accepted == 2 && r.skipped == 1)
        #expect(r.firstSkipped.first?.reason == "time \"\(String(repeating: "x", count: 40))…\" does not parse as YYYY-MM-DD")
    }

    @Test func recordsPastTheLimitAreSkippedUpToTheNextLine() throws {
        var limits = ScannerLimits()
        limits.chunk = 64
        limits.maxRecord = 256
        // A sample of the first good rows: the 200 one-field rows after the
        // broken quote would outvote them.
        limits.sampleWindow = 32
        let long = String(repeating: "y", count: 1000)
        let text = "date,value\n2013-03-05,1\n2013-03-05,\(long)\n2013-03-06,3\n2013-03-07,\"4\n" + String(repeating: "z\n", count: 200) + "2013-03-08,5\n"
        let r = try Fixture.load(text) { $0.limits = limits }
        // The unclosed quote makes one record of the rest; it is cut at the limit and
        // reading resumes on the line after the quote's.
        #expect(r.firstSkipped.first.map { "\($0.line):\($0.column): \($0.reason)" } == "3:1: record longer than 0 MB")
        #expect(r.firstSkipped.dropFirst().first.map { "\($0.line): \($0.reason)" } == "5: record longer than 0 MB")
        #expect(r.accepted + r.skipped == r.rowsRead)
        #expect(Fixture.minutes(r).map(\.1.sum) == [1, 3, 5])
    }

    @Test func aQuoteThatNeverClosesSkipsItsLine() throws {
        let r = try Fixture.load("date,value\n2013-03-05,1\n2013-03-06,\"2\n2013-03-07,3\n2013-03-08,4\n")
        #expect(r.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == ["3:12: quoted field is never closed"])
        #expect(Fixture.minutes(r).map(\.1.sum) == [1, 3, 4])
        #expect(r.accepted + r.skipped == r.rowsRead)
    }

    @Test func corruptGzipIsBadData() {
        do {
            _ = try Fixture.withFile("x.csv.gz", bytes: [0x1F, 0x8B, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8]) { (path) throws(ReadError) in
                try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .day)
            }
            Issue.record("corrupt gzip loaded")
        } catch {
            #expect(error.exitCode == 65)
        }
    }
}
