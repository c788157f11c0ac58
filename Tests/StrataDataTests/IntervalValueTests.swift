import Foundation
import Testing
@testable import StrataData

/// Interval rows with value columns (polls: a fieldwork start and end, and
/// a vote share per party): a level's period is its intervals' mean weighted
/// by their time in it, a quantity counts at its interval's start, and
/// choosing a value keeps the intervals. Exact numbers by hand, and the
/// fixture's every period against its rows counted by brute force.
struct IntervalValueTests {
    static let day = Fixture.utc(2024, 3, 5)
    static let hour: Int64 = 3600

    /// A dataset of the intervals `(start, end, value)`, as the loader makes
    /// one: the duration first, the value after it, counted as `share` says.
    static func dataset(_ spans: [(Int64, Int64, Double)], share: IntervalShare, levels: [Level] = [.day, .week]) -> Dataset {
        var acc = Accumulator(calendar: Fixture.utc, baseUnit: .hour)
        acc.countIntervals([.overlap, share])
        for (start, end, value) in spans {
            [0, value].withUnsafeBufferPointer { acc.add(start: start, end: end, series: 0, values: $0, holdsStart: true) }
        }
        var rows = LoadResult(accumulator: acc.column(0), sourceName: "t", valueName: ColumnNames.intervalDuration)
        rows.otherValues = [("value", acc.column(1))]
        return Dataset(loaded: rows, levels: levels)
    }

    /// 10 from 18:00 the day before to noon (12 h of the day), 30 from 18:00 to 06:00 the day after (6 h of it).
    static let halves: [(Int64, Int64, Double)] = [(day - 6 * hour, day + 12 * hour, 10), (day + 18 * hour, day + 30 * hour, 30)]

    @Test func twoIntervalsHalfOverlappingADayGiveTheirMeanWeightedByTheirTimeInIt() {
        let d = Self.dataset(Self.halves, share: .weighted)
        let index = d.index(.day, containing: Self.day)
        // (10 × 12 h + 30 × 6 h) / 18 h, where the plain mean would be 20.
        let stats = d.stats(.day, index: index, value: 1)
        #expect(stats == Stats(count: 64_800, sum: 1_080_000, min: 10, max: 30))
        #expect(stats.mean == 1_080_000.0 / 64_800)
        #expect(d.stats(.day, index: index - 1, value: 1).mean == 10)
        #expect(d.stats(.day, index: index + 1, value: 1).mean == 30)
        // The week holds both whole: (10 × 18 h + 30 × 12 h) / 30 h.
        #expect(d.stats(.week, index: d.index(.week, containing: Self.day), value: 1) == Stats(count: 108_000, sum: 1_944_000, min: 10, max: 30))
        // An hour holds one or the other, or none.
        let hours = d.page(.day, index: index, value: 1).buckets
        #expect(hours[11].stats == Stats(count: 3600, sum: 36_000, min: 10, max: 10))
        #expect(hours[14].stats.isEmpty)
        #expect(hours[23].stats == Stats(count: 3600, sum: 108_000, min: 30, max: 30))
        // The duration still counts each interval once, with its time in the day.
        #expect(d.stats(.day, index: index) == Stats(count: 2, sum: 64_800, min: 21_600, max: 43_200))
        #expect(d.series[0].total == Stats(count: 2, sum: 108_000, min: 43_200, max: 64_800))
        #expect(d.seriesByValue[1][0].total == Stats(count: 108_000, sum: 1_944_000, min: 10, max: 30))
    }

    @Test func aQuantityCountsWhollyInThePeriodItsIntervalStartsIn() {
        let d = Self.dataset(Self.halves, share: .atStart)
        let index = d.index(.day, containing: Self.day)
        #expect(d.stats(.day, index: index - 1, value: 1) == Stats(value: 10))
        #expect(d.stats(.day, index: index, value: 1) == Stats(value: 30))
        #expect(d.stats(.day, index: index + 1, value: 1).isEmpty)
        #expect(d.stats(.week, index: d.index(.week, containing: Self.day), value: 1) == Stats(count: 2, sum: 40, min: 10, max: 30))
        #expect(d.page(.day, index: index, value: 1).buckets[18].stats == Stats(value: 30))
    }

    /// A poll whose fieldwork starts and ends on the same date is an instant: alone it is the day's mean; beside a
    /// longer one it weighs a second.
    @Test func anInstantWeighsOneSecond() {
        let instant = Self.day + 9 * Self.hour
        let alone = Self.dataset([(instant, instant, 7)], share: .weighted)
        #expect(alone.stats(.day, index: 0, value: 1) == Stats(count: 1, sum: 7, min: 7, max: 7))
        let beside = Self.dataset([(instant, instant, 7), (Self.day + 10 * Self.hour, Self.day + 11 * Self.hour, 1)], share: .weighted)
        #expect(beside.stats(.day, index: 0, value: 1) == Stats(count: 3601, sum: 3607, min: 1, max: 7))
    }

