import Foundation
import Testing
@testable import StrataData

/// The picks hold whatever the row order: a shuffled file's sample is a
/// few rows from all over its span, not a run of neighbours, so its gaps
/// are wider than the rows' and would pick coarser levels than the same
/// rows sorted.
struct RowOrderTests {
    /// Readings every hour for sixty days at two stations, sorted or shuffled.
    static func hourly(shuffled: Bool) -> String {
        var rows = (0..<(60 * 24)).flatMap { h in
            ["North", "South"].map { station in "\(Fixture.iso(Fixture.utc(2023, 2, 1) + Int64(h) * 3600)),\(station),\(h % 7).5" }
        }
        if shuffled { shuffle(&rows, seed: 16) }
        return "time,station,rain_mm\n" + rows.joined(separator: "\n") + "\n"
    }

    /// 3,000 orders at random seconds over sixty days (about 29 minutes apart), sorted or shuffled.
    static func orders(shuffled: Bool) -> String {
        var random = SplitMix(seed: 3)
        var times = (0..<3000).map { _ in Fixture.utc(2024, 1, 1) + Int64(random.next() % (60 * 86_400)) }
        times.sort()
        var rows = times.enumerated().map { "\(Fixture.iso($1)),\(100 + $0 % 50).25" }
        if shuffled { shuffle(&rows, seed: 4) }
        return "when,amount\n" + rows.joined(separator: "\n") + "\n"
    }

    static func shuffle(_ rows: inout [String], seed: UInt64) {
        var random = SplitMix(seed: seed)
        for i in rows.indices.reversed() where i > 0 { rows.swapAt(i, Int(random.next() % UInt64(i + 1))) }
    }

    static func load(_ text: String, piped: Bool = false) throws -> LoadResult {
        var setup = LoadSetup()
        setup.zone = Fixture.utc.zone
        guard piped else {
            return try Fixture.withFile("data.csv", text) { path in try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup) }
        }
        return try Fixture.withPipe(Array(text.utf8)) { path in try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup) }
    }

    /// Hourly readings on a grid: the grid's step shows in the sample.
    @Test func shuffledHourlyReadingsGetTheSortedOnesLevels() throws {
        let sorted = try Self.load(Self.hourly(shuffled: false)), shuffled = try Self.load(Self.hourly(shuffled: true))
        #expect(sorted.levels == [.day, .week, .month] && sorted.profile.typicalGap == 3600)
        #expect(shuffled.levels == sorted.levels && shuffled.profile.typicalGap == 3600)
    }

    /// A pipe's sample is its first rows: shuffled, they are still a sample
    /// from all over the span, and how many rows it stands for is not known.
    /// The levels may be coarser; the numbers are the same.
    @Test func aShuffledPipeKeepsItsNumbers() throws {
        let file = try Self.load(Self.hourly(shuffled: true)), piped = try Self.load(Self.hourly(shuffled: true), piped: true)
        for level in Set(file.levels).intersection(piped.levels) {
            let (a, b) = (Dataset(loaded: file, levels: file.levels), Dataset(loaded: piped, levels: piped.levels))
            #expect(a.count(level) == b.count(level))
            for i in 0..<a.count(level) { #expect(a.stats(level, index: i) == b.stats(level, index: i)) }
        }
    }

    /// Events at any second: a file's size says how many rows its sample
    /// stands for, and so how much narrower the rows' gaps are.
    @Test func aShuffledFileOfEventsGetsTheSortedOnesLevels() throws {
        let sorted = try Self.load(Self.orders(shuffled: false)), shuffled = try Self.load(Self.orders(shuffled: true))
        #expect(sorted.levels == [.day, .week, .month])
        #expect(shuffled.levels == sorted.levels)
        let gaps = (try #require(sorted.profile.typicalGap), try #require(shuffled.profile.typicalGap))
        #expect(gaps.1 * 2 > gaps.0 && gaps.1 < gaps.0 * 2, "\(gaps)")
    }
}
