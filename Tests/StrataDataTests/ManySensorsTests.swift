import Foundation
import Testing
@testable import StrataData

/// A series column of more names than half the sample's rows: 1,000
/// sensors read every minute, of which a shuffled sample of 780 rows meets
/// about 530. The rows read on past the sample tell it from an id: each
/// sensor has a row at (almost) every minute, where a user of events or a
/// request id has one at few. Every order and every road gives the same
/// picks; the near-misses (ids, messages, users) are never series.
struct ManySensorsTests {
    enum Order: String, CaseIterable, Sendable { case byTime, bySensor, shuffled }
    typealias Road = Fixture.Road

    static let sensors = 1_000
    static let start = Fixture.utc(2024, 3, 1)

    /// Sensor `s`'s reading at minute `m`: its own level plus the minute's hundredths.
    static func reading(_ s: Int, _ m: Int) -> Double { 20 + Double(s % 7) + Double(m % 60) / 100 }

    /// `rows` shuffled with a fixed seed.
    static func shuffled<T>(_ rows: [T], seed: UInt64) -> [T] {
        var rows = rows, random = SplitMix(seed: seed)
        for i in rows.indices.reversed() { rows.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        return rows
    }

    /// Every sensor read at each of `minutes` minutes, in `order`.
    static func csv(_ order: Order, minutes: Int) -> String {
        var rows: [(m: Int, s: Int)] = order == .bySensor
            ? (0..<sensors).flatMap { s in (0..<minutes).map { (m: $0, s: s) } }
            : (0..<minutes).flatMap { m in (0..<sensors).map { (m: m, s: $0) } }
        if order == .shuffled { rows = shuffled(rows, seed: 33) }
        let stamps = (0..<minutes).map { Fixture.iso(start + Int64($0) * 60) }
        var text = "time,sensor,temp\n"
        for (m, s) in rows { text += "\(stamps[m]),s\(String(1_000 + s).dropFirst()),\(String(format: "%.2f", reading(s, m)))\n" }
        return text
    }

    /// Two and a half hours: 150,000 rows, about 4.9 MB, past the 4 MB the
    /// rows read on reach, so a shuffled file's names and times are estimated.
    @Test(arguments: Order.allCases, Road.allCases)
    func sensorsInAnyOrderAreSeries(_ order: Order, _ road: Road) throws {
        let r = try Fixture.load(Self.csv(order, minutes: 150), name: "sensors.csv", road: road)
        #expect(r.seriesColumn == "sensor", "\(r.notes)")
        #expect(r.valueName == "temp", "\(r.notes)")
        #expect(r.suggestedAggregate == .mean)
        #expect(r.notes.contains { $0.hasPrefix("series: 1000 names in \"sensor\", more than 50: the 49 largest") }, "\(r.notes)")
        if order == .shuffled {
            #expect(r.notes.contains { $0.hasPrefix("series: column \"sensor\" (each of about 1000 names has a row at most of about 150 times") },
                    "\(r.notes)")
        }
        #expect(r.levels.first == .hour, "\(r.notes)")
        // Hour 1 (minutes 60 to 119): 60 readings of each sensor. Its mean is
        // 20 + the mean of s % 7 over 1,000 sensors (142 whole weeks of 0…6
        // and 0…5: 2,997 / 1,000) + the mean minute's hundredths (29.5 / 100).
        let d = Dataset(loaded: r, levels: r.levels)
        let stats = d.stats(.hour, index: d.index(.hour, containing: Self.start + 3600))
        #expect(stats.count == 60 * Self.sensors)
        #expect(abs(try #require(stats.mean) - (20 + 2.997 + 0.295)) < 1e-9)
    }

