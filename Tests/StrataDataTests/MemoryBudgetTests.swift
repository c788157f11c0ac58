import Foundation
import Testing
@testable import StrataData

/// A load within a memory budget keeps the finest level's periods, not its
/// sub-buckets, and reads a page's sub-buckets back from the file when it
/// is shown: every page must equal a full load's, whatever the series,
/// value column or clock change.
struct MemoryBudgetTests {
    typealias Generated = FileSourceTests.Generated

    struct Case: Sendable {
        let levels: [Level]
        let years: Int64
        let gap: Int64
        let columns: Int
        let expected: TimeUnit
    }

    static let cases = [
        // Thirty years of minutes: 15.8M minute buckets do not fit in 64 MB; hours (263k) do.
        Case(levels: [.hour, .day, .week, .month], years: 30, gap: 60, columns: 1, expected: .hour),
        // Three years every 10 s, eight value columns: minutes would take 1.6M × 8 buckets.
        Case(levels: [.hour, .day, .week, .month], years: 3, gap: 10, columns: 8, expected: .hour),
        // Readings a day apart fill one minute a day: they fit.
        Case(levels: [.hour, .day, .week, .month], years: 3, gap: 86_400, columns: 1, expected: .minute),
        // Without an hour level the base is hours: three years of them fit…
        Case(levels: [.day, .week, .month, .year], years: 3, gap: 60, columns: 1, expected: .hour),
        // …thirty (263k) do not, beside the rest: days' hours are read a page at a time.
        Case(levels: [.day, .week, .month, .year], years: 30, gap: 60, columns: 1, expected: .day),
    ]

    @Test(arguments: cases)
    func theBaseUnitFollowsTheBudget(_ c: Case) {
        let span: ClosedRange<Int64> = 0...(c.years * 365 * 86_400)
        #expect(BucketBudget.baseUnit(for: c.levels, budget: 64 << 20, span: span, gap: c.gap, columns: c.columns) == c.expected)
    }

    @Test func threeDaysOfMinutesFit() {
        #expect(BucketBudget.baseUnit(for: [.hour, .day, .week], budget: 64 << 20, span: 0...(3 * 86_400), gap: 60, columns: 1) == .minute)
    }

    @Test func withoutABudgetTheLevelsDecide() {
        #expect(BucketBudget.baseUnit(for: [.hour, .day], budget: nil, span: 0...(30 * 365 * 86_400), gap: 60, columns: 8) == .minute)
    }

    /// Loads `path` on hours, days, weeks and months, within `budget` bytes.
    static func load(_ path: String, budget: Int64?, _ configure: (inout ReadOptions) -> Void = { _ in }) throws -> LoadResult {
        var options = FileSourceTests.options()
        options.memoryBudget = budget
        configure(&options)
        var setup = LoadSetup()
        setup.zone = Fixture.newYork.zone
        setup.levels = [.hour, .day, .week, .month]
        return try DataLoader.load([.file(path)], options: options, setup: setup)
    }

    static func fineSource(_ path: String, _ result: LoadResult) -> FileSource {
        var setup = LoadSetup()
        setup.zone = Fixture.newYork.zone
        return FileSource([.file(path)], options: FileSourceTests.options(), setup: setup, loaded: result)
    }

    /// Every page of every level, series and value column, as (stats, sub-buckets).
    static func pages(_ dataset: Dataset) -> [String: [SubBucket]] {
        var pages: [String: [SubBucket]] = [:]
        for level in dataset.levels {
            for index in 0..<dataset.count(level) {
                for s in dataset.series.indices {
                    for v in dataset.valueNames.indices {
                        let page = dataset.page(level, index: index, series: s, value: v)
                        if page.fetching { Issue.record("\(level) \(index) is still being read") }
                        pages["\(level) \(index) \(s) \(v)"] = [SubBucket(start: page.start, end: page.end, stats: page.stats)] + page.buckets
                    }
                }
            }
        }
        return pages
    }

