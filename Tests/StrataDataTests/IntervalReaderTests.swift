import Testing
@testable import StrataData

/// Reading intervals: where each row ends (`--end` in any time format the
/// readers know, `--duration` in every form, or a column named like an
/// end), why a row is skipped, and the DST day's 25 hours.
struct IntervalReaderTests {
    static let berlin = CalendarSystem(zone: ZoneRules(named: "Europe/Berlin")!)

    /// Each interval's start and end in the order read.
    static func spans(_ r: LoadResult) -> [[Int64]] {
        r.intervals!.bySeries.flatMap { $0 }.map { [$0.start, $0.end] }
    }

    /// Skipped rows as `FILE:LINE:COLUMN: reason`, the file by its base name.
    static func skipped(_ r: LoadResult) -> [String] {
        r.firstSkipped.map { $0.description.split(separator: "/").last.map(String.init) ?? "" }
    }

    @Test func endColumnsInSeveralFormats() throws {
        let r = try Fixture.load("""
            start,finish_time,job
            2024-03-10T09:00:00Z,2024-03-10T10:30:00Z,a
            2024-03-10T11:00:00Z,1710070200,b
            2024-03-10T12:00:00Z,10/03/2024 12:45,c
            """) { $0.endColumn = "finish_time" }
        // One end column holds one format: the first (ISO) reads, the others are skipped with a reason.
        #expect(Self.spans(r) == [[Fixture.utc(2024, 3, 10, 9), Fixture.utc(2024, 3, 10, 10, 30)]])
        #expect(r.skipped == 2)

        let end = Fixture.utc(2024, 3, 10, 10, 30)
        let texts = ["2024-03-10 10:30", "1710066600", "\"Sun, 10 Mar 2024 10:30:00 +0000\"", "2024-03-10T11:30:00+01:00"]
        for text in texts {
            let r = try Fixture.load("start,until\n2024-03-10T09:00:00Z,\(text)\n2024-03-10T09:10:00Z,\(text)\n") { $0.endColumn = "until" }
            #expect(Self.spans(r).first == [Fixture.utc(2024, 3, 10, 9), end], "\(text)")
            #expect(r.valueName == ColumnNames.intervalDuration)
        }
    }

    @Test(arguments: ["5400", "5400.0", "90m", "1h30m", "1h 30m", "90 min", "01:30:00", "1:30", "5400s"])
    func durationForms(_ text: String) throws {
        let r = try Fixture.load("when,length\n2024-03-10T09:00:00Z,\(text)\n") { $0.durationColumn = "length" }
        let start = Fixture.utc(2024, 3, 10, 9)
        #expect(Self.spans(r) == [[start, start + 5400]])
        #expect(r.accumulator.intervalTotal(series: 0) == Stats(value: 5400))
    }

    @Test func daysAndSecondsAddUp() throws {
        let r = try Fixture.load("when,duration\n2024-03-10T00:00:00Z,2d 3h 4m 5s\n")
        let seconds: Double = 2 * 86_400 + 3 * 3600 + 4 * 60 + 5
        #expect(r.accumulator.intervalTotal(series: 0).sum == seconds)
    }

