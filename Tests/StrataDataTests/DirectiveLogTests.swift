import Foundation
import Testing
@testable import StrataData

/// Logs whose `#` directives name their fields (W3C extended: IIS and
/// CloudFront; Zeek) read as tables under those names, alike from a file,
/// its `.gz` and a pipe. Every log is generated here, and every number
/// expected is worked out from the rows as they are written.
struct DirectiveLogTests {
    static let fieldsIIS = "date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) cs(Referer) "
        + "sc-status sc-substatus sc-win32-status time-taken"
    /// 2026-11-20 00:00:00 UTC.
    static let start = Fixture.utc(2026, 11, 20)

    /// One row of an IIS log: what it says and what it is written as.
    struct Request {
        let time: Int64, method: String, status: Int, taken: Int
    }

    /// `count` requests from `start` on, 97 to 223 seconds apart.
    static func requests(_ count: Int, from: Int64, seed: UInt64) -> [Request] {
        var random = SplitMix(seed: seed)
        var t = from
        return (0..<count).map { _ in
            t += 97 + Int64(random.next() % 127)
            return Request(time: t, method: ["GET", "POST", "HEAD"][Int(random.next() % 3)],
                           status: [200, 200, 304, 404, 500, 503][Int(random.next() % 6)], taken: Int(random.next() % 2000) + 1)
        }
    }

    /// `2026-11-20 00:01:37`: W3C's date and time, both UTC.
    static func dateAndTime(_ t: Int64) -> String { Fixture.iso(t).prefix(19).replacingOccurrences(of: "T", with: " ") }

    static func iisRow(_ r: Request) -> String {
        "\(dateAndTime(r.time)) 10.0.0.5 \(r.method) /api/items - 443 - 192.168.1.7 Mozilla/5.0+(Windows+NT+10.0) - \(r.status) 0 0 \(r.taken)"
    }

    static func iisBlock(at t: Int64, fields: String = fieldsIIS) -> String {
        "#Software: Microsoft Internet Information Services 10.0\r\n#Version: 1.0\r\n#Date: \(dateAndTime(t))\r\n#Fields: \(fields)\r\n"
    }

    /// An IIS log of two blocks, the service restarted between them (the same fields again), CRLF line ends.
    static func restartedIIS(_ first: [Request], _ second: [Request]) -> String {
        iisBlock(at: start) + first.map { iisRow($0) + "\r\n" }.joined()
            + iisBlock(at: second[0].time) + second.map { iisRow($0) + "\r\n" }.joined()
    }

    /// Per hour: the rows' count and the sum of `value`.
    static func perHour(_ rows: [Request], _ value: (Request) -> Double = { _ in 1 }) -> [Int64: (count: Int, sum: Double)] {
        var hours: [Int64: (count: Int, sum: Double)] = [:]
        for r in rows {
            let hour = r.time / 3600 * 3600
            let before = hours[hour] ?? (0, 0)
            hours[hour] = (before.count + 1, before.sum + value(r))
        }
        return hours
    }

    static func counts(_ hours: [Int64: (count: Int, sum: Double)]) -> [Int64: Int] { hours.mapValues(\.count) }
    static func sums(_ hours: [Int64: (count: Int, sum: Double)]) -> [Int64: Double] { hours.mapValues(\.sum) }

    /// Both blocks' rows are read, the `#` lines between them are no rows; the
    /// status is a code and time-taken a measure beside the count.
    @Test(arguments: Fixture.Road.allCases)
    func iisLogWithARestartBlock(road: Fixture.Road) throws {
        let first = Self.requests(60, from: Self.start, seed: 1), second = Self.requests(50, from: Self.start + 4 * 3600, seed: 2)
        let r = try LogRecordTests.load(Self.restartedIIS(first, second), name: "u_ex261120.log", road: road)
        #expect(r.notes.first == "input: W3C extended log (#Fields), 15 fields")
        #expect(r.notes.contains("time: field \"date\" and field \"time\" joined, format YYYY-MM-DD HH:MM:SS"))
        #expect(r.otherValues.map(\.name) == ["time-taken"])
        #expect(r.rowsRead == 110 && r.accepted == 110 && r.skipped == 0)
        let all = first + second
        #expect(Self.counts(LogRecordTests.hourly(r.accumulator)) == Self.counts(Self.perHour(all)))
        #expect(Self.sums(LogRecordTests.other(r, "time-taken")) == Self.sums(Self.perHour(all) { Double($0.taken) }))
    }

