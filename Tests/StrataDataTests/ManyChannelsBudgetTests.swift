import Foundation
import Testing
@testable import StrataData

/// Thirty channels of six-hour programmes over three weeks, with a day
/// level, within 1,100 buckets: every channel's hours together (504) and
/// each channel's days (630) pass it, so the channels' days go together
/// too and each channel keeps its weeks and coarser periods. A channel's
/// day is read back from the file with its page, each programme counted
/// once in it, and its bars' page is kept for it alone when every
/// channel's would take too much of the pages' budget. The same on a
/// shuffled file.
struct ManyChannelsBudgetTests {
    static let channels = 30, days = 21

    /// Programme `i` of channel `i % 30`: six hours, cut short by up to forty minutes.
    static func programme(_ i: Int) -> (channel: Int, start: Int64, end: Int64) {
        let start = Fixture.utc(2024, 3, 1) + Int64(i / channels) * 6 * 3600
        return (i % channels, start, start + 6 * 3600 - Int64(i % 5) * 600)
    }

    static let count = channels * 4 * days

    /// The programmes by start, or shuffled by a seeded generator.
    static func text(shuffledWith seed: UInt64? = nil) -> String {
        var lines = (0..<count).map { i in
            let p = programme(i)
            return "ch\(p.channel),show \(i % 7),\(FileSourceTests.iso(p.start)),\(FileSourceTests.iso(p.end))"
        }
        if let seed {
            var random = SplitMix(seed: seed)
            for i in lines.indices.reversed() where i > 0 { lines.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        }
        return (["channel,title,start,end"] + lines).joined(separator: "\n") + "\n"
    }

    static let budget = 1100 * BucketBudget.bytesPerBucket * BucketBudget.share

    static func setup() -> LoadSetup {
        var setup = LoadSetup()
        (setup.zone, setup.levels) = (.utc, [.day, .week, .month])
        return setup
    }

    static func load(_ path: String, budget: Int64?) throws -> LoadResult {
        try DataLoader.load([.file(path)], options: IntervalBudgetTests.options(budget: budget), setup: setup())
    }

    static func dataset(_ path: String, _ loaded: LoadResult, source: (any Source)? = nil, pages budget: Int = 1 << 20) -> Dataset {
        let file = FileSource([.file(path)], options: IntervalBudgetTests.options(budget: Self.budget), setup: setup(), loaded: loaded)
        return Dataset(loaded: loaded, levels: loaded.levels, finePages: FinePages(source: source ?? file, mode: .inline, budget: budget))
    }

    @Test(arguments: [nil, 5] as [UInt64?])
    func channelsPastTheBudgetKeepTheirDaysTogetherAndEveryPageEqualsAFullLoads(shuffledWith seed: UInt64?) throws {
        try Fixture.withFile("channels.csv", Self.text(shuffledWith: seed)) { path in
            let full = try Self.load(path, budget: nil), budgeted = try Self.load(path, budget: Self.budget)
            #expect(full.accumulator.seriesUnit == .hour && !full.accumulator.mergesSeriesBase)
            #expect(budgeted.accumulator.baseUnit == .hour && budgeted.accumulator.seriesUnit == .week)
            #expect(budgeted.notes.contains("memory: 30 series' hours pass what --memory keeps: every series' hours kept together, "
                                            + "each series' weeks; a series' hours and days are read back from the file when shown "
                                            + "(--memory MB keeps more)"), "\(budgeted.notes)")
            #expect(budgeted.budgetNotice == "30 series' hours passed --memory: a series' hours and days read back")
            let dataset = Self.dataset(path, budgeted, pages: 64 << 20), reference = Dataset(loaded: full, levels: full.levels)
            #expect(dataset.keepsPeriods(of: .day, series: 0) && !dataset.keepsPeriods(of: .day, series: 1))
            #expect(dataset.keepsPeriods(of: .week, series: 1) && dataset.readsPages(of: .week, series: 1) && !dataset.readsPages(of: .week))
            let read = MemoryBudgetTests.pages(dataset), expected = MemoryBudgetTests.pages(reference)
            #expect(read.count == expected.count && expected.count == (21 + 4 + 1) * 31)
            for (key, buckets) in expected where read[key] != buckets {
                Issue.record("page \(key) differs")
            }
            for s in 1...Self.channels {
                let days = (0..<Self.days).map { dataset.periodStats(.day, index: $0, series: s) }
                #expect(days == (0..<Self.days).map { reference.stats(.day, index: $0, series: s) }, "channel \(s)'s days")
            }
            // Checked by hand: ch1's first day, four programmes of 6 h less 10 minutes each.
            let ch1 = try #require(dataset.series.firstIndex { $0.name == "ch1" })
            #expect(dataset.periodStats(.day, index: 0, series: ch1)?.sum == Double(4 * (6 * 3600 - 600)))
        }
    }

    /// Two halves of a read, one past the budget (its channels' days
    /// together), join as one accumulator fed every programme.
    @Test func halvesPastTheBudgetJoinAsOneRead() {
        func fed(_ programmes: Range<Int>, limit: Int) -> Accumulator {
            var accumulator = Accumulator(calendar: Fixture.utc, baseUnit: .hour)
            (accumulator.baseLimit, accumulator.seriesBaseLimit) = (limit, limit)
            for i in programmes {
                let p = Self.programme(i)
                accumulator.add(start: p.start, end: p.end, series: p.channel)
            }
            accumulator.keepWithinBaseLimit()
            return accumulator
        }
        var first = fed(0..<2160, limit: 800), whole = fed(0..<Self.count, limit: 1000)
        let second = fed(2160..<Self.count, limit: 100_000)
        #expect(first.seriesUnit == .week && whole.seriesUnit == .week && !second.mergesSeriesBase)
        first.merge(second)
        #expect(first.seriesUnit == .week && first.mergedBuckets?.ordinals == whole.mergedBuckets?.ordinals)
        #expect(first.mergedBuckets?.stats == whole.mergedBuckets?.stats)
        #expect(first.periodsTogether(of: .day)?.stats == whole.periodsTogether(of: .day)?.stats)
        #expect(first.periodsTogether(of: .day)?.ordinals.count == Self.days && first.sortedPeriods(of: .day, series: 0) == nil)
        for s in 0..<Self.channels {
            for unit in [TimeUnit.week, .month, .year] {
                #expect(first.sortedPeriods(of: unit, series: s)?.stats == whole.sortedPeriods(of: unit, series: s)?.stats, "\(s)'s \(unit)s")
            }
        }
    }

    /// Every channel's hours of a day are more than a sixty-fourth of the
    /// pages' budget: a channel's day is kept for it alone, and its pages
    /// are read once (its hours, and its day on its own), where every
    /// channel's would push each other out.
    @Test func aChannelsBarsAreKeptForItAlone() throws {
        try Fixture.withFile("channels.csv", Self.text()) { path in
            let budgeted = try Self.load(path, budget: Self.budget), full = try Self.load(path, budget: nil)
            let source = PercentileTests.CountingSource(FileSource([.file(path)], options: IntervalBudgetTests.options(budget: Self.budget),
                                                                   setup: Self.setup(), loaded: budgeted))
            let dataset = Self.dataset(path, budgeted, source: source, pages: 64 << 10)
            let reference = Dataset(loaded: full, levels: full.levels)
            for _ in 0..<2 {
                for day in 0..<10 {
                    #expect(dataset.page(.day, index: day, series: 3).buckets == reference.page(.day, index: day, series: 3).buckets)
                }
            }
            let kept = dataset.finePages!.kept
            #expect(source.fineReads == 20 && kept.pages == 20 && kept.bytes < 64 << 10, "\(source.fineReads) reads, \(kept)")
        }
    }
}
