import Foundation
import Testing
@testable import StrataData

/// Percentiles through a load: every level's periods, sub-buckets, series
/// and totals merged from the base buckets' sketches, within the bound of
/// the exact ones (exact on small periods), within the memory budget.
struct PercentileTests {
    typealias Numbers = QuantileSketchTests.Numbers

    /// Latencies (log-normal, a few negative corrections) every 5 to 35 s over three days, two hosts.
    static func rows() -> [(time: Int64, host: String, value: Double)] {
        var r = Numbers(seed: 5)
        var t = Fixture.utc(2024, 5, 1)
        return (0..<15_000).map { i in
            t += 5 + Int64(r.uniform() * 30)
            let value = i % 97 == 0 ? -exp(r.normal()) : exp(3 + 1.2 * r.normal())
            return (t, i % 3 == 0 ? "b" : "a", value)
        }
    }

    /// A budget the hosts' minutes and hourly sketches pass, and their hours fit: 312 buckets, 9 sketches.
    static let pastTheBudget: Int64 = 100_000

    static func text(_ rows: [(time: Int64, host: String, value: Double)]) -> String {
        "time,host,latency\n" + rows.map { "\($0.time),\($0.host),\($0.value)" }.joined(separator: "\n") + "\n"
    }

    static func load(_ path: String, budget: Int64?, sketches: Bool = true) throws -> LoadResult {
        var options = Fixture.options {
            $0.valueColumn = "latency"
            $0.seriesColumn = "host"
            $0.memoryBudget = budget
            $0.keepsSketches = sketches
        }
        options.now = nil
        var setup = LoadSetup()
        setup.zone = .utc
        setup.levels = [.hour, .day, .week]
        return try DataLoader.load([.file(path)], options: options, setup: setup)
    }

    @Test func everyPeriodOfEveryLevelAndSeriesIsWithinTheBound() throws {
        let rows = Self.rows()
        let result = try Fixture.withFile("latency.csv", Self.text(rows)) { try Self.load($0, budget: nil) }
        let data = Dataset(loaded: result, levels: result.levels)
        #expect(data.keepsSketches && data.series.count == 3)
        var small = 0
        for level in data.levels {
            for index in 0..<data.count(level) {
                let start = data.calendar.start(of: level.unit, ordinal: data.ordinal(level, index: index))
                let end = data.calendar.end(of: level.unit, ordinal: data.ordinal(level, index: index))
                for (s, name) in data.series.map(\.name).enumerated() {
                    let values = rows.filter { $0.time >= start && $0.time < end && (s == 0 || $0.host == name) }.map(\.value)
                    let page = data.page(level, index: index, series: s)
                    guard !values.isEmpty else { continue }
                    for tenths in [10, 500, 900, 950, 990, 999] {
                        let estimate = page.value(.percentile(tenths))!, truth = QuantileSketchTests.exact(values, Double(tenths) / 1000)
                        if values.count <= QuantileSketch.exactLimit {
                            #expect(estimate == truth, "\(level) \(index) \(name) p\(tenths)")
                        } else {
                            let bound = QuantileSketchTests.bound(values, Double(tenths) / 1000)
                            #expect(abs(estimate - truth) <= bound, "\(level) \(index) \(name) p\(tenths)")
                        }
                    }
                    if values.count <= QuantileSketch.exactLimit { small += 1 }
                }
            }
        }
        #expect(small > 10)
        let all = rows.map(\.value)
        let weeks = data.calendar.start(of: .week, ordinal: data.ordinal(.week, index: 0))
            ..< data.calendar.end(of: .week, ordinal: data.ordinal(.week, index: data.count(.week) - 1))
        let total = data.series[0].total.value(.percentile(990), sketch: data.sketch(from: weeks.lowerBound, to: weeks.upperBound))!
        let truth = QuantileSketchTests.exact(all, 0.99)
        #expect(abs(total - truth) <= 0.01 * truth)
    }

