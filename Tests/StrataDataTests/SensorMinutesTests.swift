import Foundation
import Testing
@testable import StrataData

/// Many sensors read every minute: sorted by time, each minute holds more
/// rows than the head sample and each chunk of the spread sample, so no
/// run of the sample sees a second time (issue 36, item 18). Every order
/// and every road opens on hours and days of minute readings, with the
/// same picks.
struct SensorMinutesTests {
    enum Order: String, CaseIterable, Sendable { case byTime, bySensor, shuffled }
    typealias Road = Fixture.Road

    /// More sensors than the head's 100 rows, over a day and two hours.
    static let sensors = 110, minutes = 26 * 60
    static let start = Fixture.utc(2024, 3, 1)

    /// Sensor `s`'s reading at minute `m`: its own level plus the minute's hundredths.
    static func reading(_ s: Int, _ m: Int) -> Double { 20 + Double(s % 7) + Double(m % 60) / 100 }

    static func csv(_ order: Order) -> String {
        var rows: [(m: Int, s: Int)] = order == .bySensor
            ? (0..<sensors).flatMap { s in (0..<minutes).map { (m: $0, s: s) } }
            : (0..<minutes).flatMap { m in (0..<sensors).map { (m: m, s: $0) } }
        if order == .shuffled {
            var random = SplitMix(seed: 36)
            for i in rows.indices.reversed() { rows.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        }
        let stamps = (0..<minutes).map { Fixture.iso(start + Int64($0) * 60) }
        var text = "time,sensor,temp\n"
        for (m, s) in rows {
            text += "\(stamps[m]),s\(s < 10 ? "00" : s < 100 ? "0" : "")\(s),\(String(format: "%.2f", reading(s, m)))\n"
        }
        return text
    }

    @Test(arguments: Order.allCases, Road.allCases)
    func sensorsReadEveryMinuteOpenOnHours(_ order: Order, _ road: Road) throws {
        let r = try Fixture.load(Self.csv(order), name: "sensors.csv", road: road)
        #expect(r.levels == [.hour, .day], "\(r.notes)")
        #expect(r.notes.contains { $0.hasPrefix("levels: hour,day (times about 1 min apart") }, "\(r.notes)")
        // Hour 10: every sensor's 60 readings, counted and averaged here from the readings themselves.
        let d = Dataset(loaded: r, levels: r.levels)
        let hour = Self.start + 10 * 3600
        var sum = 0.0, count = 0
        for m in 600..<660 { for s in 0..<Self.sensors { sum += Self.reading(s, m); count += 1 } }
        let stats = d.stats(.hour, index: d.index(.hour, containing: hour))
        #expect(stats.count == count)
        // Sorted by sensor, each run of the sample holds one sensor, so its
        // head (all a pipe has) shows no series: the rows are counted.
        guard order != .bySensor else { return }
        #expect(r.seriesColumn == "sensor", "\(r.notes)")
        #expect(r.valueName == "temp", "\(r.notes)")
        #expect(r.suggestedAggregate == .mean)
        #expect(abs(try #require(stats.mean) - sum / Double(count)) < 1e-9)
    }
}
