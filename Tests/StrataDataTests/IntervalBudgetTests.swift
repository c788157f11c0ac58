import Foundation
import Testing
@testable import StrataData

/// Intervals of days and weeks with an hour level: their minutes pass
/// `--memory`, so the load keeps hours (each interval counted once in each,
/// as the hour level's own periods are) and reads an hour's minutes back
/// from the file. Every hour and day covers what the intervals' times say;
/// a pipe, read once, keeps the same hours and days without the minutes.
struct IntervalBudgetTests {
    /// (channel, start, end) in UTC: ten days, three and a half days, half an hour across a
    /// midnight, and sixteen hours across another.
    static let programmes: [(String, Int64, Int64)] = [
        ("a", Fixture.utc(2024, 3, 1), Fixture.utc(2024, 3, 11)),
        ("b", Fixture.utc(2024, 3, 3, 6, 30), Fixture.utc(2024, 3, 6, 18, 45)),
        ("c", Fixture.utc(2024, 3, 5, 23, 50), Fixture.utc(2024, 3, 6, 0, 20)),
        ("c", Fixture.utc(2024, 3, 9, 10, 15), Fixture.utc(2024, 3, 10, 2)),
    ]

    static var text: String {
        (["channel,title,start,end"] + programmes.enumerated().map { i, p in
            "\(p.0),show \(i),\(FileSourceTests.iso(p.1)),\(FileSourceTests.iso(p.2))"
        }).joined(separator: "\n") + "\n"
    }

    /// Room for 4,000 buckets: the 20,430 minutes the channels cover do not fit, their 343 hours do.
    static let budget = 4000 * BucketBudget.bytesPerBucket * BucketBudget.share

    static func options(budget: Int64?) -> ReadOptions {
        var options = FileSourceTests.options(series: "channel")
        (options.endColumn, options.memoryBudget) = ("end", budget)
        return options
    }

    static func setup() -> LoadSetup {
        var setup = LoadSetup()
        (setup.zone, setup.levels) = (.utc, [.hour, .day])
        return setup
    }

    /// What the channels' intervals cover of `[from, from + length)`, worked out from their times:
    /// each overlapping interval once, with its seconds inside (of channel `channel`; nil: every channel).
    static func covered(from: Int64, length: Int64, channel: String?) -> Stats {
        var stats = Stats()
        for (name, start, end) in programmes where channel == nil || name == channel {
            let overlap = min(end, from + length) - max(start, from)
            if overlap > 0 { stats.add(Double(overlap)) }
        }
        return stats
    }