    /// Past the budget at hours, the cities' hours are kept together and
    /// each city's years (in one byte): a city's hour is read back with its
    /// page, and every page and export row equals a full load's. A step to
    /// a city's next hour with rows goes by every city's hours in the years
    /// it has rows in: it may stop short, never past one.
    @Test func pagesReadBackEqualAFullLoadsAcrossClockChanges() throws {
        let g = Generated(seed: 7)
        try Fixture.withFile("budget.csv", Generated.text(g.rows, header: g.header)) { path in
            let full = try Self.load(path, budget: nil)
            let budgeted = try Self.load(path, budget: 1)
            #expect(full.levels == budgeted.levels && full.levels.first == .hour)
            #expect(full.accumulator.baseUnit == .minute)
            // A budget of one byte: each city's buckets are as coarse as they go, years.
            #expect(budgeted.accumulator.baseUnit == .hour && budgeted.accumulator.seriesUnit == .year)
            #expect(budgeted.notes.contains { $0.hasPrefix("memory: 3 series' hours pass what --memory keeps: every series' hours kept together") })
            let fine = FinePages(source: Self.fineSource(path, budgeted), mode: .inline, budget: 1 << 20)
            let whole = Dataset(loaded: full, levels: full.levels)
            let dataset = Dataset(loaded: budgeted, levels: budgeted.levels, finePages: fine)
            #expect(!dataset.keepsPeriods(of: .hour, series: 1) && dataset.keepsPeriods(of: .hour, series: 0))
            let reference = Self.pages(whole)
            let read = Self.pages(dataset)
            #expect(read.count == reference.count)
            for (key, buckets) in reference where read[key] != buckets {
                Issue.record("page \(key) differs")
            }
            for s in dataset.series.indices {
                for index in 0..<dataset.count(.hour) {
                    for forward in [true, false] {
                        let step = dataset.index(.hour, withDataFrom: index, forward: forward, series: s)
                        let exact = whole.index(.hour, withDataFrom: index, forward: forward, series: s)
                        if s == 0 { #expect(step == exact) }
                        guard let step else {
                            #expect(exact == nil)
                            continue
                        }
                        // Short of the next hour with rows, or on it.
                        #expect(exact.map { forward ? step <= $0 : step >= $0 } ?? true, "hour \(index) of series \(s)")
                        #expect(step == exact || whole.stats(.hour, index: step, series: s).isEmpty)
                    }
                    // Each read back: one in ten.
                    if index % 10 == 0 {
                        #expect(dataset.hasRows(.hour, index: index, series: s) == !whole.stats(.hour, index: index, series: s).isEmpty)
                    }
                }
            }
            #expect(Exporter.csv(dataset, levels: dataset.levels) == Exporter.csv(whole, levels: whole.levels))
        }
    }

    /// Intervals of rooms past the budget keep every room's hours together,
    /// not each room's: a room's day reads its hours back from the file,
    /// and every page of every level and room equals the full load's, on
    /// sorted and shuffled files.
    @Test(arguments: [nil, 11] as [UInt64?])
    func aSeriesIntervalPagesReadBackEqualAFullLoads(shuffledWith seed: UInt64?) throws {
        try Fixture.withFile("talks.csv", IntervalWindowTests.Talks(seed: 9).text(shuffledWith: seed)) { path in
            let full = try IntervalWindowTests.load(path, budget: nil), budgeted = try IntervalWindowTests.load(path, budget: 1)
            #expect(!full.accumulator.mergesSeriesBase && budgeted.accumulator.mergesSeriesBase)
            var setup = LoadSetup()
            setup.zone = Fixture.newYork.zone
            let source = FileSource([.file(path)], options: IntervalWindowTests.options(budget: 1), setup: setup, loaded: budgeted)
            let levels: [Level] = [.day, .week, .month]
            let dataset = Dataset(loaded: budgeted, levels: levels, finePages: FinePages(source: source, mode: .inline, budget: 1 << 20))
            #expect(dataset.seriesUnit > dataset.baseUnit && !dataset.readsPages(of: .day) && dataset.readsPages(of: .day, series: 1))
            #expect(!dataset.readsPages(of: .week, series: 1))
            let reference = Self.pages(Dataset(loaded: full, levels: levels)), read = Self.pages(dataset)
            #expect(read.count == reference.count && reference.count >= 30)
            for (key, buckets) in reference where read[key] != buckets {
                Issue.record("page \(key) differs: \(read[key] ?? []) for \(buckets)")
            }
        }
    }

    /// A pipe past the budget cannot read a page back: its base becomes
    /// coarser as it is read (minutes merged into their hours). Every period
    /// of every level, series and value column equals a full load's, as do
    /// the pages whose bars are hours; the hour's pages say their minutes
    /// were not kept.
    @Test func aPipePastTheBudgetKeepsHoursAndTheSameNumbers() throws {
        let g = Generated(seed: 12)
        let text = Generated.text(g.rows, header: g.header)
        let full = try Fixture.withFile("budget.csv", text) { path in try Self.load(path, budget: nil) { $0.valueColumn = "temp" } }
        // Room for one bucket fewer than the minutes take: hours, not days.
        let budget = Int64(full.accumulator.bucketCount + full.otherValues.reduce(0) { $0 + $1.accumulator.bucketCount } - 1)
            * BucketBudget.bytesPerBucket * BucketBudget.share
        let piped = try Fixture.withPipe(Array(text.utf8)) { path in try Self.load(path, budget: budget) { $0.valueColumn = "temp" } }
        #expect(full.accumulator.baseUnit == .minute && piped.accumulator.baseUnit == .hour)
        #expect(piped.levels == full.levels && piped.rowsRead == full.rowsRead && piped.skipped == full.skipped)
        let (a, b) = (Dataset(loaded: full, levels: full.levels), Dataset(loaded: piped, levels: piped.levels))
        #expect(a.pagesNotKept == nil && b.pagesNotKept?.contains("read once") == true)
        var compared = 0
        for level in a.levels {
            #expect(a.count(level) == b.count(level))
            for index in 0..<a.count(level) {
                for s in a.series.indices {
                    for v in a.valueNames.indices {
                        let (pa, pb) = (a.page(level, index: index, series: s, value: v), b.page(level, index: index, series: s, value: v))
                        #expect(pa.stats == pb.stats, "\(level) \(index) \(s) \(v)")
                        if level == .hour {
                            // An hour with rows has no minutes to draw; one without needs none.
                            let noBars = pb.fetching == !pb.stats.isEmpty
                            #expect(noBars, "\(level) \(index) \(s) \(v)")
                        } else {
                            #expect(pa.buckets == pb.buckets, "\(level) \(index) \(s) \(v)")
                        }
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 100)
    }

    /// In the terminal a page is never waited for: it is fetching at first,
    /// then, once the worker has read it, the full load's.
    @Test func aPageInTheBackgroundIsReadingThenArrives() throws {
        let g = Generated(seed: 8)
        try Fixture.withFile("budget.csv", Generated.text(g.rows, header: g.header)) { path in
            let full = Dataset(loaded: try Self.load(path, budget: nil), levels: [.hour, .day])
            let budgeted = try Self.load(path, budget: 1)
            let fine = FinePages(source: Self.fineSource(path, budgeted), mode: .background, budget: 1 << 20)
            let dataset = Dataset(loaded: budgeted, levels: [.hour, .day], finePages: fine)
            let index = dataset.count(.hour) - 3
            let first = dataset.page(.hour, index: index, series: 2)
            let reading = first.fetching && first.buckets.allSatisfy { $0.stats.isEmpty }
            #expect(reading)
            // Every series' hours are kept together past the budget, final at once; a series' come with its bars.
            #expect(!dataset.keepsPeriods(of: .hour, series: 2) && first.stats.isEmpty)
            let all = (dataset.page(.hour, index: index).stats, full.page(.hour, index: index).stats)
            #expect(all.0 == all.1)
            // Drawing only says the page is wanted: the runner has it fetched.
            fine.fetch(fine.takeMissed())
            let deadline = Date().addingTimeInterval(10)
            while fine.isFetching && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
            #expect(!fine.isFetching)
            #expect(fine.takeArrivals())
            #expect(!fine.takeArrivals())
            let arrived = dataset.page(.hour, index: index, series: 2)
            let fetching = arrived.fetching
            #expect(!fetching)
            #expect(arrived.buckets == full.page(.hour, index: index, series: 2).buckets, "the page read back differs")
            #expect(arrived.stats == full.page(.hour, index: index, series: 2).stats)
        }
    }

    /// Pages past the budget are dropped, the least recently used first, and read again when asked.
    @Test func keptPagesStayWithinTheirBudget() throws {
        let g = Generated(seed: 9)
        try Fixture.withFile("budget.csv", Generated.text(g.rows, header: g.header)) { path in
            let budgeted = try Self.load(path, budget: 1)
            let fine = FinePages(source: Self.fineSource(path, budgeted), mode: .inline, budget: 20_000)
            let dataset = Dataset(loaded: budgeted, levels: budgeted.levels, finePages: fine)
            let once = (0..<dataset.count(.hour)).map { dataset.page(.hour, index: $0).buckets }
            #expect(fine.kept.bytes <= 20_000)
            #expect(fine.kept.pages < dataset.count(.hour))
            let again = (0..<dataset.count(.hour)).map { dataset.page(.hour, index: $0).buckets }
            #expect(once == again)
        }
    }

    /// A file changed since it was loaded is never read as other numbers: the page says why.
    @Test func aChangedFileIsAFailureNotOtherNumbers() throws {
        let g = Generated(seed: 10)
        try Fixture.withFile("budget.csv", Generated.text(g.rows, header: g.header)) { path in
            let budgeted = try Self.load(path, budget: 1)
            let fine = FinePages(source: Self.fineSource(path, budgeted), mode: .inline, budget: 1 << 20)
            let dataset = Dataset(loaded: budgeted, levels: budgeted.levels, finePages: fine)
            try Data("time,city,temp,amount\n".utf8).write(to: URL(fileURLWithPath: path))
            let fetching = dataset.page(.hour, index: dataset.count(.hour) - 2).fetching
            #expect(fetching)
            #expect(fine.failure != nil)
        }
    }
}

extension MemoryBudgetTests {
    /// A followed file as the app holds it (`FollowLoop`, `Runner.startFollowing`):
    /// its follower, and the pages read back through the follower's descriptors.
    final class Followed {
        let follower: FileFollower
        let source: FileSource
        let fine: FinePages
        private(set) var result: LoadResult

        init(_ path: String, loaded: LoadResult, options: ReadOptions) throws {
            follower = try #require(FileFollower(path: path, result: loaded, options: options))
            source = MemoryBudgetTests.fineSource(path, loaded)
            fine = FinePages(source: source, mode: .inline, budget: 1 << 20)
            result = loaded
        }

        /// What the app does on a poll that found something: the pages over its rows are read again.
        @discardableResult
        func poll() throws -> InputGrowth {
            let growth = try #require(try follower.grow())
            result = growth.result
            source.followed(result)
            if let times = growth.change?.replacesRows ?? false ? Int64.min...Int64.max : growth.added { fine.readAgain(overlapping: times) }
            return growth
        }
    }

    /// Loads `path` to follow it (`-f`) within `budget` bytes, as `load` does.
    static func loadToFollow(_ path: String, budget: Int64?) throws -> LoadResult {
        try load(path, budget: budget) { $0.endsAtLastLine = true }
    }

    /// A followed file past the budget keeps hours, as a plain file does,
    /// and reads an hour's minutes back through checkpoints that grow with
    /// the rows appended: after appends that land inside pages already read,
    /// a rotation and a cut, every page of every level, series and value
    /// column equals a fresh load's of the same rows with no budget.
    @Test func followedRowsPastTheBudgetGiveAFreshLoadsPages() throws {
        let g = Generated(seed: 7)
        let rows = g.rows.map(\.text)
        // Cuts inside an hour, so a page read before an append is read again after it.
        let cuts = [rows.count / 3, rows.count / 3 + 7, 2 * rows.count / 3]
        try Fixture.withFolder { folder in
            let path = Fixture.write("followed.csv", Generated.text(g.rows[..<cuts[0]].map { $0 }, header: g.header), in: folder)
            let loaded = try Self.loadToFollow(path, budget: 1)
            #expect(loaded.accumulator.baseUnit == .hour)
            var options = FileSourceTests.options()
            options.memoryBudget = 1
            options.endsAtLastLine = true
            let followed = try Followed(path, loaded: loaded, options: options)
            /// Every page of the followed dataset against a fresh load, with no budget, of `text`.
            func expectPages(as text: String) throws {
                let fresh = Fixture.write("fresh.csv", text, in: folder)
                let full = try Self.load(fresh, budget: nil)
                let (result, fine) = (followed.result, followed.fine)
                #expect(full.accumulator.baseUnit == .minute && result.accumulator.baseUnit == .hour)
                let reference = Self.pages(Dataset(loaded: full, levels: full.levels))
                let read = Self.pages(Dataset(loaded: result, levels: result.levels, finePages: fine))
                #expect(read.count == reference.count && reference.count > 100)
                for (key, buckets) in reference where read[key] != buckets {
                    Issue.record("page \(key) differs")
                }
            }

            try expectPages(as: Generated.text(g.rows[..<cuts[0]].map { $0 }, header: g.header))
            for (from, to) in [(cuts[0], cuts[1]), (cuts[1], cuts[2])] {
                try FileFollowerTests.append(rows[from..<to].map { $0 + "\n" }.joined(), to: path)
                try followed.poll()
                try expectPages(as: Generated.text(g.rows[..<to].map { $0 }, header: g.header))
            }
            // Rotated: the old file's rows are read back from it, the new file's from the new one.
            try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
            _ = Fixture.write("followed.csv", Generated.text(g.rows[cuts[2]...].map { $0 }, header: g.header), in: folder)
            try followed.poll()
            try expectPages(as: Generated.text(g.rows, header: g.header))
            // Cut and written again: only what the file holds now.
            try Data(Generated.text(g.rows[..<cuts[1]].map { $0 }, header: g.header).utf8).write(to: URL(fileURLWithPath: path))
            try followed.poll()
            try expectPages(as: Generated.text(g.rows[..<cuts[1]].map { $0 }, header: g.header))
        }
    }
}

extension MemoryBudgetTests {
    /// Loads talks at `path` to follow them, on days, weeks and months, within `budget` bytes.
    static func loadTalksToFollow(_ path: String, budget: Int64?) throws -> LoadResult {
        var options = IntervalWindowTests.options(budget: budget)
        options.endsAtLastLine = true
        var setup = LoadSetup()
        setup.zone = Fixture.newYork.zone
        setup.levels = [.day, .week, .month]
        return try DataLoader.load([.file(path)], options: options, setup: setup)
    }

    /// A followed file of intervals keeps a quarter of its budget's worth of
    /// them, as a plain file does: appended past it, it keeps none, and the
    /// timeline's windows are read back through the follower's descriptors.
    /// After appends within the limit and past it, a rotation and a cut,
    /// every window of three days, every day's intervals counted once per
    /// room, and every page equal a fresh load's of the same rows with no
    /// budget (where each interval is, too, until the rotation makes two files of one).
    @Test func followedIntervalsPastTheBudgetGiveAFreshLoadsWindows() throws {
        let talks = IntervalWindowTests.Talks(seed: 21)
        let rows = talks.rows.map(\.text)
        let cuts = [rows.count / 3, rows.count / 3 + 7, 2 * rows.count / 3]
        func text(_ part: ArraySlice<String>) -> String { ([IntervalWindowTests.Talks.header] + part).joined(separator: "\n") + "\n" }
        // Room for the first cut's intervals and ten more.
        let budget = Int64(cuts[0] + 10) * 40 * 4
        try Fixture.withFolder { folder in
            let path = Fixture.write("followed.csv", text(rows[..<cuts[0]]), in: folder)
            let freshFolder = folder.appendingPathComponent("fresh")
            try FileManager.default.createDirectory(at: freshFolder, withIntermediateDirectories: true)
            let loaded = try Self.loadTalksToFollow(path, budget: budget)
            #expect(loaded.intervals?.count == cuts[0])
            var options = IntervalWindowTests.options(budget: budget)
            options.endsAtLastLine = true
            let followed = try Followed(path, loaded: loaded, options: options)
            /// The followed dataset against a fresh load of `rows` with no budget.
            func expectAFreshLoads(_ rows: ArraySlice<String>, keptIntervals: Bool, locations: Bool) throws {
                let full = try Self.loadTalksToFollow(Fixture.write("followed.csv", text(rows), in: freshFolder), budget: nil)
                let result = followed.result
                #expect((result.intervals != nil) == keptIntervals && full.intervals?.count == rows.count)
                // Within the limit a room's hours may be read back too (`mergesSeriesBase`); past it the windows are.
                #expect(result.keptLessThanItsLevelsDraw || keptIntervals)
                let reference = Dataset(loaded: full, levels: full.levels)
                let dataset = Dataset(loaded: result, levels: result.levels, finePages: followed.fine)
                let (expectedPages, read) = (Self.pages(reference), Self.pages(dataset))
                #expect(read.count == expectedPages.count && expectedPages.count >= 12)
                for (key, buckets) in expectedPages where read[key] != buckets {
                    Issue.record("page \(key) differs: \(read[key] ?? []) for \(buckets)")
                }
                #expect(dataset.count(.day) == reference.count(.day))
                let calendar = reference.calendar
                func day(_ i: Int) -> Range<Int64> {
                    let ordinal = reference.ordinal(.day, index: i)
                    return calendar.start(of: .day, ordinal: ordinal)..<calendar.end(of: .day, ordinal: ordinal)
                }
                func shown(_ index: IntervalIndex?, names: [String], in window: Range<Int64>) -> [IntervalWindowTests.Shown] {
                    guard let index else { return [] }
                    return IntervalWindowTests.shown(index, series: names, from: window.lowerBound, to: window.upperBound).map {
                        IntervalWindowTests.Shown(series: $0.series, start: $0.start, end: $0.end, label: $0.label,
                                                  location: locations ? $0.location : nil)
                    }.sorted { ($0.series, $0.start, $0.end) < ($1.series, $1.start, $1.end) }
                }
                var seen = 0
                for i in 0..<reference.count(.day) {
                    let periods = [day(i - 1), day(i), day(i + 1)]
                    let window = periods[0].lowerBound..<periods[2].upperBound
                    let windowRead = try #require(dataset.intervals(periods: periods), "day \(i) is still being read")
                    let found = shown(windowRead, names: result.seriesNames, in: window)
                    let expected = shown(reference.intervals(periods: periods), names: full.seriesNames, in: window)
                    #expect(found == expected, "day \(i): \(found.count) intervals, expected \(expected.count)")
                    seen += found.count
                    for s in reference.series.indices {
                        let stats = dataset.intervalStats(series: s, value: 0, from: day(i).lowerBound, to: day(i).upperBound, period: day(i))
                        #expect(stats == reference.intervalStats(series: s, value: 0, from: day(i).lowerBound, to: day(i).upperBound,
                                                                  period: day(i)), "day \(i), series \(s)")
                    }
                }
                #expect(seen >= rows.count)
            }

            try expectAFreshLoads(rows[..<cuts[0]], keptIntervals: true, locations: true)
            try FileFollowerTests.append(rows[cuts[0]..<cuts[1]].map { $0 + "\n" }.joined(), to: path)
            try followed.poll()
            try expectAFreshLoads(rows[..<cuts[1]], keptIntervals: true, locations: true)
            try FileFollowerTests.append(rows[cuts[1]..<cuts[2]].map { $0 + "\n" }.joined(), to: path)
            try followed.poll()
            try expectAFreshLoads(rows[..<cuts[2]], keptIntervals: false, locations: true)
            // Rotated: the old file's intervals are read back from it, the new file's from the new one.
            try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
            _ = Fixture.write("followed.csv", text(rows[cuts[2]...]), in: folder)
            try followed.poll()
            try expectAFreshLoads(rows[...], keptIntervals: false, locations: false)
            // Cut and written again: only what the file holds now.
            try Data(text(rows[..<cuts[1]]).utf8).write(to: URL(fileURLWithPath: path))
            try followed.poll()
            try expectAFreshLoads(rows[..<cuts[1]], keptIntervals: false, locations: true)
        }
    }
}

extension MemoryBudgetTests {
    /// Readings every ten minutes for `days` days from 2024-01-01 UTC, a value each.
    static func readings(days: Range<Int>) -> [String] {
        days.flatMap { day in
            (0..<144).map { i in "\(FileSourceTests.iso(Fixture.utc(2024, 1, 1) + Int64(day * 144 + i) * 600)),\((day * 144 + i) % 97)" }
        }
    }

    /// A followed file's base is the load's until its rows outgrow it: a
    /// day of readings keeps its 144 minutes within room for 300 buckets;
    /// three days (432 minutes) make it hours, merged from the minutes, and
    /// the poll says so. Every page still equals a fresh load's with no
    /// budget, an hour's minutes read back from the file.
    @Test func aFollowedFileThatOutgrowsItsBaseMakesItCoarser() throws {
        let budget = 300 * BucketBudget.bytesPerBucket * BucketBudget.share
        func text(_ days: Range<Int>) -> String { (["time,value"] + Self.readings(days: days)).joined(separator: "\n") + "\n" }
        try Fixture.withFolder { folder in
            let path = Fixture.write("followed.csv", text(0..<1), in: folder)
            let loaded = try Self.load(path, budget: budget) { ($0.seriesColumn, $0.endsAtLastLine) = (nil, true) }
            #expect(loaded.accumulator.baseUnit == .minute && loaded.accumulator.bucketCount == 144)
            var options = FileSourceTests.options()
            (options.seriesColumn, options.memoryBudget) = (nil, budget)
            options.endsAtLastLine = true
            let followed = try Followed(path, loaded: loaded, options: options)

            try FileFollowerTests.append(Self.readings(days: 1..<3).map { $0 + "\n" }.joined(), to: path)
            let growth = try followed.poll()
            #expect(growth.change == .coarsened(.hour))
            #expect(growth.result.accumulator.baseUnit == .hour && growth.result.accumulator.bucketCount == 72)
            #expect(growth.result.keptLessThanItsLevelsDraw)
            #expect(growth.result.notes.last == "followed: \(path) grew past what --memory keeps of finer buckets at row 432: "
                    + "hours are kept from then on, and a page's finer bars read back from the file")
            let full = try Self.load(Fixture.write("fresh.csv", text(0..<3), in: folder), budget: nil) { $0.seriesColumn = nil }
            #expect(full.accumulator.baseUnit == .minute)
            let reference = Self.pages(Dataset(loaded: full, levels: full.levels))
            let read = Self.pages(Dataset(loaded: growth.result, levels: growth.result.levels, finePages: followed.fine))
            #expect(read.count == reference.count && reference.count > 70)
            for (key, buckets) in reference where read[key] != buckets {
                Issue.record("page \(key) differs")
            }
            // Within the new base, nothing more is said.
            try FileFollowerTests.append(Self.readings(days: 3..<4).map { $0 + "\n" }.joined(), to: path)
            #expect(try followed.poll().change == nil)
        }
    }

    /// A followed file's sketches (`--agg p99`) keep within their share of
    /// the budget as a load's do: a day of readings keeps its 144 minutes'
    /// sketches within room for 200; three days (432) make them hours' (72),
    /// as a fresh load of the three days within the same budget keeps them,
    /// the buckets staying minutes. Every page's sketches still equal a
    /// fresh load's with no budget, a minute's read back from the file.
    @Test func aFollowedFilesSketchesKeepWithinTheirBudget() throws {
        let budget = 200 * 4 * BucketBudget.bytesPerSketch
        #expect(BucketBudget.sketches(within: budget) == 200 && BucketBudget.buckets(within: budget) > 432)
        func text(_ days: Range<Int>) -> String { (["time,value"] + Self.readings(days: days)).joined(separator: "\n") + "\n" }
        let sketchOptions = { (options: inout ReadOptions) in (options.seriesColumn, options.keepsSketches) = (nil, true) }
        try Fixture.withFolder { folder in
            let path = Fixture.write("followed.csv", text(0..<1), in: folder)
            let loaded = try Self.load(path, budget: budget) { sketchOptions(&$0); $0.endsAtLastLine = true }
            #expect(loaded.accumulator.sketches?.unit == .minute && loaded.accumulator.sketchCount == 144)
            var options = FileSourceTests.options()
            sketchOptions(&options)
            (options.memoryBudget, options.endsAtLastLine) = (budget, true)
            let followed = try Followed(path, loaded: loaded, options: options)

            try FileFollowerTests.append(Self.readings(days: 1..<3).map { $0 + "\n" }.joined(), to: path)
            let grown = try followed.poll().result
            let fresh = try Self.load(Fixture.write("fresh.csv", text(0..<3), in: folder), budget: budget, sketchOptions)
            #expect(fresh.accumulator.sketches?.unit == .hour && fresh.accumulator.sketchCount == 72)
            #expect(grown.accumulator.sketches?.unit == .hour && grown.accumulator.sketchCount == 72)
            #expect(grown.accumulator.baseUnit == .minute && grown.keptLessThanItsLevelsDraw)
            let full = try Self.load(Fixture.write("full.csv", text(0..<3), in: folder), budget: nil, sketchOptions)
            let reference = PercentileTests.sketches(Dataset(loaded: full, levels: full.levels))
            let read = PercentileTests.sketches(Dataset(loaded: grown, levels: grown.levels, finePages: followed.fine))
            #expect(read.count == reference.count && reference.count > 70)
            for (key, sketches) in reference where read[key] != sketches {
                Issue.record("page \(key) differs")
            }
        }
    }
}