    /// `sc-status >= 500` and `cs-method = POST`: the rows the test's own filter keeps.
    @Test(arguments: Fixture.Road.allCases)
    func filterByAFieldName(road: Fixture.Road) throws {
        let first = Self.requests(60, from: Self.start, seed: 1), second = Self.requests(50, from: Self.start + 4 * 3600, seed: 2)
        let text = Self.restartedIIS(first, second)
        let errors = try LogRecordTests.load(text, name: "u_ex261120.log", road: road) { $0.filter = try? RowFilter.parse("sc-status >= 500") }
        let failed = (first + second).filter { $0.status >= 500 }
        #expect(errors.accepted == failed.count && errors.filteredOut == 110 - failed.count)
        #expect(Self.counts(LogRecordTests.hourly(errors.accumulator)) == Self.counts(Self.perHour(failed)))
        let posts = try LogRecordTests.load(text, name: "u_ex261120.log", road: road) {
            $0.filter = try? RowFilter.parse("cs-method = POST")
            $0.valueColumn = "time-taken"
        }
        let posted = (first + second).filter { $0.method == "POST" }
        #expect(Self.sums(LogRecordTests.hourly(posts.accumulator)) == Self.sums(Self.perHour(posted) { Double($0.taken) }))
    }

    /// A block whose `#Fields` adds `cs-bytes` is not read by the first
    /// block's names: its rows are skipped at their lines, and the block after
    /// it with the first's fields is read again, by one thread or two.
    @Test(arguments: [false, true])
    func aBlockOfOtherFieldsIsSkipped(split: Bool) throws {
        let first = Self.requests(30, from: Self.start, seed: 3), other = Self.requests(20, from: Self.start + 2 * 3600, seed: 4)
        let third = Self.requests(25, from: Self.start + 4 * 3600, seed: 5)
        let otherFields = Self.fieldsIIS.replacingOccurrences(of: " time-taken", with: " cs-bytes time-taken")
        let text = Self.iisBlock(at: Self.start) + first.map { Self.iisRow($0) + "\r\n" }.joined()
            + Self.iisBlock(at: other[0].time, fields: otherFields) + other.map { Self.iisRow($0) + "\r\n" }.joined()
            + Self.iisBlock(at: third[0].time) + third.map { Self.iisRow($0) + "\r\n" }.joined()
        // Lines: 4 directives, 30 rows, then the other block's 4 directives, its #Fields the last.
        let fieldsLine = 4 + 30 + 4
        let r = try Fixture.withFolder { folder in
            let path = Fixture.write("u_ex261120.log", text, in: folder)
            let options = Fixture.options { if split { $0.splitThreshold = 1 } }
            return try DataLoader.load([.file(path)], options: options, calendar: Fixture.utc, baseUnit: .minute)
        }
        #expect(r.rowsRead == 75 && r.accepted == 55 && r.skipped == 20)
        #expect(r.firstSkipped.first.map { [$0.line, $0.column] } == [fieldsLine + 1, 1])
        #expect(r.firstSkipped.first?.reason == "under the #Fields of line \(fieldsLine), which names other fields than the first")
        #expect(Self.counts(LogRecordTests.hourly(r.accumulator)) == Self.counts(Self.perHour(first + third)))
    }