    @Test func skipReasonsNameLineAndColumn() throws {
        let r = try Fixture.load("""
            start,duration
            2024-03-10T09:00:00Z,1h
            2024-03-10T09:00:00Z,
            2024-03-10T09:00:00Z,-30m
            2024-03-10T09:00:00Z,soon
            2024-03-10T09:00:00Z,0
            """) { $0.durationColumn = "duration"; $0.skippedToKeep = 10 }
        #expect(Self.skipped(r) == [
            "data.csv:3:22: missing duration in column \"duration\"",
            "data.csv:4:22: negative duration \"-30m\"",
            "data.csv:5:22: duration \"soon\" is not seconds, 90m, 1h30m or 01:30:00",
        ])
        // Zero length is kept: an instant, counted with no time spent.
        #expect(r.accepted == 2 && r.skipped == 3 && r.rowsRead == 5)
        #expect(r.accumulator.intervalTotal(series: 0).count == 2)
        #expect(r.accumulator.intervalTotal(series: 0).min == 0)
    }

    @Test func aDashOrNAIsAMissingDurationNotANegativeOne() throws {
        // A jobs table writes `-` for a job with no length, as Zeek and access logs do.
        let r = try Fixture.load("""
            start,duration
            2024-03-10T09:00:00Z,1h
            2024-03-10T10:00:00Z,-
            2024-03-10T11:00:00Z,NA
            2024-03-10T12:00:00Z,30m
            2024-03-10T13:00:00Z,2h
            """) { $0.skippedToKeep = 10 }
        #expect(Self.skipped(r) == [
            "data.csv:3:22: missing duration in column \"duration\"",
            "data.csv:4:22: missing duration in column \"duration\"",
        ])
        #expect(Self.spans(r) == [[Fixture.utc(2024, 3, 10, 9), Fixture.utc(2024, 3, 10, 10)],
                                  [Fixture.utc(2024, 3, 10, 12), Fixture.utc(2024, 3, 10, 12, 30)],
                                  [Fixture.utc(2024, 3, 10, 13), Fixture.utc(2024, 3, 10, 15)]])
    }

    @Test func aDurationColumnMostlyWithoutOneIsAValueNotTheRowsLengths() throws {
        // Three rows in four have no length: read as intervals, three rows in four would be skipped.
        var text = "start,job,duration\n"
        for i in 0..<40 {
            text += "\(Self.iso(Fixture.utc(2024, 2, 1) + Int64(i) * 600)),backup,\(i % 4 == 0 ? "\(i + 5)" : "-")\n"
        }
        let r = try Fixture.load(text)
        #expect(r.intervals == nil)
        #expect(r.notes.contains("value: column \"duration\"") && !r.notes.contains { $0.hasPrefix("duration:") })
        #expect(r.accepted == 40 && r.skipped == 0)
        // The ten lengths, 5, 9, 13 … 41 seconds; the dashes are no value.
        let total = Fixture.minutes(r).reduce(Stats()) { var s = $0; s.merge($1.1); return s }
        #expect(total.count == 10 && total.sum == 230)
    }

    @Test func anIntervalFarLongerThanTheOthersIsSkipped() throws {
        // 25-minute shows, one of them ending a century later (a typo for 2024):
        // kept, it would fill every page up to 2124 and open the app there.
        var text = "start,end\n"
        for i in 0..<20 {
            let start = Fixture.utc(2024, 10, 21, 5) + Int64(i) * 1800
            text += "\(Self.iso(start)),\(Self.iso(start + 1500))\n"
        }
        text += "2024-10-21T16:00:00Z,2124-10-21T16:25:00Z\n"
        let r = try Fixture.load(text) { $0.skippedToKeep = 10 }
        #expect(Self.skipped(r) == ["data.csv:22:22: interval of 36524 d is over 10000 times the usual 25 min"])
        #expect(r.accepted == 20 && r.skipped == 1 && r.rowsRead == 21)

        // Two months late, under that factor: kept, and pointed out.
        let late = try Fixture.load(text.replacingOccurrences(of: "2124-10-21T16:25", with: "2024-12-20T16:25"))
        #expect(late.accepted == 21)
        #expect(late.notes.contains("intervals: the longest, at data.csv:22, lasts 60 d, over 1000 times the usual 25 min: a typo in its end?"))
        #expect(!r.notes.contains { $0.hasPrefix("intervals: the longest") })

        // Half the sample, so the usual length itself: 7,000 years of minutes would not fit in memory.
        let half = try Fixture.load("start,end\n2024-10-21T05:00:00Z,2024-10-21T05:25:00Z\n2024-10-21T05:00:00Z,9024-10-21T05:30:00Z\n") {
            $0.skippedToKeep = 10
        }
        #expect(Self.skipped(half) == ["data.csv:3:22: interval of 2556697 d is too long to count minute by minute"])
        // Counted hour by hour (no hour level), a century is fine.
        let hourly = try Fixture.load("start,duration\n2024-10-21T05:00:00Z,36524d\n", baseUnit: .hour) { $0.durationColumn = "duration" }
        #expect(hourly.accepted == 1)
    }

    static func iso(_ t: Int64) -> String {
        let c = CalendarSystem(zone: .utc).localTime(at: t)
        return "\(c.date.isoString)T\(Digits.pad(c.hour, 2)):\(Digits.pad(c.minute, 2)):00Z"
    }

    @Test func endBeforeStartAndEmptyEndAreSkipped() throws {
        let r = try Fixture.load("""
            start,end
            2024-03-10T09:00:00Z,2024-03-10T08:00:00Z
            2024-03-10T09:00:00Z,
            2024-03-10T09:00:00Z,2024-03-10T09:00:00Z
            2024-03-10T09:00:00Z,2024-03-10T09:45:00Z
            """) { $0.skippedToKeep = 10 }
        #expect(Self.skipped(r) == [
            "data.csv:2:22: end \"2024-03-10T08:00:00Z\" is before the start",
            "data.csv:3:22: empty end in column \"end\"",
        ])
        #expect(Self.spans(r) == [[Fixture.utc(2024, 3, 10, 9), Fixture.utc(2024, 3, 10, 9)],
                                  [Fixture.utc(2024, 3, 10, 9), Fixture.utc(2024, 3, 10, 9, 45)]])
    }

    @Test(arguments: ["end", "stop", "finish", "ended_at", "End"])
    func endColumnsArePickedByName(_ name: String) throws {
        let r = try Fixture.load("begin,\(name),what\n2024-03-10T09:00:00Z,2024-03-10T09:30:00Z,news\n2024-03-10T09:30:00Z,2024-03-10T10:00:00Z,film\n")
        #expect(r.notes.contains { $0.hasPrefix("end: column \"\(name)\"") })
        #expect(r.notes.contains("label: column \"what\" (--label picks another)"))
        #expect(r.accumulator.intervalTotal(series: 0).sum == 3600)
        #expect(r.intervals!.labels == ["news", "film"])
    }

    @Test func durationColumnIsPickedByName() throws {
        let r = try Fixture.load("started_at,duration\n2024-03-10T09:00:00Z,45m\n2024-03-10T10:00:00Z,15m\n")
        #expect(r.notes.contains { $0.hasPrefix("duration: column \"duration\"") })
        #expect(r.accumulator.intervalTotal(series: 0).sum == 3600)
    }

    @Test func aColumnNamedEndThatHoldsNoTimesLeavesRowsInstants() throws {
        let r = try Fixture.load("time,end,value\n2024-03-10T09:00:00Z,yes,4\n2024-03-10T10:00:00Z,no,5\n")
        #expect(!r.accumulator.holdsIntervals)
        #expect(r.valueName == "value")
    }

    @Test func seriesIsTheColumnWhoseIntervalsNeverOverlap() throws {
        let r = try Fixture.load("""
            channel,genre,start,end
            A,news,2024-03-10T09:00:00Z,2024-03-10T10:00:00Z
            B,news,2024-03-10T09:30:00Z,2024-03-10T10:30:00Z
            A,film,2024-03-10T10:00:00Z,2024-03-10T11:00:00Z
            B,film,2024-03-10T10:30:00Z,2024-03-10T11:30:00Z
            """)
        #expect(r.seriesNames == ["A", "B"])
        #expect(r.notes.contains("series: column \"channel\" (no two of its intervals overlap; --series none turns this off)"))
    }

    /// Sixty channels of hour-long programmes over two days are the
    /// channels' timelines whatever the order of the rows: by time, the
    /// sample holds every channel at once, more than the fifty series a
    /// picture of points keeps apart.
    @Test(arguments: [false, true])
    func sixtyChannelsAreTheSeriesInEveryOrder(byChannel: Bool) throws {
        let iso = { (t: Int64) in CalendarSystem(zone: .utc).localTime(at: t).isoString }
        var rows = (0..<48).flatMap { h in (0..<60).map { c in (c, h) } }
        if byChannel { rows.sort { $0 < $1 } }
        let text = "channel,title,start,end\n" + rows.map { c, h in
            let start = Fixture.utc(2024, 3, 10) + Int64(h) * 3600
            return "ch\(c),show \((c + h) % 7),\(iso(start)),\(iso(start + 3600))\n"
        }.joined()
        let r = try Fixture.load(text)
        #expect(r.seriesNames.count == 60 && r.seriesNames.first == "ch0", "\(r.notes)")
        #expect(r.notes.contains("series: column \"channel\" (no two of its intervals overlap; --series none turns this off)"))
    }

    /// A title rerun at other hours on one channel splits the programmes
    /// too, but the channels are fewer: they are the series, whichever
    /// column comes first.
    @Test func ofTwoColumnsThatSplitTheIntervalsTheFewerNamesAreTheSeries() throws {
        let iso = { (t: Int64) in CalendarSystem(zone: .utc).localTime(at: t).isoString }
        let text = "title,channel,start,end\n" + (0..<24).flatMap { h in ["A", "B", "C"].map { c in
            let start = Fixture.utc(2024, 3, 10) + Int64(h) * 3600
            return "\(c)-\(h % 4),\(c),\(iso(start)),\(iso(start + 3600))\n"
        } }.joined()
        let r = try Fixture.load(text)
        #expect(r.seriesNames == ["A", "B", "C"], "\(r.notes)")
    }

    /// Hour-long jobs starting seconds apart: the bars are no finer than the
    /// jobs (hours, on the day level), as each job is split into every bar it covers.
    @Test func levelsFitTheIntervalsLengthNotOnlyTheirSpacing() throws {
        let iso = { (t: Int64) in CalendarSystem(zone: .utc).localTime(at: t).isoString }
        var rows = "start,end\n"
        for i in 0..<400 {
            let start = Fixture.utc(2024, 3, 1) + Int64(i) * 30 + Int64(i % 7)
            rows += "\(iso(start)),\(iso(start + 3600))\n"
        }
        let result = try Fixture.withFile("jobs.csv", rows) { (path) throws(ReadError) in
            var setup = LoadSetup()
            setup.fallbackZone = .utc
            return try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup)
        }
        #expect(result.levels.first == .day)
        #expect(result.notes.contains { $0.contains("intervals about 1 h long") })
    }

    /// 2024-10-27 in Europe/Berlin has 25 hours: 01:30 to 03:30 on the wall clock lasts 3 hours.
    @Test func dstOverlapOnTheLongDay() throws {
        let r = try Fixture.load("start,end\n2024-10-27 01:30,2024-10-27 03:30\n", calendar: Self.berlin, baseUnit: .hour)
        let start = Fixture.utc(2024, 10, 27, 1, 30, offset: 7200)
        #expect(Self.spans(r) == [[start, start + 3 * 3600]])
        let dataset = Dataset(loaded: r, levels: [.day])
        let page = dataset.page(.day, index: 0)
        #expect(page.buckets.count == 25)
        #expect(page.stats == Stats(value: 3 * 3600))
        // 01:30–02:00, the first 02:00 (+02:00), the second (+01:00), 03:00–03:30.
        #expect(page.buckets[1...4].map(\.stats.sum) == [1800, 3600, 3600, 1800])
        #expect(page.buckets[1...4].map(\.stats.count) == [1, 1, 1, 1])
    }

    /// A file read by two threads gives the same intervals, labels and lines as one read whole.
    @Test func twoThreadsReadTheSameIntervals() throws {
        var text = "channel,title,start,end\n"
        for i in 0..<3000 {
            let start = Fixture.utc(2024, 3, 1) + Int64(i / 3) * 600
            text += "c\(i % 3),show \(i % 7),\(start),\(start + 600 + Int64(i % 3) * 60)\n"
        }
        func load(split: Int64) throws -> [[String]] {
            let r = try Fixture.load(text, baseUnit: .hour) { $0.endColumn = "end"; $0.seriesColumn = "channel"; $0.splitThreshold = split }
            #expect(r.accepted == 3000)
            return r.intervals!.bySeries.map { $0.map { "\($0.start) \($0.end) \(r.intervals!.label($0)) \(r.intervals!.location($0)!)" } }
        }
        let whole = try load(split: 1 << 40)
        #expect(whole.map(\.count) == [1000, 1000, 1000])
        #expect(try load(split: 1024) == whole)
    }

    @Test func jsonLinesIntervals() throws {
        let r = try Fixture.load("""
            {"at":"2024-03-10T09:00:00Z","stop":"2024-03-10T09:20:00Z","name":"x"}
            {"at":"2024-03-10T10:00:00Z","stop":"2024-03-10T09:00:00Z","name":"y"}
            """, name: "d.jsonl")
        #expect(Self.spans(r) == [[Fixture.utc(2024, 3, 10, 9), Fixture.utc(2024, 3, 10, 9, 20)]])
        #expect(Self.skipped(r) == ["d.jsonl:2:37: end \"2024-03-10T09:00:00Z\" is before the start"])
    }

    @Test func aPeriodsRowsIncludeIntervalsRunningIntoIt() throws {
        try Fixture.withFile("tv.csv", """
            start,end,title
            2024-03-09T22:00:00Z,2024-03-10T01:00:00Z,late film
            2024-03-10T05:00:00Z,2024-03-10T06:00:00Z,news
            2024-03-11T05:00:00Z,2024-03-11T06:00:00Z,news
            """) { path in
            let r = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .hour)
            let rows = try r.rowLocator.rows(from: Fixture.utc(2024, 3, 10), to: Fixture.utc(2024, 3, 11), limit: 10)
            #expect(rows.map(\.line) == [2, 3])
        }
    }
}