    /// Past the budget the hours' minutes are read back a page at a time,
    /// and the sketches are kept per day, so the days' hours are read back
    /// too, with sketches: every page's sketches are the full load's.
    @Test func pagesReadBackKeepTheFullLoadsSketches() throws {
        try Fixture.withFile("latency.csv", Self.text(Self.rows())) { path in
            let full = try Self.load(path, budget: nil), budgeted = try Self.load(path, budget: 1)
            #expect(full.accumulator.baseUnit == .minute && budgeted.accumulator.baseUnit == .hour)
            #expect(full.accumulator.sketches?.unit == .minute && budgeted.accumulator.sketches?.unit == .day)
            var setup = LoadSetup()
            setup.zone = .utc
            let source = FileSource([.file(path)], options: Fixture.options { $0.keepsSketches = true }, setup: setup, loaded: budgeted)
            let fine = FinePages(source: source, mode: .inline, budget: 1 << 20)
            let reference = Self.sketches(Dataset(loaded: full, levels: full.levels))
            let read = Self.sketches(Dataset(loaded: budgeted, levels: budgeted.levels, finePages: fine))
            #expect(read.count == reference.count)
            for (key, sketches) in reference {
                #expect(sketches.allSatisfy { $0 != nil }, "page \(key) has no sketch")
                if read[key] != sketches { Issue.record("page \(key) differs") }
            }
        }
    }

