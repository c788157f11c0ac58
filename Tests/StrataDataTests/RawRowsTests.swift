import Foundation
import Testing
@testable import StrataData

/// The card's rows: a period's raw records read back from the inputs
/// through `RowLocator`, as exact `FILE:LINE  text` lists.
final class RawRowsTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-raw-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: helpers

    func write(_ name: String, _ text: String) -> String { write(name, bytes: Array(text.utf8)) }

    func write(_ name: String, bytes: [UInt8]) -> String {
        let path = folder.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    func load(_ paths: [String], calendar: CalendarSystem = Fixture.utc, baseUnit: TimeUnit = .hour,
              _ configure: (inout ReadOptions) -> Void = { _ in }) throws -> LoadResult {
        try DataLoader.load(paths.map { .file($0) }, options: Fixture.options(configure), calendar: calendar, baseUnit: baseUnit)
    }

    /// `FILE:LINE  text` of every row of `[start, end)`, the file shown by its base name.
    func rows(_ r: LoadResult, _ start: Int64, _ end: Int64, series: Int = 0, limit: Int = .max) throws -> [String] {
        try r.rowLocator.rows(from: start, to: end, series: series, limit: limit).map(Self.short)
    }

    static func short(_ row: RawRow) -> String {
        "\(row.file.split(separator: "/").last.map(String.init) ?? row.file):\(row.line)  \(row.text)"
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> Int64 { Fixture.utc(y, m, d) }

    /// Long lists: on a difference, only the counts and the first rows that differ are shown.
    static func expectSame(_ found: [String], _ expected: [String]) {
        #expect(found.count == expected.count)
        if let i = found.indices.first(where: { $0 < expected.count && found[$0] != expected[$0] }) {
            Issue.record("row \(i): \(found[i]) instead of \(expected[i])")
        }
    }

    // MARK: formats

    @Test func sortedCSVGivesThePeriodsRowsWithTheirLines() throws {
        let path = write("sorted.csv", """
            time,value
            2013-03-09T23:59:59Z,1
            2013-03-10T00:00:00Z,2
            2013-03-10T08:30:00Z,3

            2013-03-10T23:59:59Z,4
            2013-03-11T00:00:00Z,5

            """)
        let r = try load([path])
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 11)) == [
            "sorted.csv:3  2013-03-10T00:00:00Z,2",
            "sorted.csv:4  2013-03-10T08:30:00Z,3",
            "sorted.csv:6  2013-03-10T23:59:59Z,4",
        ])
        #expect(r.rowLocator.keepsRows)
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 11), limit: 2).count == 2)
    }

    @Test func unsortedCSVGivesEveryRowOfThePeriodInFileOrder() throws {
        let path = write("unsorted.csv", """
            time,value
            2013-03-12 10:00,1
            2013-03-10 09:00,2
            2013-03-11 10:00,3
            2013-03-10 01:00,4
            2013-03-12 11:00,5
            2013-03-10 23:00,6
            2013-03-09 23:00,7

            """)
        let r = try load([path])
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 11)) == [
            "unsorted.csv:3  2013-03-10 09:00,2",
            "unsorted.csv:5  2013-03-10 01:00,4",
            "unsorted.csv:7  2013-03-10 23:00,6",
        ])
        #expect(try rows(r, Self.day(2013, 3, 12), Self.day(2013, 3, 13)) == [
            "unsorted.csv:2  2013-03-12 10:00,1",
            "unsorted.csv:6  2013-03-12 11:00,5",
        ])
    }

    @Test func jsonLines() throws {
        let path = write("events.jsonl", """
            {"ts": "2013-03-09T12:00:00Z", "n": 1}
            {"ts": "2013-03-10T12:00:00Z", "n": 2}
            not json
            {"ts": "2013-03-10T13:00:00Z", "n": 3}
            {"ts": "2013-03-11T12:00:00Z", "n": 4}

            """)
        let r = try load([path])
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 11)) == [
            "events.jsonl:2  {\"ts\": \"2013-03-10T12:00:00Z\", \"n\": 2}",
            "events.jsonl:4  {\"ts\": \"2013-03-10T13:00:00Z\", \"n\": 3}",
        ])
    }

    @Test func logLines() throws {
        let path = write("access.log", """
            10.0.0.1 - - [10/Oct/2000:13:55:36 +0000] "GET / HTTP/1.0" 200 2326
            10.0.0.2 - - [10/Oct/2000:14:01:00 +0000] "GET /a HTTP/1.0" 404 0
            a line with no time
            10.0.0.3 - - [10/Oct/2000:14:59:59 +0000] "GET /b HTTP/1.0" 200 17
            10.0.0.4 - - [10/Oct/2000:15:00:00 +0000] "GET /c HTTP/1.0" 200 17

            """)
        let r = try load([path], baseUnit: .minute)
        let two = Fixture.utc(2000, 10, 10, 14)
        #expect(try rows(r, two, two + 3600) == [
            "access.log:2  10.0.0.2 - - [10/Oct/2000:14:01:00 +0000] \"GET /a HTTP/1.0\" 404 0",
            "access.log:4  10.0.0.3 - - [10/Oct/2000:14:59:59 +0000] \"GET /b HTTP/1.0\" 200 17",
        ])
    }

    @Test func gzipIsDecompressedAgain() throws {
        var text = "time,value\n"
        for d in 1...20 { for h in [3, 15] { text += "2013-03-\(String(d).leftPadded(2))T\(String(h).leftPadded(2)):00:00Z,\(d)\n" } }
        let r = try load([try Fixture.gzip(write("days.csv", text))])
        #expect(try rows(r, Self.day(2013, 3, 17), Self.day(2013, 3, 18)) == [
            "days.csv.gz:34  2013-03-17T03:00:00Z,17",
            "days.csv.gz:35  2013-03-17T15:00:00Z,17",
        ])
        #expect(r.rowLocator.keepsRows)
    }

    // MARK: what counts as a row

    @Test func badRowsInsideThePeriodAreNotShown() throws {
        let path = write("bad.csv", """
            time,value
            2013-03-10 01:00,1
            2013-03-10 02:00,two
            2013-03-10 25:00,3
            2013-03-10 04:00
            2013-03-10 05:00,5

            """)
        let r = try load([path])
        #expect(r.skipped == 3)
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 11)) == [
            "bad.csv:2  2013-03-10 01:00,1",
            "bad.csv:6  2013-03-10 05:00,5",
        ])
    }

    @Test func quotedRecordOverSeveralLinesIsOneRow() throws {
        let path = write("notes.csv", "time,value,note\r\n"
                             + "2013-03-10 01:00,1,\"two\r\nlines\"\r\n"
                             + "2013-03-10 02:00,2,\"a, b\"\r\n"
                             + "2013-03-11 02:00,3,plain\r\n")
        let r = try load([path])
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 12)) == [
            "notes.csv:2  2013-03-10 01:00,1,\"two↵lines\"",
            "notes.csv:4  2013-03-10 02:00,2,\"a, b\"",
            "notes.csv:5  2013-03-11 02:00,3,plain",
        ])
    }

    @Test func invalidUTF8IsDecodedWithReplacement() throws {
        let bytes = Array("time,value,who\n2013-03-10 01:00,1,caf".utf8) + [0xE9, 0x00, 0xFF] + Array("\n".utf8)
        let r = try load([write("latin1.csv", bytes: bytes)])
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 11)) == ["latin1.csv:2  2013-03-10 01:00,1,caf\u{FFFD}\u{0}\u{FFFD}"])
    }

    @Test func seriesColumnSelectsOneSeriesAndZeroIsAll() throws {
        let path = write("stores.csv", """
            time,amount,store
            2013-03-10 01:00,1,north
            2013-03-10 02:00,2,south
            2013-03-10 03:00,3,north
            2013-03-11 01:00,4,south

            """)
        let r = try load([path]) { $0.seriesColumn = "store" }
        #expect(r.seriesNames == ["north", "south"])
        let (a, b) = (Self.day(2013, 3, 10), Self.day(2013, 3, 11))
        #expect(try rows(r, a, b, series: 0) == [
            "stores.csv:2  2013-03-10 01:00,1,north", "stores.csv:3  2013-03-10 02:00,2,south", "stores.csv:4  2013-03-10 03:00,3,north",
        ])
        #expect(try rows(r, a, b, series: 1) == ["stores.csv:2  2013-03-10 01:00,1,north", "stores.csv:4  2013-03-10 03:00,3,north"])
        #expect(try rows(r, a, b, series: 2) == ["stores.csv:3  2013-03-10 02:00,2,south"])
    }

    @Test func twoFilesGiveTheRowsOfEachInTurn() throws {
        let a = write("a.csv", "time,value\n2013-03-10 05:00,1\n2013-03-11 05:00,2\n")
        let b = write("b.csv", "time,value\n2013-03-09 05:00,3\n2013-03-10 01:00,4\n2013-03-10 02:00,5\n")
        let r = try load([a, b])
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 11)) == [
            "a.csv:2  2013-03-10 05:00,1", "b.csv:3  2013-03-10 01:00,4", "b.csv:4  2013-03-10 02:00,5",
        ])
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 11), limit: 2) == [
            "a.csv:2  2013-03-10 05:00,1", "b.csv:3  2013-03-10 01:00,4",
        ])
    }

    @Test func standardInputRowsAreNotKept() throws {
        let path = write("piped.csv", "time,value\n2013-03-10 05:00,1\n")
        let fd = open(path, O_RDONLY)
        let saved = dup(0)
        dup2(fd, 0)
        defer {
            dup2(saved, 0)
            close(saved)
            close(fd)
        }
        let r = try DataLoader.load([.standardInput], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .hour)
        #expect(r.accepted == 1)
        #expect(!r.rowLocator.keepsRows)
        #expect(r.rowLocator.unkeptInputs == ["stdin"])
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 11)).isEmpty)
    }

    // MARK: periods

    @Test func periodsWithoutRowsAndAtTheEdges() throws {
        let path = write("edges.csv", """
            time,value
            2013-03-01 00:00,1
            2013-03-01 10:00,2
            2013-03-05 10:00,3
            2013-03-09 23:00,4

            """)
        let r = try load([path])
        #expect(try rows(r, Self.day(2013, 3, 3), Self.day(2013, 3, 4)).isEmpty)
        #expect(try rows(r, Self.day(2013, 2, 1), Self.day(2013, 3, 1)).isEmpty)
        #expect(try rows(r, Self.day(2013, 3, 10), Self.day(2013, 4, 1)).isEmpty)
        #expect(try rows(r, Self.day(2013, 3, 1), Self.day(2013, 3, 2)) == ["edges.csv:2  2013-03-01 00:00,1", "edges.csv:3  2013-03-01 10:00,2"])
        #expect(try rows(r, Self.day(2013, 3, 9), Self.day(2013, 3, 10)) == ["edges.csv:5  2013-03-09 23:00,4"])
        #expect(try rows(r, Self.day(2013, 3, 1), Self.day(2013, 4, 1)).count == 4)
    }

    @Test func repeatedDSTHourIsToldApartByItsOffset() throws {
        let path = write("fall.csv", """
            time,value
            2013-11-03T00:59:00-04:00,1
            2013-11-03T01:10:00-04:00,2
            2013-11-03T01:20:00-05:00,3
            2013-11-03T01:30:00-04:00,4
            2013-11-03T01:40:00-05:00,5
            2013-11-03T02:00:00-05:00,6

            """)
        let r = try load([path], calendar: Fixture.newYork, baseUnit: .minute)
        let first = Fixture.utc(2013, 11, 3, 1, offset: -4 * 3600)
        #expect(try rows(r, first, first + 3600) == ["fall.csv:3  2013-11-03T01:10:00-04:00,2", "fall.csv:5  2013-11-03T01:30:00-04:00,4"])
        #expect(try rows(r, first + 3600, first + 7200) == ["fall.csv:4  2013-11-03T01:20:00-05:00,3", "fall.csv:6  2013-11-03T01:40:00-05:00,5"])
    }

    // MARK: size

    /// A generated CSV of `rows` rows from 2020-01-01, `step` seconds apart;
    /// every `late`-th row is three days late (out of order). Returns the
    /// text and each row's time and line.
    static func generate(rows: Int, step: Int64, late: Int = 0) -> (text: [UInt8], times: [(Int64, Int)]) {
        var text = Array("time,value\n".utf8)
        text.reserveCapacity(rows * 28)
        var times: [(Int64, Int)] = []
        times.reserveCapacity(rows)
        let start = Fixture.utc(2020, 1, 1)
        var day = -1
        var date: [UInt8] = []
        for i in 0..<rows {
            var t = start + Int64(i) * step
            if late > 0 && i % late == late - 1 { t -= 3 * 86_400 }
            let d = Int(floorDiv64(t, 86_400))
            if d != day {
                day = d
                date = Array(CivilDate(dayNumber: d).isoString.utf8)
            }
            let s = Int(t - Int64(d) * 86_400)
            text += date
            text.append(UInt8(ascii: "T"))
            for (v, sep) in [(s / 3600, ":"), (s / 60 % 60, ":"), (s % 60, "Z")] {
                text.append(UInt8(48 + v / 10))
                text.append(UInt8(48 + v % 10))
                text.append(UInt8(ascii: sep.unicodeScalars.first!))
            }
            text += Array(",\(i % 97)\n".utf8)
            times.append((t, i + 2))
        }
        return (text, times)
    }

    @Test func aFileReadByTwoThreadsGivesWhatABruteForceScanFinds() throws {
        let (text, times) = Self.generate(rows: 360_000, step: 37, late: 1000)
        #expect(text.count > 8 << 20)
        let path = write("big.csv", bytes: text)
        let r = try load([path])
        #expect(r.accepted == times.count)
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        func expected(_ a: Int64, _ b: Int64) -> [String] {
            times.filter { $0.0 >= a && $0.0 < b }.map { "big.csv:\($0.1)  \(String(decoding: lines[$0.1 - 1], as: UTF8.self))" }
        }
        let middle = times[times.count / 2].0
        let middleDay = floorDiv64(middle, 86_400) * 86_400
        for (a, b) in [(middleDay, middleDay + 86_400), (middle - 7200, middle + 7200), (times[0].0, times[0].0 + 86_400),
                       (Self.day(2020, 4, 1), Self.day(2020, 5, 1))] {
            Self.expectSame(try rows(r, a, b), expected(a, b))
        }
        // A whole-file read, paused by its progress callback and resumed.
        let fetch = r.rowLocator.fetch(from: .min, to: .max)
        var reports: [Double] = []
        var found = try fetch.next(limit: .max) { reports.append($0); return false }
        #expect(reports.count == 1 && reports[0] > 0 && reports[0] < 1)
        #expect(!fetch.isFinished)
        found += try fetch.next(limit: .max)
        #expect(fetch.isFinished)
        Self.expectSame(found.map(Self.short), expected(.min, .max))
    }

    @Test func aSplitInsideQuotedLinesStillIndexesEveryRow() throws {
        var text = "time,value,note\n"
        var expected: [(Int64, String)] = []
        var line = 2
        for i in 0..<400 {
            let t = Fixture.utc(2013, 3, 1) + Int64(i) * 1800
            let time = "2013-03-\(String(1 + i / 48).leftPadded(2)) \(String(i % 48 / 2).leftPadded(2)):\(i % 2 == 0 ? "00" : "30")"
            text += "\(time),\(i),\"a\nb\nc\nd\"\n"
            expected.append((t, "quoted.csv:\(line)  \(time),\(i),\"a↵b↵c↵d\""))
            line += 4
        }
        let r = try load([write("quoted.csv", text)]) { $0.splitThreshold = 1024 }
        #expect(r.accepted == 400)
        for day in [1, 4, 5, 9] {
            let a = Self.day(2013, 3, day)
            Self.expectSame(try rows(r, a, a + 86_400), expected.filter { $0.0 >= a && $0.0 < a + 86_400 }.map(\.1))
        }
    }

    @Test func anUnsortedFileKeepsAtMostTheCheckpointCapacity() throws {
        let (text, times) = Self.generate(rows: 200_000, step: 5, late: 2)
        let r = try load([write("zigzag.csv", bytes: text)]) { $0.splitThreshold = .max }
        #expect(r.rowLocator.checkpointCount <= RowTrail.capacity)
        let day = Self.day(2020, 1, 5)
        let lines = times.filter { $0.0 >= day && $0.0 < day + 86_400 }.map(\.1)
        #expect(try r.rowLocator.rows(from: day, to: day + 86_400, limit: .max).map(\.line) == lines)
    }

    @Test func checkpointsGrowWithBaseBucketsNotRows() throws {
        let (text, times) = Self.generate(rows: 1_000_000, step: 13)
        let r = try load([write("million.csv", bytes: text)])
        #expect(r.accepted == times.count)
        let buckets = r.accumulator.buckets[0].count
        #expect(buckets == Int((times.last!.0 - times[0].0) / 3600) + 1)
        // One per base bucket, and one where the second thread's half begins.
        #expect(r.rowLocator.checkpointCount <= buckets + 1)
        let day = Self.day(2020, 3, 1)
        #expect(try rows(r, day, day + 86_400).count == times.count { $0.0 >= day && $0.0 < day + 86_400 })
    }

    /// A record over 32 MB between good rows of one day: skipped, and the
    /// rows around it keep their place and their line numbers.
    @Test func rowsAroundASkippedOversizedRecordKeepTheirLines() throws {
        for (before, after) in [(1, 2), (3, 1), (150, 150)] {
            var bytes = Array("time,value\n".utf8)
            for k in 0..<before { bytes += Array("2013-03-10T0\(k % 10):00:00Z,\(k)\n".utf8) }
            bytes += Array("2013-03-10T11:00:00Z,".utf8) + [UInt8](repeating: UInt8(ascii: "7"), count: 33 << 20) + [UInt8(ascii: "\n")]
            for k in 0..<after { bytes += Array("2013-03-10T2\(k % 4):00:00Z,\(100 + k)\n".utf8) }
            bytes += Array("2013-03-11T00:00:00Z,9\n".utf8)
            let r = try load([write("huge-\(before)-\(after).csv", bytes: bytes)])
            #expect(r.rowsRead == before + after + 2 && r.skipped == 1)
            #expect(r.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == ["\(before + 2):1: record longer than 32 MB"])
            let found = try rows(r, Self.day(2013, 3, 10), Self.day(2013, 3, 11))
            let expected = (0..<before).map { k in "huge-\(before)-\(after).csv:\(k + 2)  2013-03-10T0\(k % 10):00:00Z,\(k)" }
                + (0..<after).map { k in "huge-\(before)-\(after).csv:\(before + k + 3)  2013-03-10T2\(k % 4):00:00Z,\(100 + k)" }
            Self.expectSame(found, expected)
        }
    }
}