    @Test func longIntervalsPastTheBudgetKeepHoursThatCoverWhatTheirTimesSay() throws {
        let loaded = try Fixture.withFile("guide.csv", Self.text) { path in
            try DataLoader.load([.file(path)], options: Self.options(budget: Self.budget), setup: Self.setup())
        }
        #expect(loaded.accumulator.baseUnit == .hour && loaded.levels == [.hour, .day] && loaded.accepted == 4)
        #expect(loaded.accumulator.bucketCount <= BucketBudget.buckets(within: Self.budget))
        #expect(loaded.keptLessThanItsLevelsDraw)
        #expect(loaded.notes.contains("memory: 3 series' minutes pass what --memory keeps: hours kept, "
                                      + "a page's minutes are read back from the file when shown (--memory MB keeps more)"))
        #expect(loaded.budgetNotice == "3 series' minutes passed --memory: hours kept, finer bars read back")
        let dataset = Dataset(loaded: loaded, levels: loaded.levels)
        #expect(dataset.series.map(\.name) == ["all", "a", "b", "c"])
        #expect(dataset.count(.day) == 10 && dataset.count(.hour) == 240)
        for (s, series) in dataset.series.enumerated() {
            let channel = s == 0 ? nil : series.name
            for day in 0..<10 {
                let from = Fixture.utc(2024, 3, 1) + Int64(day) * 86_400
                #expect(dataset.stats(.day, index: day, series: s) == Self.covered(from: from, length: 86_400, channel: channel),
                        "\(series.name)'s 2024-03-\(day + 1)")
            }
            for hour in 0..<240 {
                let from = Fixture.utc(2024, 3, 1) + Int64(hour) * 3600
                #expect(dataset.stats(.hour, index: hour, series: s) == Self.covered(from: from, length: 3600, channel: channel),
                        "\(series.name)'s hour \(hour)")
            }
        }
        // Checked by hand: on 6 March a covers the day, b until 18:45, c the first 20 minutes.
        #expect(dataset.stats(.day, index: 5).sum == 86_400 + 67_500 + 1200 && dataset.stats(.day, index: 5).count == 3)
        // 5 March: a the day, b the day, c its last 10 minutes.
        #expect(dataset.stats(.day, index: 4).sum == 2 * 86_400 + 600)
    }

    /// Twenty channels of hour-long programmes for ten days, read by two
    /// threads: each half's channel-hours (2,400) pass its half of a
    /// 1,000-bucket budget, every channel's together (240) do not. The
    /// channels' hours go together, and hours stay the base: "all"'s day
    /// keeps its hours in memory, every day the same as without a budget.
    @Test func manyChannelsPutTheirHoursTogetherBeforeTheBaseGoesCoarser() throws {
        let lines = (0..<(20 * 24 * 10)).map { i in
            let start = Fixture.utc(2024, 3, 1) + Int64(i / 20) * 3600
            return "ch\(i % 20),show \(i),\(FileSourceTests.iso(start)),\(FileSourceTests.iso(start + 3600))"
        }
        var setup = Self.setup()
        setup.levels = [.day, .week]
        let text = (["channel,title,start,end"] + lines).joined(separator: "\n") + "\n"
        let (full, budgeted) = try Fixture.withFile("channels.csv", text) { path in
            (try DataLoader.load([.file(path)], options: Self.options(budget: nil), setup: setup),
             try DataLoader.load([.file(path)], options: Self.options(budget: 1000 * BucketBudget.bytesPerBucket * BucketBudget.share), setup: setup))
        }
        #expect(budgeted.accumulator.baseUnit == .hour && budgeted.accumulator.mergesSeriesBase && !full.accumulator.mergesSeriesBase)
        #expect(!budgeted.notes.contains { $0.hasPrefix("memory:") })
        let (a, b) = (Dataset(loaded: full, levels: setup.levels!), Dataset(loaded: budgeted, levels: setup.levels!))
        #expect(!b.readsPages(of: .day) && b.readsPages(of: .day, series: 1))
        for s in a.series.indices {
            #expect((0..<10).map { a.stats(.day, index: $0, series: s) } == (0..<10).map { b.stats(.day, index: $0, series: s) })
        }
        // Each day: twenty channels' programmes, every hour of it.
        #expect(b.stats(.day, index: 3) == (0..<480).reduce(into: Stats()) { stats, _ in stats.add(3600) })
    }

    /// Every page of every level and channel equals a load's that kept the
    /// minutes: an hour's minutes read back from the file, a day's hours kept.
    @Test func anHoursMinutesReadBackEqualAFullLoads() throws {
        try Fixture.withFile("guide.csv", Self.text) { path in
            let full = try DataLoader.load([.file(path)], options: Self.options(budget: nil), setup: Self.setup())
            let budgeted = try DataLoader.load([.file(path)], options: Self.options(budget: Self.budget), setup: Self.setup())
            #expect(full.accumulator.baseUnit == .minute && budgeted.accumulator.baseUnit == .hour)
            let source = FileSource([.file(path)], options: Self.options(budget: Self.budget), setup: Self.setup(), loaded: budgeted)
            let dataset = Dataset(loaded: budgeted, levels: budgeted.levels, finePages: FinePages(source: source, mode: .inline, budget: 1 << 20))
            #expect(dataset.readsPages(of: .hour) && !dataset.readsPages(of: .day, series: 2))
            let read = MemoryBudgetTests.pages(dataset), reference = MemoryBudgetTests.pages(Dataset(loaded: full, levels: full.levels))
            #expect(read.count == reference.count && reference.count == (240 + 10) * 4)
            for (key, buckets) in reference where read[key] != buckets {
                Issue.record("page \(key) differs")
            }
        }
    }

    /// A pipe read once cannot read an hour's minutes back: it keeps the
    /// hours and days, the same as the file's, and its hour pages say their
    /// minutes were not kept.
    @Test func aPipeKeepsTheSameHoursAndDays() throws {
        let full = try Fixture.withFile("guide.csv", Self.text) { path in
            try DataLoader.load([.file(path)], options: Self.options(budget: nil), calendar: Fixture.utc, baseUnit: .minute)
        }
        let piped = try Fixture.withPipe(Array(Self.text.utf8)) { path in
            try DataLoader.load([.file(path)], options: Self.options(budget: Self.budget), calendar: Fixture.utc, baseUnit: .minute)
        }
        #expect(full.accumulator.baseUnit == .minute && piped.accumulator.baseUnit == .hour)
        #expect(piped.notes.contains { $0.contains("a page's minutes are not kept, as the input is read once") })
        let levels: [Level] = [.hour, .day]
        let (a, b) = (Dataset(loaded: full, levels: levels), Dataset(loaded: piped, levels: levels))
        #expect(a.pagesNotKept == nil && b.pagesNotKept?.contains("read once") == true)
        for level in levels {
            #expect(a.count(level) == b.count(level) && a.count(level) > 0)
            for index in 0..<a.count(level) {
                for s in a.series.indices {
                    let (pa, pb) = (a.page(level, index: index, series: s), b.page(level, index: index, series: s))
                    #expect(pa.stats == pb.stats, "\(level) \(index) \(s)")
                    if level == .day {
                        #expect(pa.buckets == pb.buckets, "\(level) \(index) \(s)")
                    } else {
                        #expect(pb.fetching == !pb.stats.isEmpty, "\(level) \(index) \(s)")
                    }
                }
            }
        }
    }
}
