import Foundation
import Testing
@testable import StrataData

/// The series column, and readings or events, found whatever the rows'
/// order and the columns' names: files generated here, in shapes no
/// fixture shows, each read with no flags.
struct SeriesPickTests {
    enum Order: String, CaseIterable, Sendable { case bySeries, bySeriesDescending, byTime, shuffled }

    /// `seriesCount` series of hourly readings over `days` days, the series
    /// column in the middle of the others and named `column`.
    private func readings(seriesCount: Int, days: Int, column: String, order: Order, seed: UInt64) -> String {
        var random = SplitMix(seed: seed)
        let names = (0..<seriesCount).map { "site-\(Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))))" }
        var rows: [(time: Int, series: Int, line: String)] = []
        for s in 0..<seriesCount {
            for h in 0..<(days * 24) {
                let time = CivilDate(year: 2022, month: 5, day: 1).dayNumber * 86_400 + h * 3600
                let level = 900 + Int(random.next() % 200)
                rows.append((time, s, "\(Self.iso(time)),\(level),\(names[s]),\(random.next() % 100)"))
            }
        }
        switch order {
        case .bySeries: rows.sort { ($0.series, $0.time) < ($1.series, $1.time) }
        case .bySeriesDescending: rows.sort { ($1.series, $0.time) < ($0.series, $1.time) }
        case .byTime: rows.sort { ($0.time, $0.series) < ($1.time, $1.series) }
        case .shuffled:
            for i in rows.indices.reversed() { rows.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        }
        return "when,pressure,\(column),gauge\n" + rows.map(\.line).joined(separator: "\n") + "\n"
    }

    private static func iso(_ seconds: Int) -> String {
        let day = CivilDate(dayNumber: seconds / 86_400)
        let h = seconds % 86_400 / 3600
        return "\(day.isoString)T\(h < 10 ? "0" : "")\(h):00:00Z"
    }

    private func load(_ text: String) throws -> LoadResult {
        try Fixture.withFile("readings.csv", text) { path in
            var setup = LoadSetup()
            setup.fallbackZone = .utc
            return try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup)
        }
    }

    @Test(arguments: Order.allCases, [(3, "station"), (7, "Sensor Name"), (20, "loc")])
    func seriesOfReadingsInAnyOrder(_ order: Order, _ shape: (count: Int, column: String)) throws {
        let r = try load(readings(seriesCount: shape.count, days: 12, column: shape.column, order: order, seed: 7))
        #expect(r.seriesColumn == shape.column, "\(order) \(shape)")
        #expect(r.seriesNames.count == shape.count)
        #expect(r.valueName == "pressure", "readings, not events: \(r.notes)")
        #expect(r.suggestedAggregate == .mean)
        #expect(r.levels.first == .day)
        #expect(r.notes.contains { $0.hasPrefix("series: column \"\(shape.column)\"") })
    }

