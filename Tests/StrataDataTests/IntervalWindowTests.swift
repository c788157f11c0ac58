import Foundation
import Testing
@testable import StrataData

/// A file's intervals read a window at a time (`FileSource.intervals`)
/// against brute force: the index a load keeps when every interval fits,
/// asked for the same ranges. A load past its budget keeps none, and its
/// periods are the same as the full load's.
struct IntervalWindowTests {
    static let newYork = Fixture.newYork

    /// Talks in three rooms over three days across New York's spring clock
    /// change: some overlapping, some of no length, some over midnight.
    struct Talks {
        struct Row {
            let start: Int64
            let text: String
        }

        let rows: [Row]
        static let header = "start,end,room,title"

        init(seed: UInt64) {
            var random = SplitMix(seed: seed)
            var rows: [Row] = []
            var t = Fixture.utc(2024, 3, 9, 2)
            var n = 0
            while t < Fixture.utc(2024, 3, 12, 6) {
                let length = random.next() % 9 == 0 ? 0 : Int64(random.next() % 4) * 3600 + Int64(random.next() % 60) * 60
                let room = ["Hall", "Lab", "Attic"][Int(random.next() % 3)]
                n += 1
                rows.append(Row(start: t, text: "\(FileSourceTests.iso(t)),\(FileSourceTests.iso(t + length)),\(room),talk \(n % 40)"))
                t += 60 * Int64(1 + random.next() % 50)
            }
            self.rows = rows
        }

        func text(shuffledWith seed: UInt64? = nil) -> String {
            var rows = self.rows
            if let seed {
                var random = SplitMix(seed: seed)
                for i in rows.indices.reversed() where i > 0 { rows.swapAt(i, Int(random.next() % UInt64(i + 1))) }
            }
            return ([Self.header] + rows.map(\.text)).joined(separator: "\n") + "\n"
        }
    }

    /// Two threads and small buffers; `budget` in bytes (nil: every interval kept).
    static func options(budget: Int64?) -> ReadOptions {
        var options = FileSourceTests.options(series: "room")
        options.endColumn = "end"
        options.memoryBudget = budget
        return options
    }

    static func load(_ path: String, budget: Int64?) throws -> LoadResult {
        try DataLoader.load([.file(path)], options: options(budget: budget), calendar: newYork, baseUnit: .hour)
    }

    /// One interval as the timeline shows it: its series' name, times, label and record.
    struct Shown: Hashable, CustomStringConvertible {
        let series: String
        let start: Int64
        let end: Int64
        let label: String
        let location: String?

        var description: String { "\(series) \(start)–\(end) \(label) \(location ?? "-")" }
    }

    static func shown(_ index: IntervalIndex, series names: [String], from: Int64, to: Int64) -> [Shown] {
        names.indices.flatMap { s in
            index.overlapping(series: s, from: from, to: to).map { i in
                let r = index.bySeries[s][i]
                return Shown(series: names[s], start: r.start, end: r.end, label: index.label(r), location: index.location(r))
            }
        }
    }

    /// Windows of an hour, a day and three, anywhere; the 23-hour day; one second.
    static func windows(seed: UInt64) -> [Range<Int64>] {
        var random = SplitMix(seed: seed)
        let first = Fixture.utc(2024, 3, 8, 12)
        var windows = (0..<30).map { i -> Range<Int64> in
            let start = first + Int64(random.next() % (86_400 * 4))
            let length = [3600, 86_400, 3 * 86_400][i % 3] + Int64(random.next() % 120)
            return start..<(start + length)
        }
        let day = newYork.start(of: .day, ordinal: newYork.ordinal(of: .day, at: Fixture.utc(2024, 3, 10, 12)))
        windows += [day..<newYork.end(of: .day, ordinal: newYork.ordinal(of: .day, at: day)), day..<(day + 1)]
        return windows
    }