    @Test func anIntervalWithNoValueWeighsNothing() {
        var spans = Self.halves
        spans[0].2 = .nan
        let d = Self.dataset(spans, share: .weighted)
        let index = d.index(.day, containing: Self.day)
        #expect(d.stats(.day, index: index, value: 1) == Stats(count: 21_600, sum: 648_000, min: 30, max: 30))
        #expect(d.stats(.day, index: index).count == 2)
    }

    // MARK: the fixture

    static let polls = Fixture.dataDirectory.appendingPathComponent("polls.csv").path
    static let levels: [Level] = [.day, .week, .month, .quarter]

    /// One row of `polls.csv`: UTC seconds, the pollster, and each value column's number (nil when empty).
    /// Its end is a date alone, so the poll runs to the next day's start: 10 to 13 January is four days.
    struct Poll {
        let start: Int64
        let end: Int64
        let pollster: String
        let values: [String: Double]
    }

    static func rows() throws -> (names: [String], polls: [Poll]) {
        let lines = try String(contentsOfFile: polls, encoding: .utf8).split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = lines[0].map(String.init)
        let date = { (text: Substring) -> Int64 in
            let parts = text.split(separator: "-").map { Int($0)! }
            return Fixture.utc(parts[0], parts[1], parts[2])
        }
        let polls = lines.dropFirst().map { fields in
            Poll(start: date(fields[0]), end: date(fields[1]) + 86_400, pollster: String(fields[2]),
                 values: Dictionary(uniqueKeysWithValues: (3..<fields.count).compactMap { c in Double(fields[c]).map { (header[c], $0) } }))
        }
        return (Array(header[3...]), polls)
    }

    /// `value` over `[from, to)` of `polls`, by hand: each poll weighted by its seconds inside (an instant by one), or
    /// counted where it starts.
    static func byHand(_ polls: [Poll], value: String, share: IntervalShare, from: Int64, to: Int64) -> Stats {
        var stats = Stats()
        for poll in polls {
            guard let v = poll.values[value] else { continue }
            switch share {
            case .atStart:
                if poll.start >= from && poll.start < to { stats.add(v) }
            case .weighted:
                let seconds = poll.start == poll.end ? (poll.start >= from && poll.start < to ? 1 : 0)
                    : max(0, min(poll.end, to) - max(poll.start, from))
                if seconds > 0 { stats.merge(Stats(count: Int(seconds), sum: v * Double(seconds), min: v, max: v)) }
            case .overlap:
                Issue.record("the duration is not a column of the file")
            }
        }
        return stats
    }

    static func load(levels: [Level] = levels, _ configure: (inout ReadOptions) -> Void = { _ in }) throws -> LoadResult {
        var setup = LoadSetup()
        (setup.zone, setup.levels) = (ZoneRules.utc, levels)
        return try DataLoader.load([.file(polls)], options: FileSourceTests.options(series: "pollster").changed(configure), setup: setup)
    }