    /// A `#Remark` line holding a lone quote is a directive, not a row: the
    /// quote opens no field, and every row after it is read.
    @Test(arguments: Fixture.Road.allCases)
    func aRemarkWithAQuoteKeepsTheRowsAfterIt(road: Fixture.Road) throws {
        let rows = Self.requests(40, from: Self.start, seed: 12)
        let lines = rows.map { Self.iisRow($0) + "\r\n" }
        let text = Self.iisBlock(at: Self.start) + lines[..<10].joined() + "#Remark: he said \"x\r\n" + lines[10...].joined()
        let r = try LogRecordTests.load(text, name: "u_ex261120.log", road: road)
        #expect(r.rowsRead == 40 && r.accepted == 40 && r.skipped == 0)
        #expect(Self.counts(LogRecordTests.hourly(r.accumulator)) == Self.counts(Self.perHour(rows)))
    }

    /// A log that starts with a byte order mark and a blank line is a W3C
    /// log still, as the format's sniff passes both.
    @Test(arguments: Fixture.Road.allCases)
    func aBOMAndABlankLineBeforeTheDirectives(road: Fixture.Road) throws {
        let rows = Self.requests(40, from: Self.start, seed: 13)
        let text = "\u{FEFF}\r\n" + Self.iisBlock(at: Self.start) + rows.map { Self.iisRow($0) + "\r\n" }.joined()
        let r = try LogRecordTests.load(text, name: "u_ex261120.log", road: road)
        #expect(r.notes.first == "input: W3C extended log (#Fields), 15 fields")
        #expect(r.rowsRead == 40 && r.accepted == 40 && r.skipped == 0)
        #expect(Self.counts(LogRecordTests.hourly(r.accumulator)) == Self.counts(Self.perHour(rows)))
    }

    /// A bad time-taken is one row skipped at its line and the column where
    /// the field starts, past a run of two spaces the row is split by as by one.
    @Test(arguments: Fixture.Road.allCases)
    func aBadRowIsLocated(road: Fixture.Road) throws {
        let rows = Self.requests(40, from: Self.start, seed: 6)
        var lines = rows.map(Self.iisRow)
        lines[7] = lines[7].replacingOccurrences(of: " 443 ", with: "  443 ")
        lines[7] = String(lines[7][..<lines[7].lastIndex(of: " ")!]) + " 12ab"
        let text = Self.iisBlock(at: Self.start) + lines.map { $0 + "\r\n" }.joined()
        let r = try LogRecordTests.load(text, name: "u_ex261120.log", road: road) { $0.valueColumn = "time-taken" }
        #expect(r.rowsRead == 40 && r.accepted == 39 && r.skipped == 1)
        let column = lines[7].count - "12ab".count + 1
        #expect(r.firstSkipped.first.map { [$0.line, $0.column] } == [4 + 8, column])
        #expect(r.firstSkipped.first?.reason.contains("12ab") == true)
        var kept = rows
        kept.remove(at: 7)
        #expect(Self.sums(LogRecordTests.hourly(r.accumulator)) == Self.sums(Self.perHour(kept) { Double($0.taken) }))
    }