    /// - Parameter inflated: a gzip file, whose every window would be inflated from its start: it keeps them all.
    static func check(_ path: String, seed: UInt64, inflated: Bool = false) throws {
        let full = try load(path, budget: nil)
        let reference = try #require(full.intervals)
        let bounded = try load(path, budget: 64 * 40 * 4)
        // Past 64 intervals none are kept; the periods are the full load's.
        #expect((bounded.intervals == nil) == !inflated)
        #expect(bounded.accumulator.holdsIntervals)
        #expect(bounded.seriesNames == full.seriesNames)
        // Nor each room's hours: only every room's together. A gzip, read once, cannot read them
        // back: past the budget it keeps each room's days as its base, and lets the hours go.
        #expect(bounded.accumulator.mergesSeriesBase == !inflated)
        #expect(bounded.accumulator.baseUnit == (inflated ? .day : .hour))
        let days = { (loaded: LoadResult) -> [[Stats]] in
            let dataset = Dataset(loaded: loaded, levels: [.day])
            return dataset.series.indices.map { s in (0..<dataset.count(.day)).map { dataset.stats(.day, index: $0, series: s) } }
        }
        #expect(days(bounded) == days(full))
        if !inflated {
            let all = Dataset(loaded: full, levels: [.day]).series[0].buckets
            #expect(Dataset(loaded: bounded, levels: [.day]).series[0].buckets.stats == all.stats)
            for s in full.seriesNames.indices {
                #expect(bounded.accumulator.sortedPeriods(of: .day, series: s)?.stats == full.accumulator.sortedPeriods(of: .day, series: s)?.stats)
            }
        }
        var setup = LoadSetup()
        setup.zone = newYork.zone
        let source = FileSource([.file(path)], options: options(budget: 64 * 40 * 4), setup: setup, loaded: bounded)
        var seen = 0
        for window in windows(seed: seed) {
            let read = try #require(try source.intervals(from: window.lowerBound, to: window.upperBound, progress: nil))
            let found = shown(read, series: bounded.seriesNames, from: window.lowerBound, to: window.upperBound)
            let expected = shown(reference, series: full.seriesNames, from: window.lowerBound, to: window.upperBound)
            #expect(found == expected, "\(window): \(found.count) intervals, expected \(expected.count)")
            // A window holds only what overlaps it.
            #expect(read.count == found.count)
            seen += found.count
        }
        #expect(seen > 300)
    }

    @Test func aSortedFilesWindowsMatchEveryIntervalKept() throws {
        try Fixture.withFile("talks.csv", Talks(seed: 1).text()) { path in try Self.check(path, seed: 2) }
    }

    @Test func aShuffledFilesWindowsMatchEveryIntervalKept() throws {
        try Fixture.withFile("talks.csv", Talks(seed: 3).text(shuffledWith: 4)) { path in try Self.check(path, seed: 5) }
    }

    @Test func aGzipFilesWindowsMatchEveryIntervalKept() throws {
        try Fixture.withFolder { folder in
            let gz = try Fixture.gzip(Fixture.write("talks.csv", Talks(seed: 6).text(), in: folder))
            try Self.check(gz, seed: 7, inflated: true)
        }
    }

    /// The longest interval is still named when none are kept.
    @Test func anOutlierIsNotedWhenNoneAreKept() throws {
        var text = Talks(seed: 8).text()
        text += "2024-03-09T10:00:00Z,2025-03-09T10:00:00Z,Hall,the typo\n"
        try Fixture.withFile("talks.csv", text) { path in
            var setup = LoadSetup()
            setup.zone = Self.newYork.zone
            for budget: Int64? in [nil, 64 * 40 * 4] {
                let result = try DataLoader.load([.file(path)], options: Self.options(budget: budget), setup: setup)
                #expect((result.intervals == nil) == (budget != nil))
                let note = result.notes.first { $0.hasPrefix("intervals: the longest") }
                #expect(note?.contains("talks.csv:\(text.split(separator: "\n").count)") == true, "\(result.notes)")
            }
        }
    }
}
