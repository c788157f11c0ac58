import Testing
@testable import StrataData

/// What the options change in the picks that `ShapeTests` checks without them.
struct PickOverrideTests {
    static let hourly = "time,city,temp\n" + (0..<6).map { h in
        ["oslo", "rome"].map { "2024-01-01T0\(h):00:00-05:00,\($0),\(h)" }.joined(separator: "\n")
    }.joined(separator: "\n") + "\n"

    static func load(_ text: String, setup: LoadSetup = LoadSetup(),
                     _ configure: (inout ReadOptions) -> Void = { _ in }) throws(ReadError) -> LoadResult {
        var setup = setup
        setup.fallbackZone = .utc
        let options = Fixture.options(configure)
        return try Fixture.withFile("data.csv", text) { path throws(ReadError) in
            try DataLoader.load([.file(path)], options: options, setup: setup)
        }
    }

    @Test func seriesNoneTurnsTheFoundSeriesOff() throws {
        #expect(try Self.load(Self.hourly).seriesNames == ["oslo", "rome"])
        let off = try Self.load(Self.hourly) { $0.seriesColumn = "none" }
        #expect(off.seriesNames.isEmpty && off.seriesColumn == nil)
    }

    @Test func tzAndLevelsOverrideThePicks() throws {
        #expect(try Self.load(Self.hourly).calendar.zone.displayName == "UTC-05:00")
        var setup = LoadSetup()
        setup.zone = ZoneRules(named: "Europe/Berlin")
        setup.levels = [.day, .week]
        setup.startLevel = .year
        let r = try Self.load(Self.hourly, setup: setup)
        #expect(r.calendar.zone.displayName == "Europe/Berlin")
        #expect(r.levels == [.day, .week, .year])
        #expect(r.accumulator.baseUnit == .hour)
    }

    @Test func aStartLevelFinerThanThePicksAddsItAndItsBuckets() throws {
        var setup = LoadSetup()
        setup.startLevel = .hour
        let r = try Self.load("date,n\n2024-01-01,1\n2024-01-02,2\n2024-01-03,3\n2024-02-03,3\n", setup: setup)
        #expect(r.levels == [.hour, .week, .month])
        #expect(r.accumulator.baseUnit == .minute)
    }

    @Test func timePartsJoinedByHand() throws {
        let r = try Fixture.load("yr,mo,d,h,n\n2013,1,2,5,1\n2013,1,2,6,2\n") { $0.timeColumn = "yr+mo+d+h" }
        #expect(r.timeName == "yr+mo+d+h")
        #expect(Fixture.minutes(r).map(\.0) == [Fixture.utc(2013, 1, 2, 5), Fixture.utc(2013, 1, 2, 6)])
    }

    @Test func aDayOfTheMonthIsNeverAnEpochTime() {
        let error = Fixture.error("day,n\n1,5\n2,6\n31,7\n") { $0.timeColumn = "day" }
        #expect(error?.message.contains("values like \"1\" are not times") == true)
    }

    @Test func eventsCountRowsEvenWithAValueColumn() throws {
        let r = try Self.load("time,bytes\n2024-01-01T10:00:03Z,5\n2024-01-01T10:00:03Z,6\n2024-01-01T10:00:41Z,9\n")
        #expect(r.countsRows && r.suggestedAggregate == .count)
        #expect(r.notes.contains { $0.contains("--value bytes sums a column") })
        // The hint pastes into a shell: a name of more than one word quoted, a column with no name by number.
        let rows = "2024-01-01T10:00:03Z,5\n2024-01-01T10:00:03Z,6\n2024-01-01T10:00:41Z,9\n"
        #expect(try Self.load("time,Bob's ($)\n" + rows).notes.contains { $0.contains("--value 'Bob'\\''s ($)' sums a column") })
        #expect(try Self.load(rows) { $0.header = false }.notes.contains { $0.contains("--value 2 sums a column") })
        let chosen = try Self.load("time,bytes\n2024-01-01T10:00:03Z,5\n2024-01-01T10:00:03Z,6\n") { $0.valueColumn = "bytes" }
        #expect(!chosen.countsRows && chosen.suggestedAggregate == .sum)
    }

    /// Requests shuffled, times in epoch ms: the hint names the latency, a measure, not the result before it,
    /// a code of three values (200, 404, 500) on many rows, told by its values (a column named `status` is a code by its name).
    @Test func theHintNamesAMeasureBeforeACode() throws {
        var random = SplitMix(seed: 12)
        let rows = (0..<300).map { _ in
            let ms = 1_700_000_000_000 + Int(random.next() % 86_400_000), status = [200, 200, 200, 404, 500][Int(random.next() % 5)]
            return "\(ms)\t\(status)\t\(5 + random.next() % 900)\t\(100 + random.next() % 9_000)"
        }
        let r = try Fixture.withFile("req.tsv", "time\tresult\tlatency_ms\tbytes\n" + rows.joined(separator: "\n") + "\n") { path in
            try DataLoader.load([.file(path)], options: Fixture.options(), setup: LoadSetup())
        }
        #expect(r.countsRows, "\(r.notes)")
        #expect(r.notes.contains { $0.contains("--value latency_ms sums a column") }, "\(r.notes)")
        #expect(r.otherValues.map(\.name) == ["result", "latency_ms", "bytes"])
        // Asked for a mean or a percentile (`--agg p99`), the same rows are read by that measure:
        // every counted row is worth 1, and a percentile of ones says nothing.
        let p99 = try Fixture.withFile("req.tsv", "time\tresult\tlatency_ms\tbytes\n" + rows.joined(separator: "\n") + "\n") { path in
            try DataLoader.load([.file(path)], options: Fixture.options { $0.asksValues = true }, setup: LoadSetup())
        }
        #expect(!p99.countsRows && p99.valueName == "latency_ms", "\(p99.notes)")
        #expect(p99.notes.contains("value: column \"latency_ms\""), "\(p99.notes)")
        // An access log's time taken, not its bytes, the first amount in its fields.
        let log = try LogRecordTests.load(LogRecordTests.text("access-hour.log"), name: "access.log", road: .file) { $0.asksValues = true }
        #expect(log.valueName == "request_time", "\(log.notes)")
        // With no number to read, the rows stay counted, and the note says why a mean of them is 1.
        let words = try Self.load("time,word\n2024-01-01T10:00:03Z,a\n2024-01-01T10:00:41Z,b\n") { $0.asksValues = true }
        #expect(words.notes.contains("value: none, counting rows (no column holds numbers: --agg reads each row as 1)"), "\(words.notes)")
    }

