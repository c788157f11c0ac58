import Foundation
import Testing
@testable import StrataData

/// Following a file as it grows: after every poll the result equals a
/// load of what the file has held (every row counted once), whether lines
/// are appended, half-written, cut short, or the file is rotated or removed.
struct FileFollowerTests {
    static let header = "time,city,value"

    /// Rows `range` of a day of readings every 10 minutes from 2024-03-01, two cities.
    static func rows(_ range: Range<Int>) -> String {
        range.map { k in
            let minutes = k * 10
            let time = String(format: "2024-03-01T%02d:%02d:00Z", minutes / 60 % 24, minutes % 60)
            return "\(time),\(k % 2 == 0 ? "Oslo" : "Bergen"),\(Double(k % 7) / 4)\n"
        }.joined()
    }

    static func load(_ path: String) throws -> LoadResult {
        var setup = LoadSetup()
        setup.levels = [.hour, .day]
        return try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup)
    }

    /// The result's buckets by series name, and its accounting.
    static func summary(_ result: LoadResult) -> [String] {
        var all = result.accumulator
        all.flush()
        var lines = ["read \(result.rowsRead) accepted \(result.accepted) skipped \(result.skipped)"]
        for (s, name) in result.seriesNames.enumerated() {
            let run = all.sortedBuckets(series: s)
            lines += zip(run.ordinals, run.stats).map { "\(name) \($0) \($1.count) \($1.sum) \($1.min) \($1.max)" }
        }
        return lines.sorted()
    }

    static func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    static func follower(_ path: String) throws -> FileFollower {
        return try #require(FileFollower(path: path, result: try load(path), options: Fixture.options()))
    }

    @Test func appendedRowsAreAddedAndAHalfWrittenLineWaitsForItsNewline() throws {
        try Fixture.withFile("log.csv", Self.header + "\n" + Self.rows(0..<50)) { path in
            let follower = try Self.follower(path)
            #expect(try follower.poll() == nil)
            try Self.append(Self.rows(50..<80), to: path)
            let grown = try #require(try follower.poll())
            #expect(grown.change == nil)
            #expect(Self.summary(grown.result) == Self.summary(try Self.load(path)))
            // Half a line: nothing yet; its end: the row.
            let line = Self.rows(80..<81)
            try Self.append(String(line.prefix(12)), to: path)
            #expect(try follower.poll() == nil)
            try Self.append(String(line.dropFirst(12)), to: path)
            let whole = try #require(try follower.poll())
            #expect(whole.result.accepted == 81)
            #expect(Self.summary(whole.result) == Self.summary(try Self.load(path)))
        }
    }

    @Test func aBadAppendedRowIsSkippedWithItsLine() throws {
        try Fixture.withFile("log.csv", Self.header + "\n" + Self.rows(0..<10)) { path in
            let follower = try Self.follower(path)
            try Self.append("not a time,Oslo,1\n" + Self.rows(10..<12), to: path)
            let grown = try #require(try follower.poll())
            #expect(grown.result.skipped == 1)
            #expect(grown.result.accepted == 12)
            #expect(grown.result.firstSkipped.first?.line == 12)
        }
    }

    @Test func aTruncatedFileIsReadAgainFromItsStart() throws {
        try Fixture.withFile("log.csv", Self.header + "\n" + Self.rows(0..<50)) { path in
            let follower = try Self.follower(path)
            try Data((Self.header + "\n" + Self.rows(100..<110)).utf8).write(to: URL(fileURLWithPath: path))
            let again = try #require(try follower.poll())
            #expect(again.change == .truncated)
            #expect(Self.summary(again.result) == Self.summary(try Self.load(path)))
            try Self.append(Self.rows(110..<115), to: path)
            #expect(try follower.poll()?.result.accepted == 15)
            // Emptied to its header: no rows, and the screen goes on.
            try Data((Self.header + "\n").utf8).write(to: URL(fileURLWithPath: path))
            let emptied = try #require(try follower.poll())
            #expect(emptied.change == .truncated && emptied.result.accepted == 0)
        }
    }

    /// With `--where`, the rows it passed over are counted afresh too: every row read is accepted, skipped or filtered out.
    @Test func aTruncatedFileCountsItsFilteredRowsAfresh() throws {
        try Fixture.withFile("log.csv", Self.header + "\n" + Self.rows(0..<50)) { path in
            let options = Fixture.options { $0.filter = try? RowFilter.parse("city = Oslo") }
            var setup = LoadSetup()
            setup.levels = [.hour, .day]
            let loaded = try DataLoader.load([.file(path)], options: options, setup: setup)
            #expect(loaded.filteredOut == 25)
            let follower = try #require(FileFollower(path: path, result: loaded, options: options))
            try Data((Self.header + "\n" + Self.rows(100..<110)).utf8).write(to: URL(fileURLWithPath: path))
            let again = try #require(try follower.poll())
            #expect(again.change == .truncated)
            #expect((again.result.rowsRead, again.result.accepted, again.result.filteredOut) == (10, 5, 5))
        }
    }

    @Test func aRotatedFileKeepsItsRowsAndTheNewOneIsReadFromItsStart() throws {
        try Fixture.withFolder { folder in
            let path = Fixture.write("log.csv", Self.header + "\n" + Self.rows(0..<40), in: folder)
            let follower = try Self.follower(path)
            // Lines written just before the rename are read from the old file.
            try Self.append(Self.rows(40..<45), to: path)
            try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
            _ = Fixture.write("log.csv", Self.header + "\n" + Self.rows(45..<60), in: folder)
            let rotated = try #require(try follower.poll())
            #expect(rotated.change == .rotated)
            let whole = Fixture.write("whole.csv", Self.header + "\n" + Self.rows(0..<60), in: folder)
            #expect(Self.summary(rotated.result) == Self.summary(try Self.load(whole)))
        }
    }

    /// A file cut and written again longer between two polls (`cp new.csv
    /// log.csv`) is read from its start, not taken for grown: its size
    /// alone cannot tell, its first bytes and those before the offset do.
    @Test func aFileCutAndRegrownWithinAPollIsReadAgain() throws {
        try Fixture.withFile("log.csv", Self.header + "\n" + Self.rows(0..<17)) { path in
            let follower = try Self.follower(path)
            let new = Self.header + "\n" + Self.rows(0..<30).replacingOccurrences(of: "2024-03-01", with: "2024-03-03")
            try Data(new.utf8).write(to: URL(fileURLWithPath: path))
            let again = try #require(try follower.poll())
            #expect(again.change == .truncated)
            #expect(Self.summary(again.result) == Self.summary(try Self.load(path)))
        }
    }

    /// A writer that goes on appending to the file it had open after it was
    /// renamed away: its lines count for ten more polls (a second at the
    /// follow loop's pace), then the old file is let go.
    @Test func linesWrittenToARotatedFileAreReadAWhileLonger() throws {
        try Fixture.withFolder { folder in
            let path = Fixture.write("log.csv", Self.header + "\n" + Self.rows(0..<40), in: folder)
            let follower = try Self.follower(path)
            try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
            _ = Fixture.write("log.csv", Self.header + "\n" + Self.rows(45..<60), in: folder)
            #expect(try follower.poll()?.change == .rotated)
            try Self.append(Self.rows(40..<45), to: path + ".1")
            let late = try #require(try follower.poll())
            let whole = Fixture.write("whole.csv", Self.header + "\n" + Self.rows(0..<60), in: folder)
            #expect(late.change == nil)
            #expect(Self.summary(late.result) == Self.summary(try Self.load(whole)))
            for _ in 0..<FileFollower.retiredPolls { _ = try follower.poll() }
            try Self.append(Self.rows(60..<62), to: path + ".1")
            #expect(try follower.poll() == nil)
        }
    }

    /// A new file written without the header the old one had: its first
    /// line is a row, counted, not dropped as a header.
    @Test func aNewFileWithoutTheHeaderKeepsItsFirstRow() throws {
        try Fixture.withFolder { folder in
            let path = Fixture.write("log.csv", Self.header + "\n" + Self.rows(0..<40), in: folder)
            let follower = try Self.follower(path)
            try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
            _ = Fixture.write("log.csv", Self.rows(45..<60), in: folder)
            let rotated = try #require(try follower.poll())
            #expect(rotated.change == .rotated && rotated.result.accepted == 55 && rotated.result.skipped == 0)
            try Data(Self.rows(100..<110).utf8).write(to: URL(fileURLWithPath: path))
            let truncated = try #require(try follower.poll())
            #expect(truncated.change == .truncated && truncated.result.accepted == 10)
        }
    }

    /// A last line half-written when the load began waits for its newline:
    /// `…,1` then `23` appended is one row of 123, not a row of 1 and a bad one.
    @Test func aLastLineHalfWrittenAtTheStartWaitsForItsNewline() throws {
        try Fixture.withFile("log.csv", Self.header + "\n" + Self.rows(0..<10) + "2024-03-01T02:00:00Z,Oslo,1") { path in
            var options = Fixture.options()
            options.endsAtLastLine = true
            var setup = LoadSetup()
            setup.levels = [.hour, .day]
            let loaded = try DataLoader.load([.file(path)], options: options, setup: setup)
            #expect(loaded.accepted == 10)
            let follower = try #require(FileFollower(path: path, result: loaded, options: options))
            try Self.append("23\n", to: path)
            let grown = try #require(try follower.poll())
            #expect(grown.result.accepted == 11 && grown.result.skipped == 0)
            #expect(Self.summary(grown.result) == Self.summary(try Self.load(path)))
        }
    }

    /// An hour of a row a second, appended five at a time between polls:
    /// every row counted once, and what is kept grows with the minutes, not the rows.
    @Test func anHourOfFollowingKeepsBucketsNotRows() throws {
        let start = 1_709_251_200  // 2024-03-01T00:00:00Z
        func second(_ k: Int) -> String {
            let t = start + k
            return String(format: "2024-03-01T%02d:%02d:%02dZ,Oslo,1\n", t / 3600 % 24, t / 60 % 60, t % 60)
        }
        try Fixture.withFile("log.csv", Self.header + "\n" + (0..<5).map(second).joined()) { path in
            let follower = try Self.follower(path)
            var last: LoadResult?
            for batch in 1..<720 {
                try Self.append((batch * 5..<(batch + 1) * 5).map(second).joined(), to: path)
                last = try #require(try follower.poll()).result
            }
            let result = try #require(last)
            #expect(result.accepted == 3600 && result.skipped == 0)
            var all = result.accumulator
            all.flush()
            #expect(all.sortedBuckets(series: 0).ordinals.count == 60)
            #expect(Self.summary(result) == Self.summary(try Self.load(path)))
        }
    }

    /// Intervals appended to a followed file join the timeline's index, labels and lines with them.
    @Test func appendedIntervalsJoinTheTimelinesIndex() throws {
        func shows(_ range: Range<Int>) -> String {
            range.map { k in
                String(format: "2024-03-01T%02d:00:00Z,2024-03-01T%02d:45:00Z,show %d,ch%d\n", k, k, k % 4, k % 2)
            }.joined()
        }
        let options = Fixture.options { $0.endColumn = "end"; $0.labelColumn = "title"; $0.seriesColumn = "channel" }
        var setup = LoadSetup()
        setup.levels = [.day, .week]
        try Fixture.withFile("guide.csv", "start,end,title,channel\n" + shows(0..<10)) { path in
            let loaded = try DataLoader.load([.file(path)], options: options, setup: setup)
            let follower = try #require(FileFollower(path: path, result: loaded, options: options))
            try Self.append(shows(10..<20), to: path)
            let grown = try #require(try follower.poll()).result
            let whole = try DataLoader.load([.file(path)], options: options, setup: setup)
            let index = try #require(grown.intervals), expected = try #require(whole.intervals)
            #expect(index.count == 20)
            for s in expected.bySeries.indices {
                #expect(index.bySeries[s].map { [index.label($0), index.location($0) ?? ""] }
                        == expected.bySeries[s].map { [expected.label($0), expected.location($0) ?? ""] })
            }
        }
    }

    @Test func aRemovedFileIsWaitedFor() throws {
        try Fixture.withFolder { folder in
            let path = Fixture.write("log.csv", Self.header + "\n" + Self.rows(0..<20), in: folder)
            let follower = try Self.follower(path)
            try FileManager.default.removeItem(atPath: path)
            #expect(try follower.poll()?.change == .removed)
            #expect(try follower.poll() == nil)
            _ = Fixture.write("log.csv", Self.header + "\n" + Self.rows(20..<25), in: folder)
            let back = try #require(try follower.poll())
            #expect(back.change == .back)
            #expect(back.result.accepted == 25)
        }
    }

    /// An IIS log's rows under a `#Fields` line of other fields are skipped
    /// as a load of the file skips them, whichever poll brings them: the
    /// load ends under such a block and more of its rows come; a block of the
    /// first fields comes in one poll and its rows in the next; a block of
    /// other fields in one poll and its rows in the next.
    @Test func rowsUnderOtherFieldsAreSkippedWhicheverPollBringsThem() throws {
        typealias Log = DirectiveLogTests
        let otherFields = Log.fieldsIIS.replacingOccurrences(of: " time-taken", with: " cs-bytes time-taken")
        // A row under the other fields: cs-bytes (512) before time-taken.
        func otherRow(_ r: DirectiveLogTests.Request) -> String {
            let row = Log.iisRow(r), last = row.lastIndex(of: " ")!
            return row[..<last] + " 512" + row[last...] + "\r\n"
        }
        let first = Log.requests(20, from: Log.start, seed: 21), other = Log.requests(30, from: Log.start + 3600, seed: 22)
        let again = Log.requests(10, from: Log.start + 3 * 3600, seed: 23), last = Log.requests(5, from: Log.start + 5 * 3600, seed: 24)
        let text = Log.iisBlock(at: Log.start) + first.map { Log.iisRow($0) + "\r\n" }.joined()
            + Log.iisBlock(at: other[0].time, fields: otherFields) + other[..<10].map(otherRow).joined()
        try Fixture.withFile("u_ex261120.log", text) { path in
            let follower = try Self.follower(path)
            // Lines: 4 directives and 20 rows, then the other block's 4 directives, its #Fields the last.
            let otherFieldsLine = 4 + 20 + 4
            let polls = [other[10...].map(otherRow).joined(), Log.iisBlock(at: again[0].time),
                         again.map { Log.iisRow($0) + "\r\n" }.joined(), Log.iisBlock(at: last[0].time, fields: otherFields),
                         last.map(otherRow).joined()]
            for (k, appended) in polls.enumerated() {
                try Self.append(appended, to: path)
                let grown = try #require(try follower.poll())
                let loaded = try Self.load(path)
                #expect(Self.summary(grown.result) == Self.summary(loaded), "poll \(k + 1)")
                #expect(Log.counts(LogRecordTests.hourly(grown.result.accumulator)) == Log.counts(LogRecordTests.hourly(loaded.accumulator)))
                #expect(grown.result.firstSkipped.map(\.line) == loaded.firstSkipped.map(\.line), "poll \(k + 1)")
                #expect(grown.result.firstSkipped.map(\.reason) == loaded.firstSkipped.map(\.reason), "poll \(k + 1)")
            }
            let result = follower.current
            #expect(result.rowsRead == 65 && result.accepted == 30 && result.skipped == 35)
            #expect(Log.counts(LogRecordTests.hourly(result.accumulator)) == Log.counts(Log.perHour(first + again)))
            #expect(result.firstSkipped.first.map { [$0.line, $0.column] } == [otherFieldsLine + 1, 1])
            #expect(result.firstSkipped.first?.reason == "under the #Fields of line \(otherFieldsLine), which names other fields than the first")
        }
    }
}