    /// A card's rows are the records read back, named by the `#Fields` line,
    /// a run of spaces one separator; the `#` lines between blocks are no rows.
    @Test func rowsReadBackAreNamedByTheFields() throws {
        let first = Self.requests(3, from: Self.start, seed: 9), second = Self.requests(2, from: Self.start + 600, seed: 10)
        let text = Self.restartedIIS(first, second).replacingOccurrences(of: " 443 ", with: "  443 ")
        try Fixture.withFolder { folder in
            let path = Fixture.write("u_ex261120.log", text, in: folder)
            let r = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .minute)
            let rows = try r.rowLocator.rows(from: Self.start, to: Self.start + 3600, limit: 10)
            // Lines: 4 directives and 3 rows, 4 directives and 2 rows.
            #expect(rows.map(\.line) == [5, 6, 7, 12, 13])
            let fields = r.rowLocator.recordFields().fields(of: rows[3])
            #expect(fields.map(\.name) == Self.fieldsIIS.split(separator: " ").map(String.init))
            #expect(fields.map(\.value) == Self.iisRow(second[0]).split(separator: " ").map(String.init))
        }
    }

    /// A service restarted before any request, its fields changed: the rows
    /// come under the second `#Fields` line, and the card names them by it too.
    @Test func rowsUnderARestartBeforeAnyRequestAreNamedByItsFields() throws {
        let rows = Self.requests(3, from: Self.start, seed: 11)
        let names = Self.fieldsIIS.replacingOccurrences(of: " time-taken", with: " cs-bytes time-taken")
        // cs-bytes (512) before the last field, time-taken.
        let lines = rows.map { r in
            let row = Self.iisRow(r), last = row.lastIndex(of: " ")!
            return row[..<last] + " 512" + row[last...]
        }
        let text = Self.iisBlock(at: Self.start) + Self.iisBlock(at: Self.start + 60, fields: names) + lines.map { $0 + "\r\n" }.joined()
        try Fixture.withFolder { folder in
            let path = Fixture.write("u_ex261120.log", text, in: folder)
            let r = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .minute)
            #expect(r.notes.first == "input: W3C extended log (#Fields), 16 fields")
            let read = try r.rowLocator.rows(from: Self.start, to: Self.start + 3600, limit: 10)
            // Lines: two blocks of 4 directives, then the rows.
            #expect(read.map(\.line) == [9, 10, 11])
            let fields = r.rowLocator.recordFields().fields(of: read[0])
            #expect(fields.map(\.name) == names.split(separator: " ").map(String.init))
            #expect(fields.map(\.value) == lines[0].split(separator: " ").map(String.init))
        }
    }

    /// CloudFront's standard log: tab-separated rows under a space-separated `#Fields` line.
    @Test(arguments: Fixture.Road.allCases)
    func cloudFrontTabLog(road: Fixture.Road) throws {
        let rows = Self.requests(80, from: Self.start, seed: 7)
        var text = "#Version: 1.0\n#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status "
            + "cs(Referer) cs(User-Agent) cs-uri-query\n"
        for r in rows {
            let date = Self.dateAndTime(r.time).replacingOccurrences(of: " ", with: "\t")
            text += "\(date)\tFRA2\t\(r.taken * 10)\t203.0.113.9\t\(r.method)\td111111abcdef8.cloudfront.net\t/a.png\t\(r.status)\t-\tMozilla/5.0%20(X11)\t-\n"
        }
        let result = try LogRecordTests.load(text, name: "E2CF.2026-11-20-00.a1b2c3d4.log", road: road)
        #expect(result.notes.first == "input: W3C extended log (#Fields), tab-separated, 12 fields")
        #expect(result.rowsRead == 80 && result.accepted == 80)
        #expect(Self.counts(LogRecordTests.hourly(result.accumulator)) == Self.counts(Self.perHour(rows)))
        #expect(Self.sums(LogRecordTests.other(result, "sc-bytes")) == Self.sums(Self.perHour(rows) { Double($0.taken * 10) }))
    }

    /// A Zeek conn.log: `ts` in epoch seconds with microseconds, `-` unset
    /// and `(empty)` values no value (never a bad row), ports no values, and
    /// the `#close` line at its end no row.
    @Test(arguments: Fixture.Road.allCases)
    func zeekConnLog(road: Fixture.Road) throws {
        var random = SplitMix(seed: 8)
        var text = "#separator \\x09\n#set_separator\t,\n#empty_field\t(empty)\n#unset_field\t-\n#path\tconn\n#open\t2026-11-20-00-00-00\n"
            + "#fields\tts\tuid\tid.orig_h\tid.orig_p\tid.resp_h\tid.resp_p\tproto\tduration\torig_bytes\ttunnel_parents\n"
            + "#types\ttime\tstring\taddr\tport\taddr\tport\tenum\tinterval\tcount\tset[string]\n"
        var micros = Self.start * 1_000_000 + 366_317
        var durations: [Int64: (count: Int, sum: Double)] = [:], bytes: [Int64: (count: Int, sum: Double)] = [:]
        var hours: [Int64: Int] = [:]
        for i in 0..<300 {
            micros += 1_000_000 + Int64(random.next() % 60_000_000)
            let hour = micros / 1_000_000 / 3600 * 3600
            hours[hour, default: 0] += 1
            // Every fifth connection has no duration (`-`), every seventh no bytes (`(empty)`).
            let duration = Int64(random.next() % 5_000_000), sent = Int(random.next() % 90_000)
            if i % 5 != 0 {
                durations[hour, default: (0, 0)].count += 1
                durations[hour, default: (0, 0)].sum += Double(duration) / 1e6
            }
            if i % 7 != 0 {
                bytes[hour, default: (0, 0)].count += 1
                bytes[hour, default: (0, 0)].sum += Double(sent)
            }
            let ts = "\(micros / 1_000_000).\(String(format: "%06d", micros % 1_000_000))"
            let seconds = "\(duration / 1_000_000).\(String(format: "%06d", duration % 1_000_000))"
            text += [ts, "C\(i)x", "10.0.0.\(i % 250)", "\(40_000 + i)", "93.184.216.34", "443", "tcp",
                     i % 5 == 0 ? "-" : seconds, i % 7 == 0 ? "(empty)" : "\(sent)", "(empty)"].joined(separator: "\t") + "\n"
        }
        text += "#close\t2026-11-20-23-59-59\n"
        let r = try LogRecordTests.load(text, name: "conn.log", road: road)
        #expect(r.notes.first == "input: Zeek log (#fields), 10 fields")
        #expect(r.notes.contains("time: field \"ts\", format epoch seconds"))
        #expect(r.otherValues.map(\.name) == ["duration", "orig_bytes"])
        #expect(r.rowsRead == 300 && r.accepted == 300 && r.skipped == 0)
        #expect(Self.counts(LogRecordTests.hourly(r.accumulator)) == hours)
        let read = LogRecordTests.other(r, "duration")
        #expect(read.mapValues(\.count) == durations.mapValues(\.count))
        #expect(read.keys.allSatisfy { abs(read[$0]!.sum - durations[$0]!.sum) < 1e-6 })
        #expect(LogRecordTests.other(r, "orig_bytes").mapValues(\.count) == bytes.mapValues(\.count))
        // `(empty)` as the value: no value, not a bad row.
        let asValue = try LogRecordTests.load(text, name: "conn.log", road: road) { $0.valueColumn = "orig_bytes" }
        #expect(asValue.skipped == 0 && Self.sums(LogRecordTests.hourly(asValue.accumulator)) == Self.sums(bytes))
    }

    /// A CSV whose first line merely starts with `#` is a CSV still: a
    /// commented header names its column `# time`; comment lines above a
    /// header are passed over, as they always were.
    @Test(arguments: Fixture.Road.allCases)
    func hashLinesOfACSVAreNoDirectives(road: Fixture.Road) throws {
        let hours = (0..<20).map { Fixture.utc(2025, 1, 1, $0) }
        let rows = hours.enumerated().map { "\(Fixture.iso($1)),\($0 * 3 + 1)\n" }.joined()
        let expected = Dictionary(uniqueKeysWithValues: hours.enumerated().map { ($1, Double($0 * 3 + 1)) })
        let commented = try LogRecordTests.load("# time,value\n" + rows, name: "data.csv", road: road)
        #expect(commented.timeName == "# time" && commented.valueName == "value")
        #expect(!commented.notes.contains { $0.contains("#Fields") })
        #expect(commented.accepted == 20 && commented.skipped == 0)
        #expect(Self.sums(LogRecordTests.hourly(commented.accumulator)) == expected)
        let above = try LogRecordTests.load("# exported by sensor 4\n# units: degrees\ntime,value\n" + rows, name: "data.csv", road: road)
        #expect(above.notes.first == "input: 2 lines before the header passed over (--skip 2 says so)")
        #expect(above.timeName == "time" && above.accepted == 20 && above.skipped == 0)
        #expect(Self.sums(LogRecordTests.hourly(above.accumulator)) == expected)
    }
}