    /// Two hours, 3.96 MB: the rows read on are the whole file, so nothing is estimated.
    @Test(arguments: Road.allCases)
    func aShuffledFileReadToItsEndCountsItsNames(_ road: Road) throws {
        let r = try Fixture.load(Self.csv(.shuffled, minutes: 120), name: "sensors.csv", road: road)
        #expect(r.notes.contains("series: column \"sensor\" (each of 1000 names has a row at most of 120 times, "
                                 + "as 120000 rows read on show; --series none turns this off)"), "\(r.notes)")
    }

    // MARK: Near-misses: many names, no series

    /// Seconds into three days, `count` of them at random, in time order.
    static func eventTimes(_ count: Int, seed: UInt64) -> [Int64] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { _ in Int64(random.next() % (3 * 86_400)) }.sorted()
    }

    enum NearMiss: String, CaseIterable, Sendable {
        /// A request id on every row (20,000 requests, shuffled).
        case requestIds
        /// A free-text message on every row, a few of them alike.
        case messages
        /// 5,000 user ids over 800 rows, in time order and shuffled.
        case fewUsersSorted, fewUsersShuffled
        /// 5,000 users of 150,000 events at random seconds, shuffled: names
        /// repeat past the sample, and times are shared, but each user has
        /// a row at 30 of 259,200 seconds.
        case busyUsers
    }

    static func csv(_ shape: NearMiss) -> String {
        var random = SplitMix(seed: 5)
        let words = ["disk", "full", "timeout", "retry", "login", "cache", "miss", "slow", "query"]
        switch shape {
        case .requestIds, .messages, .busyUsers:
            let times = eventTimes(shape == .busyUsers ? 150_000 : 20_000, seed: 9)
            let rows = times.map { t -> String in
                let stamp = Fixture.iso(start + t), size = 100 + random.next() % 9_000
                switch shape {
                case .requestIds: return "\(stamp),\(String(random.next(), radix: 16)),\(size)"
                case .messages:
                    let word = { words[Int(random.next() % UInt64(words.count))] }
                    return "\(stamp),\(word()) \(word()) \(word()) #\(random.next() % 100_000),\(size)"
                default: return "\(stamp),u\(random.next() % 5_000),\(size)"
                }
            }
            let header = shape == .requestIds ? "time,request_id,bytes" : shape == .messages ? "time,message,bytes" : "time,user,spent"
            return header + "\n" + shuffled(rows, seed: 3).joined(separator: "\n") + "\n"
        case .fewUsersSorted, .fewUsersShuffled:
            var rows = eventTimes(800, seed: 4).map { "\(Fixture.iso(start + $0)),u\(random.next() % 5_000),\(1 + random.next() % 500)" }
            if shape == .fewUsersShuffled { rows = shuffled(rows, seed: 8) }
            return "time,user,spent\n" + rows.joined(separator: "\n") + "\n"
        }
    }

    @Test(arguments: NearMiss.allCases, Road.allCases)
    func idsMessagesAndUsersAreNoSeries(_ shape: NearMiss, _ road: Road) throws {
        let r = try Fixture.load(Self.csv(shape), name: "events.csv", road: road)
        #expect(r.seriesColumn == nil, "\(r.notes)")
        #expect(!r.notes.contains { $0.hasPrefix("series:") }, "\(r.notes)")
        #expect(r.valueName == ColumnNames.countedRows, "\(r.notes)")
    }
}

/// The rule itself, on keys and times small enough to count by hand.
struct ManyNamesRuleTests {
    @Test func namesThatRepeatPastHalfTheRowsNeedMoreRows() {
        let times: [Int64] = [0, 60, 120, 180]
        #expect(SeriesRule.needsMoreRows(keys: ["a", "b", "c", "a"], times: times))
        #expect(!SeriesRule.needsMoreRows(keys: ["a", "b", "c", "d"], times: times))  // one row each: an id
        #expect(!SeriesRule.needsMoreRows(keys: ["a", "b", "a", "b"], times: times))  // half: the sample decides
        #expect(!SeriesRule.needsMoreRows(keys: ["a", "b", "c", ""], times: times))
    }

    @Test func everyKeyAtHalfTheTimesCovers() {
        // 3 keys at 4 times, 10 of the 12 rows: each key has 10 / 3 rows over 4 times.
        let full = (0..<4).flatMap { t in ["a", "b", "c"].map { (Int64(t * 60), $0) } }
        let rows = full.enumerated().filter { $0.offset != 4 && $0.offset != 9 }.map(\.element)
        #expect(SeriesRule.coversTimes(keys: rows.map(\.1), times: rows.map(\.0), inputRows: rows.count))
        // 3 keys at 8 times, a row each of 12 of them: 4 rows a key over 8 times, half of them exactly.
        let sparse = (0..<12).map { (Int64($0 % 8 * 60), ["a", "b", "c"][$0 % 3]) }
        #expect(SeriesRule.coversTimes(keys: sparse.map(\.1), times: sparse.map(\.0), inputRows: 12))
        // 3 keys at 12 times, a row at each: 4 rows a key over 12 times, a third of them.
        let events = (0..<12).map { (Int64($0 * 60), ["a", "b", "c"][$0 % 3]) }
        #expect(!SeriesRule.coversTimes(keys: events.map(\.1), times: events.map(\.0), inputRows: 12))
    }

    @Test func unmetValuesAreEstimatedFromThoseMetOnceAndTwice() {
        // Met: 1 twice, 2 once, 3 three times, 4 once: 4 + 2·1 / (2·(1 + 1)) = 4.5.
        #expect(SeriesRule.distinctCount([1, 1, 2, 3, 3, 3, 4], of: 100) == 4.5)
        #expect(SeriesRule.distinctCount([1, 1, 2, 3, 3, 3, 4], of: 7) == 4)
    }
}