    @Test func eventsKeepTheirValueColumnsForV() throws {
        let text = "time,dep_delay,arr_delay\n2013-01-01T05:00:00Z,3,\n2013-01-01T05:00:00Z,4,-2\n2013-01-01T06:00:00Z,,7\n"
        let r = try Fixture.load(text)
        #expect(r.valueName == "rows" && r.skipped == 0)
        #expect(r.otherValues.map(\.name) == ["dep_delay", "arr_delay"])
        let d = Dataset(loaded: r, levels: [.day])
        // Three flights; two with an arrival delay, whose empty one is no value.
        #expect(d.stats(.day, index: 0).count == 3)
        #expect(d.stats(.day, index: 0, value: 2).count == 2)
        #expect(d.stats(.day, index: 0, value: 2).sum == 5)
        #expect(d.page(.day, index: 0, value: 1).buckets[5].stats.sum == 7)
    }

    @Test func otherValuesSurviveTheTwoThreadRead() throws {
        let rows = (0..<5000).map { i in "2024-01-0\(1 + i / 1000)T\(String(i % 24).leftPadded(2)):00:00Z,\(i % 7),\(i % 5)" }
        let text = "time,a,b\n" + rows.joined(separator: "\n") + "\n"
        let one = try Fixture.load(text) { $0.valueColumn = "a"; $0.splitThreshold = .max }
        let two = try Fixture.load(text) { $0.valueColumn = "a"; $0.splitThreshold = 1 }
        #expect(one.otherValues.map(\.name) == ["b"] && two.otherValues.map(\.name) == ["b"])
        #expect(one.otherValues[0].accumulator.buckets == two.otherValues[0].accumulator.buckets)
        #expect(two.otherValues[0].accumulator.rowCount == 5000)
    }

    @Test func aNumberPassedOverForTheValueIsNamedWithWhy() throws {
        let rows = (1...12).map { "2024-01-\(String(format: "%02d", $0)),\($0)" }.joined(separator: "\n")
        let counted = try Self.load("date,n\n" + rows + "\n")
        #expect(counted.notes.contains("value: none, counting rows (\"n\" counts 1, 2, 3… like a row number; --value n sums it)"))
        // Named value, it is the value whatever it holds.
        let named = try Self.load("date,value\n" + rows + "\n")
        #expect(named.notes.contains("value: column \"value\""))
    }

    /// The sample (the first 100 rows) all say +02:00; later rows say +01:00,
    /// as when summer time ends: the zone is not taken from the sample then,
    /// but is one whose clock changes so (read again in it).
    @Test func anOffsetThatChangesAfterTheSampleIsNotTheZone() throws {
        let rows = (0..<150).map { "2024-10-26T\(String(format: "%02d", $0 % 24)):00:00+02:00,\($0 % 7)" }
            + (0..<50).map { "2024-10-28T\(String(format: "%02d", $0 % 24)):00:00+01:00,\($0 % 5)" }
        let r = try Self.load("time,n\n" + rows.joined(separator: "\n") + "\n")
        #expect(r.calendar.zone.displayName == "CET")
        #expect(r.notes.contains("zone: CET (its clock goes +02:00 to +01:00 as the times do; --tz overrides)"))
        #expect(r.notes.count { $0.hasPrefix("zone:") } == 1)
        #expect(r.accepted == 200)
        // Summer time ending in New York: a US zone.
        let newYork = try Self.load("time,n\n2024-11-02T12:00:00-04:00,1\n2024-11-03T12:00:00-05:00,1\n")
        #expect(newYork.calendar.zone.displayName == "EST5EDT")
        // Offsets no zone's clock goes through: the fallback, saying so.
        let odd = try Self.load("time,n\n" + rows.prefix(150).joined(separator: "\n") + "\n2024-10-28T00:00:00-07:00,1\n")
        #expect(odd.calendar.zone.displayName == "UTC")
        #expect(odd.notes.contains("zone: UTC (times carry offsets no zone's clock has; --tz overrides)"))
        // One offset all through: that offset is the zone.
        let single = try Self.load("time,n\n" + rows.prefix(150).joined(separator: "\n") + "\n")
        #expect(single.calendar.zone.displayName == "UTC+02:00")
    }
}