    /// Every period and sub-bucket of every level, pollster and value column, read by two threads, against the rows by hand.
    @Test func everyPeriodOfThePollsIsItsRowsByHand() throws {
        let (names, polls) = try Self.rows()
        let loaded = try Self.load()
        let d = Dataset(loaded: loaded, levels: Self.levels)
        #expect(d.valueNames == [ColumnNames.intervalDuration] + names)
        #expect(d.intervalShares == [.overlap, .weighted, .weighted, .atStart])
        let calendar = d.calendar
        var checked = 0
        for (v, name) in d.valueNames.enumerated().dropFirst() {
            for (s, series) in d.series.enumerated() {
                let mine = s == 0 ? polls : polls.filter { $0.pollster == series.name }
                for level in Self.levels {
                    for i in 0..<d.count(level) {
                        let page = d.page(level, index: i, series: s, value: v)
                        let period = (calendar.start(of: level.unit, ordinal: page.ordinal), calendar.end(of: level.unit, ordinal: page.ordinal))
                        #expect(page.stats == Self.byHand(mine, value: name, share: d.intervalShares[v], from: period.0, to: period.1),
                                "\(name) \(series.name) \(calendar.periodID(level, ordinal: page.ordinal))")
                        for bucket in page.buckets {
                            #expect(bucket.stats == Self.byHand(mine, value: name, share: d.intervalShares[v], from: bucket.start, to: bucket.end))
                        }
                        checked += page.stats.isEmpty ? 0 : 1
                    }
                }
            }
        }
        #expect(checked > 200)
    }

    /// `--value` picks a value of the intervals: the rows stay intervals, each one kept for the timeline and the card,
    /// and the duration is a value beside the others.
    @Test func aValueKeepsTheIntervals() throws {
        let plain = try Self.load()
        #expect(plain.valueName == ColumnNames.intervalDuration)
        #expect(plain.otherValues.map(\.name) == ["ALP_pct", "LNP_pct", "sample_size"])
        #expect(plain.notes.contains("other values: \"ALP_pct\", \"LNP_pct\", \"sample_size\" (weighted by each interval's time in a period: "
                                     + "\"ALP_pct\", \"LNP_pct\"; counted at each interval's start: \"sample_size\")"))
        let chosen = try Self.load { $0.valueColumn = "ALP_pct" }
        #expect(chosen.valueName == "ALP_pct" && chosen.suggestedAggregate == .mean)
        #expect(chosen.otherValues.map(\.name) == ["LNP_pct", "sample_size", ColumnNames.intervalDuration])
        #expect(chosen.notes.contains("value: column \"ALP_pct\", weighted by each interval's time in a period"))
        #expect(chosen.accumulator.holdsIntervals)
        #expect(chosen.intervals?.count == 18 && chosen.intervals?.count == plain.intervals?.count)
        let a = Dataset(loaded: plain, levels: Self.levels), b = Dataset(loaded: chosen, levels: Self.levels)
        for level in Self.levels {
            for i in 0..<a.count(level) {
                for s in a.series.indices {
                    #expect(b.stats(level, index: i, series: s, value: 0) == a.stats(level, index: i, series: s, value: 1))
                    #expect(b.stats(level, index: i, series: s, value: 3) == a.stats(level, index: i, series: s, value: 0))
                }
            }
        }
    }

    /// Start and end columns not named as such are paired by their times, `--value` or not.
    @Test func aValueKeepsAPairOfTimeColumnsAsIntervals() throws {
        let text = try String(contentsOfFile: Self.polls, encoding: .utf8).replacingOccurrences(of: "start,end,", with: "opened,closed,")
        let r = try Fixture.load(text) { $0.valueColumn = "LNP_pct" }
        #expect(r.accumulator.holdsIntervals && r.intervals?.count == 18)
        #expect(r.notes.contains { $0.hasPrefix("end: column \"closed\"") })
        #expect(r.valueName == "LNP_pct")
    }

    /// Past the budget no interval is kept and each pollster's days are read back from the file: every page of every
    /// value equals a full load's, a quantity counted only in the window its interval starts in.
    @Test func pagesReadBackWithinTheBudgetEqualAFullLoadsForEveryValue() throws {
        let levels: [Level] = [.week, .month, .quarter]
        let full = try Self.load(levels: levels), budgeted = try Self.load(levels: levels) { $0.memoryBudget = 1 }
        #expect(budgeted.intervals == nil && budgeted.accumulator.mergesSeriesBase)
        var setup = LoadSetup()
        setup.zone = ZoneRules.utc
        var options = FileSourceTests.options(series: "pollster")
        options.memoryBudget = 1
        let source = FileSource([.file(Self.polls)], options: options, setup: setup, loaded: budgeted)
        let dataset = Dataset(loaded: budgeted, levels: levels, finePages: FinePages(source: source, mode: .inline, budget: 1 << 20))
        let readsBack = dataset.readsPages(of: .week, series: 1)
        #expect(readsBack)
        let reference = MemoryBudgetTests.pages(Dataset(loaded: full, levels: levels)), read = MemoryBudgetTests.pages(dataset)
        #expect(read.count == reference.count && reference.count > 100)
        for (key, buckets) in reference where read[key] != buckets {
            Issue.record("page \(key) differs: \(read[key] ?? []) for \(buckets)")
        }
    }

    /// Polls appended to a followed file count as a load of the whole file does, every value alike.
    @Test func pollsAppendedToAFollowedFileCountAsAWholeLoadDoes() throws {
        let lines = try String(contentsOfFile: Self.polls, encoding: .utf8).split(separator: "\n").map { $0 + "\n" }
        var setup = LoadSetup()
        (setup.zone, setup.levels) = (ZoneRules.utc, [.week, .month])
        let options = Fixture.options { $0.seriesColumn = "pollster" }
        try Fixture.withFile("polls.csv", lines.prefix(9).joined()) { path in
            let follower = try #require(FileFollower(path: path, result: try DataLoader.load([.file(path)], options: options, setup: setup),
                                                     options: options))
            try FileFollowerTests.append(lines.dropFirst(9).joined(), to: path)
            let grown = try #require(try follower.poll()).result
            let whole = try DataLoader.load([.file(path)], options: options, setup: setup)
            #expect(grown.otherValues.map(\.name) == whole.otherValues.map(\.name) && grown.accepted == 18)
            let pages = MemoryBudgetTests.pages(Dataset(loaded: whole, levels: setup.levels!))
            #expect(MemoryBudgetTests.pages(Dataset(loaded: grown, levels: setup.levels!)) == pages && pages.count > 50)
        }
    }
}

extension ReadOptions {
    /// These options as `configure` changes them.
    func changed(_ configure: (inout ReadOptions) -> Void) -> ReadOptions {
        var options = self
        configure(&options)
        return options
    }
}