    /// Past the budget the sketches are kept per day, and an export of the
    /// hours reads theirs back from the file a day at a time: the same
    /// percentiles as the full load's, each within the bound of the exact
    /// one worked out here from the rows.
    @Test func anExportReadsBackTheHoursFinerThanTheSketchesFromTheFile() throws {
        let rows = Self.rows()
        try Fixture.withFile("latency.csv", Self.text(rows)) { path in
            let full = try Self.load(path, budget: nil), budgeted = try Self.load(path, budget: Self.pastTheBudget)
            #expect(budgeted.accumulator.sketches?.unit == .day)
            var setup = LoadSetup()
            setup.zone = .utc
            let source = FileSource([.file(path)], options: Fixture.options { $0.keepsSketches = true }, setup: setup, loaded: budgeted)
            let read = Dataset(loaded: budgeted, levels: budgeted.levels, finePages: FinePages(source: source, mode: .background, budget: 1 << 20))
            var export = ""
            let notes = Exporter.write(read, format: .csv, levels: [.hour, .day], percentiles: [.percentile(900)], to: &export).notes
            #expect(notes.isEmpty)
            let reference = Exporter.export(Dataset(loaded: full, levels: full.levels), format: .csv, levels: [.hour, .day],
                                            percentiles: [.percentile(900)])
            let lines = export.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            #expect(lines.map(\.last) == reference.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).last.map(String.init) })
            // series,level,period,start,end,count,…,p90
            let hours = lines.filter { $0[1] == "hour" && $0[5] != "0" }
            #expect(hours.count > 100)
            let iso = ISO8601DateFormatter()
            for line in hours {
                let start = Int64(try #require(iso.date(from: line[3])).timeIntervalSince1970)
                let values = rows.filter { $0.host == line[0] && $0.time >= start && $0.time < start + 3600 }.map(\.value)
                let truth = QuantileSketchTests.exact(values, 0.9), estimate = try #require(Double(line.last!))
                #expect(abs(estimate - truth) <= max(QuantileSketchTests.bound(values, 0.9), 1e-9 * abs(truth)), "\(line)")
            }
        }
    }

    /// A road that cannot read the file back (a pipe read once) leaves the
    /// hours' percentile empty and says so once; the days have theirs.
    @Test func anExportThatCannotReadBackSaysSo() throws {
        let budgeted = try Fixture.withFile("latency.csv", Self.text(Array(Self.rows().prefix(3000)))) { try Self.load($0, budget: Self.pastTheBudget) }
        var export = ""
        let notes = Exporter.write(Dataset(loaded: budgeted, levels: budgeted.levels), format: .csv, levels: [.hour, .day],
                                   percentiles: [.percentile(900), .percentile(990)], to: &export).notes
        #expect(notes == ["export: p90, p99 of hours left empty: the input is read once and its sketches were kept per day "
                          + "(--memory MB keeps more; a file is read back)"])
        let lines = export.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(lines.contains { $0[1] == "hour" } && lines.contains { $0[1] == "day" })
        for line in lines {
            #expect((line[1] == "hour") == (line.suffix(2) == ["", ""]), "\(line)")
        }
    }

    /// A file's source that counts the bars it is asked to read back.
    final class CountingSource: Source, @unchecked Sendable {
        let file: FileSource
        private let lock = NSLock()
        private var reads = 0
        var fineReads: Int { lock.withLock { reads } }
        init(_ file: FileSource) { self.file = file }

        func describe() throws(ReadError) -> SourceDescription { try file.describe() }
        func coarse(update: @escaping @Sendable (BackgroundLoad.Update) -> Void) throws(ReadError) -> LoadResult { try file.coarse(update: update) }
        func fine(from start: Int64, to end: Int64, unit: TimeUnit, progress: ((Double) -> Bool)?) throws(ReadError) -> FineBuckets? {
            lock.withLock { reads += 1 }
            return try file.fine(from: start, to: end, unit: unit, progress: progress)
        }
        func rows(from start: Int64, to end: Int64, series: Int, limit: Int) throws(ReadError) -> [RawRow] {
            try file.rows(from: start, to: end, series: series, limit: limit)
        }
        func intervals(from start: Int64, to end: Int64, progress: ((Double) -> Bool)?) throws(ReadError) -> IntervalIndex? {
            try file.intervals(from: start, to: end, progress: progress)
        }
        func percentiles(of unit: TimeUnit, from start: Int64, to end: Int64, whole: Bool) throws(ReadError) -> AnsweredPercentiles? { nil }
    }

    /// An export of the hours takes a day's bars a screen has read back
    /// (kept within --memory) as they are, and reads only the other days.
    /// The latency rows' file loaded with their sketches per day, its bars read back through a counting
    /// source into pages of `budget` bytes, after the first day's hours were shown and read
    /// (by a worker, or at once `inline`).
    static func firstDayShown(budget: Int, mode: FinePages.Mode = .background, _ body: (Dataset, CountingSource) throws -> Void) throws {
        try Fixture.withFile("latency.csv", Self.text(Self.rows())) { path in
            let budgeted = try Self.load(path, budget: Self.pastTheBudget)
            var setup = LoadSetup()
            setup.zone = .utc
            let source = CountingSource(FileSource([.file(path)], options: Fixture.options { $0.keepsSketches = true }, setup: setup, loaded: budgeted))
            let fine = FinePages(source: source, mode: mode, budget: budget)
            let dataset = Dataset(loaded: budgeted, levels: budgeted.levels, finePages: fine)
            let shown = dataset.page(.day, index: 0)
            if mode == .background { #expect(shown.fetching) }
            fine.fetch(fine.takeMissed())
            while fine.isFetching { Thread.sleep(forTimeInterval: 0.001) }
            try body(dataset, source)
        }
    }

    /// A page larger than the pages' whole budget is not kept, nor asked
    /// again: it says why where its bars are drawn, rather than read forever;
    /// read by a worker or at once (`inline`, where it was read at every ask and drawn).
    @Test(arguments: [FinePages.Mode.background, .inline])
    func aPageLargerThanTheBudgetSaysSo(_ mode: FinePages.Mode) throws {
        try Self.firstDayShown(budget: 200, mode: mode) { dataset, source in
            let page = dataset.page(.day, index: 0)
            #expect(page.fetching && dataset.barsReadiness(of: page) == .failed("it would not fit in --memory"))
            dataset.finePages!.fetch(dataset.finePages!.takeMissed())
            #expect(source.fineReads == 1 && dataset.finePages!.kept.pages == 0)
        }
    }

    @Test func anExportTakesTheBarsAScreenReadBack() throws {
        try Self.firstDayShown(budget: 1 << 20) { dataset, source in
            let days = dataset.count(.day)
            #expect(days > 1 && source.fineReads == 1 && !dataset.page(.day, index: 0).fetching)
            var export = ""
            _ = Exporter.write(dataset, format: .csv, levels: [.hour], percentiles: [.percentile(900)], to: &export)
            // Each series' rows (a, b) pass over the days in turn: every other day is read once a series, the first never again.
            #expect(source.fineReads == 1 + 2 * (days - 1))
        }
    }

    /// A file removed after its load cannot be read back: the note says why
    /// once, as the line it ends up on says it (stderr puts `strata: ` first, the footer nothing), not `strata: ` inside it.
    @Test func anExportWhoseReadBackFailsSaysWhyWithoutAPrefix() throws {
        let notes = try Fixture.withFile("latency.csv", Self.text(Array(Self.rows().prefix(3000)))) { path in
            let budgeted = try Self.load(path, budget: Self.pastTheBudget)
            var setup = LoadSetup()
            setup.zone = .utc
            let source = FileSource([.file(path)], options: Fixture.options { $0.keepsSketches = true }, setup: setup, loaded: budgeted)
            let read = Dataset(loaded: budgeted, levels: budgeted.levels, finePages: FinePages(source: source, mode: .background, budget: 1 << 20))
            try FileManager.default.removeItem(atPath: path)
            var export = ""
            return Exporter.write(read, format: .csv, levels: [.hour], percentiles: [.percentile(900)], to: &export).notes
        }
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("export: p90 of hours left empty from ") == true, "\(notes)")
        #expect(notes.first?.contains("strata:") == false, "\(notes)")
    }

    /// Every page's sketch, then its sub-buckets' (nil for an empty one's), by level, index and series.
    static func sketches(_ dataset: Dataset) -> [String: [QuantileSketch?]] {
        var pages: [String: [QuantileSketch?]] = [:]
        for level in dataset.levels {
            for index in 0..<dataset.count(level) {
                for s in dataset.series.indices {
                    let page = dataset.page(level, index: index, series: s)
                    if page.fetching { Issue.record("\(level) \(index) is still being read") }
                    pages["\(level) \(index) \(s)"] = [page.sketch] + page.buckets.map { $0.stats.isEmpty ? QuantileSketch() : $0.sketch }
                }
            }
        }
        return pages
    }

    /// Sketches past their share of the budget are kept per coarser period
    /// (a quarter of 64 MB is 6,553 of 2,560 bytes: fewer than three years'
    /// 26,280 hours), the buckets staying as they are; a day's sketch holds its hours' values.
    @Test func sketchesPastTheirLimitAreKeptPerDay() {
        #expect(BucketBudget.sketches(within: 64 << 20) == 6553)
        var acc = Accumulator(calendar: Fixture.utc, baseUnit: .hour)
        acc.keepSketches(unit: .hour)
        acc.sketchLimit = 30
        for h in 0..<48 { acc.add(seconds: Fixture.utc(2013, 3, 4) + Int64(h) * 3600, value: Double(h)) }
        acc.flush()
        #expect(acc.sketches?.unit == .day && acc.baseUnit == .hour)
        let data = Dataset(loaded: LoadResult(accumulator: acc, sourceName: "t.csv", valueName: "v", seriesNames: []), levels: [.day])
        // The second day's 24..47: p50 is 35.5 (numpy's linear), and its hours, finer than a day, have none kept.
        #expect(data.page(.day, index: 1).value(.percentile(500)) == 35.5)
        #expect(data.sketch(from: Fixture.utc(2013, 3, 5), to: Fixture.utc(2013, 3, 5) + 3600) == nil)
    }

    /// Without `keepsSketches` no bucket has one, and a percentile has no value.
    @Test func withoutSketchesThereIsNoPercentile() throws {
        let result = try Fixture.withFile("latency.csv", Self.text(Array(Self.rows().prefix(500)))) { try Self.load($0, budget: nil, sketches: false) }
        let data = Dataset(loaded: result, levels: result.levels)
        #expect(!data.keepsSketches)
        #expect(data.sketchUnit == nil && data.page(.day, index: 0).value(.percentile(500)) == nil && data.page(.day, index: 0).value(.mean) != nil)
    }

    @Test func percentilesAreNamedAsAsked() {
        #expect(Aggregate(rawValue: "p50") == .percentile(500))
        #expect(Aggregate(rawValue: "p99.9") == .percentile(999))
        #expect(Aggregate(rawValue: "p1") == .percentile(10))
        #expect(Aggregate(rawValue: "p90")?.rawValue == "p90")
        #expect(Aggregate(rawValue: "p99.9")?.rawValue == "p99.9")
        for bad in ["p0.5", "p100", "p99.95", "p", "p-5", "p1e1", "pnan", "q50"] { #expect(Aggregate(rawValue: bad) == nil, "\(bad)") }
        #expect(Aggregate.max.next == .percentile(500) && Aggregate.percentile(990).next == .sum)
        #expect(Aggregate.percentile(900).next == .percentile(950) && Aggregate.percentile(999).next == .sum)
    }

    @Test func anExportWritesThePercentileAfterTheMean() {
        var acc = Accumulator(calendar: Fixture.utc, baseUnit: .hour)
        acc.keepSketches(unit: .hour)
        for (k, v) in [1.0, 2, 3, 4, 10].enumerated() { acc.add(seconds: Fixture.utc(2013, 3, 4, 10 + k), value: v, series: 0) }
        let data = Dataset(loaded: LoadResult(accumulator: acc, sourceName: "t.csv", valueName: "v", seriesNames: []), levels: [.day])
        #expect(Exporter.export(data, format: .csv, levels: [.day], percentiles: [.percentile(900)]) == """
        level,period,start,end,count,sum,min,max,mean,p90
        day,2013-03-04,2013-03-04T00:00:00+00:00,2013-03-05T00:00:00+00:00,5,20,1,10,4,7.6

        """)
        #expect(Exporter.export(data, format: .json, levels: [.day], percentiles: [.percentile(500)]).contains(#""mean":4,"p50":3}"#))
    }
}