    /// Stations that read every 10 minutes, each at its own minute and
    /// second: no time is shared, yet each station is a steady series beside
    /// the others, sorted by station or by time.
    @Test(arguments: [Order.bySeries, .bySeriesDescending, .byTime])
    func readingsAtTheirOwnMinutesAreSeries(_ order: Order) throws {
        var random = SplitMix(seed: 9)
        var rows: [(time: Int, series: Int, line: String)] = []
        let start = CivilDate(year: 2024, month: 1, day: 1).dayNumber * 86_400
        for (s, offset) in [0, 437, 1_081].enumerated() {
            for k in 0..<3000 {
                let t = start + offset + k * 600
                rows.append((t, s, "\(Self.iso(t / 3600 * 3600).dropLast(6))\(Self.twoDigits(t % 3600 / 60)):\(Self.twoDigits(t % 60))Z,"
                    + "st\(s),\(Int(random.next() % 300)).\(random.next() % 10)"))
            }
        }
        switch order {
        case .bySeries: rows.sort { ($0.series, $0.time) < ($1.series, $1.time) }
        case .bySeriesDescending: rows.sort { ($1.series, $0.time) < ($0.series, $1.time) }
        default: rows.sort { ($0.time, $0.series) < ($1.time, $1.series) }
        }
        let r = try load("time,station,temp\n" + rows.map(\.line).joined(separator: "\n") + "\n")
        #expect(r.seriesColumn == "station", "\(order): \(r.notes)")
        #expect(r.valueName == "temp")
        #expect(r.notes.contains("series: column \"station\" (each station's rows are readings at a steady pace, side by side in time; "
                                 + "--series none turns this off)"))
    }

    /// Sales at random seconds, each labelled with its store: events, split
    /// by nothing, whether the file is sorted by store, by time or not at all.
    @Test(arguments: Order.allCases)
    func eventsLabelledWithAStoreAreNotASeriesInAnyOrder(_ order: Order) throws {
        var random = SplitMix(seed: 13)
        var rows: [(time: Int, series: Int, line: String)] = []
        var t = CivilDate(year: 2025, month: 1, day: 1).dayNumber * 86_400
        for _ in 0..<8000 {
            t += 1 + Int(random.next() % 1400)
            let store = Int(random.next() % 4)
            rows.append((t, store, "\(Self.iso(t / 3600 * 3600).dropLast(6))\(Self.twoDigits(t % 3600 / 60)):\(Self.twoDigits(t % 60))Z,"
                + "store-\(store),\(random.next() % 1000).\(random.next() % 100)"))
        }
        switch order {
        case .bySeries: rows.sort { ($0.series, $0.time) < ($1.series, $1.time) }
        case .bySeriesDescending: rows.sort { ($1.series, $0.time) < ($0.series, $1.time) }
        case .byTime: break
        case .shuffled: for i in rows.indices.reversed() { rows.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        }
        let r = try load("sold_at,store,amount\n" + rows.map(\.line).joined(separator: "\n") + "\n")
        #expect(r.seriesColumn == nil, "\(order): \(r.notes)")
        #expect(r.countsRows)
    }

    /// Days labelled with their weekday: a part of the date, not seven weekly series.
    @Test func aWeekdayColumnIsNotASeries() throws {
        var text = "date,dow,visits\n"
        let first = CivilDate(year: 2023, month: 1, day: 2).dayNumber
        for d in 0..<400 {
            text += "\(CivilDate(dayNumber: first + d).isoString),\(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][d % 7]),\(50 + d % 37)\n"
        }
        let r = try load(text)
        #expect(r.seriesColumn == nil)
        #expect(r.valueName == "visits")
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// A text column that changes with the rows but never shares a time
    /// (one station's daily weather: sun, rain, fog) is not a series.
    @Test func aConditionColumnIsNotASeries() throws {
        var random = SplitMix(seed: 3)
        var text = "date,weather,rain\n"
        let first = CivilDate(year: 2015, month: 1, day: 1).dayNumber
        for d in 0..<900 {
            let weather = ["sun", "rain", "fog", "snow"][Int(random.next() % 4)]
            text += "\(CivilDate(dayNumber: first + d).isoString),\(weather),\(random.next() % 30)\n"
        }
        let r = try load(text)
        #expect(r.seriesColumn == nil)
        #expect(r.valueName == "rain")
    }

    /// Events (several rows per series per time) stay events when split:
    /// the column does not explain the repeats.
    @Test func eventsThatShareTimesUnderOneValueAreNotASeries() throws {
        var text = "time,origin,delay\n"
        var random = SplitMix(seed: 5)
        for h in 0..<600 {
            for _ in 0..<(2 + Int(random.next() % 3)) {
                text += "\(Self.iso(1_600_000_000 / 3600 * 3600 + h * 3600)),\(["JFK", "EWR"][Int(random.next() % 2)]),\(random.next() % 50)\n"
            }
        }
        let r = try load(text)
        #expect(r.seriesColumn == nil)
        #expect(r.countsRows)
    }

    /// An id column counting 1, 2, 3… in each chunk the sample reads is still a row number.
    @Test func aRowNumberIsRefusedAcrossTheSampledChunks() throws {
        var text = "n,date,amount\n"
        let first = CivilDate(year: 2000, month: 1, day: 1).dayNumber
        for d in 0..<5000 { text += "\(d + 1),\(CivilDate(dayNumber: first + d).isoString),\(d * 7 % 13)\n" }
        let r = try load(text)
        #expect(r.valueName == "amount")
        #expect(!r.notes.contains { $0.contains("\"n\"") && $0.hasPrefix("other values") })
    }
}

/// Numbers that are not values stay out of "other values"; durations named like times stay in.
struct OtherValuesNoteTests {
    @Test func idsAndDatePartsAreLeftOutAndDurationsKept() throws {
        var text = "time_hour,flight,day_of_year,dayOfWeek,dep_time,air_time,distance\n"
        var random = SplitMix(seed: 11)
        for k in 0..<300 {
            let hour = 1_700_000_000 / 3600 * 3600 + (k / 3) * 3600
            let day = CivilDate(dayNumber: hour / 86_400)
            let h = hour % 86_400 / 3600
            let minutes = 30 + Int(random.next() % 400)
            text += "\(day.isoString) \(h < 10 ? "0" : "")\(h):00:00,\(100 + random.next() % 4000),\(hour / 86_400 % 365 + 1),"
                + "\(hour / 86_400 % 7 + 1),\(h * 100 + Int(random.next() % 60)),\(minutes),\(200 + random.next() % 2000)\n"
        }
        let r = try Fixture.load(text, baseUnit: .hour)
        let note = try #require(r.notes.first { $0.hasPrefix("other values:") })
        #expect(note == "other values: \"air_time\", \"distance\"")
        #expect(r.otherValues.map(\.name) == ["air_time", "distance"])
    }
}
