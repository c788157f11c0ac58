import Foundation
import Testing
@testable import StrataData

/// Files in the shapes published tables come in, each generated with the
/// instant every row stands for, read with no flags in time order and
/// shuffled, as a file and through a pipe. Every row must land on its own
/// instant, which the test works out from the calendar date it wrote.
struct TimeReadingCorpusTests {
    /// One generated table: its text's rows and each row's true instant and value.
    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        let header: String
        /// The row's cells, its instant (UTC seconds), and its value (nil: an empty cell, not counted).
        let rows: [(line: String, instant: Int64, value: Double?)]
        /// Words the time's pick line must hold.
        let timeNote: String
        var zoneNote = "zone: UTC"
        /// What its value opens on: a level's mean, a quantity's sum.
        var aggregate = Aggregate.sum
        var testDescription: String { name }

        func text(shuffled: Bool) -> String {
            var lines = rows.map(\.line)
            if shuffled {
                var random = SplitMix(seed: 7)
                for i in stride(from: lines.count - 1, to: 0, by: -1) { lines.swapAt(i, Int(random.next() % UInt64(i + 1))) }
            }
            return ([header] + lines).joined(separator: "\n") + "\n"
        }

        /// Each minute's row count and sum, worked out from the rows written.
        var expected: [Int64: (count: Int, sum: Double)] {
            var byMinute: [Int64: (count: Int, sum: Double)] = [:]
            for row in rows {
                guard let value = row.value else { continue }
                let minute = row.instant - ((row.instant % 60) + 60) % 60
                byMinute[minute, default: (0, 0)].count += 1
                byMinute[minute, default: (0, 0)].sum += value
            }
            return byMinute
        }
    }

    private static func u(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, offset: Int = 0) -> Int64 {
        Fixture.utc(y, m, d, h, mi, 0, offset: offset)
    }

    private static func pad(_ v: Int, _ width: Int = 2) -> String { Digits.pad(v, width) }

    /// Quarterly figures, one spelling of a quarter each.
    static func quarters(_ spelling: String, _ write: @escaping @Sendable (Int, Int) -> String) -> Shape {
        var rows: [(line: String, instant: Int64, value: Double?)] = []
        for y in 1970..<2000 {
            for q in 1...4 {
                let value = y - 1900 + q
                rows.append((line: "\(write(y, q)),\(value)", instant: u(y, q * 3 - 2, 1), value: Double(value)))
            }
        }
        return Shape(name: "quarters \(spelling)", header: "period,gdp", rows: rows, timeNote: "format \(spelling)")
    }

    static let shapes: [Shape] = {
        var shapes = [
            quarters("YYYYQn") { "\($0)Q\($1)" },
            quarters("YYYY Qn") { "\($0) Q\($1)" },
            quarters("YYYY-Qn") { "\($0)-Q\($1)" },
            quarters("Qn YYYY") { "Q\($1) \($0)" },
            quarters("YYYYqn") { "\($0)q\($1)" },
        ]
        // Weekly YYYYMMDD numbers with empty values, as a hydrology export writes them: a flow is a level.
        let start = CivilDate(year: 1958, month: 3, day: 29).dayNumber
        var weekly = Shape(name: "YYYYMMDD weekly", header: "date,flow", rows: (0..<300).map { i in
            let d = CivilDate(dayNumber: start + 7 * i)
            let value: Double? = i % 5 == 0 ? nil : Double(i % 17) + 0.5
            return ("\(d.year)\(pad(d.month))\(pad(d.day)),\(value.map { "\($0)" } ?? "")", Int64(d.dayNumber) * 86_400, value)
        }, timeNote: "format YYYYMMDD numbers")
        weekly.aggregate = .mean
        shapes.append(weekly)
        shapes.append(Shape(name: "YYYYMM monthly", header: "ym,sales", rows: (0..<120).map { i in
            let (y, m) = (2000 + i / 12, i % 12 + 1)
            return ("\(y)\(pad(m)),\(i % 7 + 1)", u(y, m, 1), Double(i % 7 + 1))
        }, timeNote: "format YYYYMM numbers"))
        // A month alone, in a column named as a time part.
        shapes.append(Shape(name: "YYYY-MM months", header: "month,deaths", rows: (0..<48).map { i in
            let (y, m) = (1854 + (i + 3) / 12, (i + 3) % 12 + 1)
            return ("\(y)-\(pad(m)),\(i * 37 % 500)", u(y, m, 1), Double(i * 37 % 500))
        }, timeNote: "format YYYY-MM"))
        // R writes a monthly series' time as a decimal year.
        shapes.append(Shape(name: "decimal years", header: "\"time\",\"value\"", rows: (0..<144).map { i in
            let text = i % 12 == 0 ? "\(1949 + i / 12)" : String(format: "%.5f", 1949 + Double(i) / 12)
            return ("\(text),\(100 + i % 40)", u(1949 + i / 12, i % 12 + 1, 1), Double(100 + i % 40))
        }, timeNote: "format decimal years"))
        // Levels, by their units and words: carbon dioxide as R's co2 writes it, an index, a share, a flow.
        var co2 = Shape(name: "CO2 in ppm", header: "time,CO2 (ppm)", rows: (0..<120).map { i in
            let text = i % 12 == 0 ? "\(1959 + i / 12)" : String(format: "%.5f", 1959 + Double(i) / 12)
            let ppm = 315 + Double(i) / 10 + Double(i % 12) / 4
            return ("\(text),\(ppm)", u(1959 + i / 12, i % 12 + 1, 1), ppm)
        }, timeNote: "format decimal years")
        co2.aggregate = .mean
        shapes.append(co2)
        var index = Shape(name: "a production index", header: "quarter,Industrial production index (2010=100)", rows: (0..<80).map { i in
            let (y, q) = (2000 + i / 4, i % 4 + 1)
            let level = 90 + Double(i % 9) * 1.5
            return ("\(y)-Q\(q),\(level)", u(y, q * 3 - 2, 1), level)
        }, timeNote: "format YYYY-Qn")
        index.aggregate = .mean
        shapes.append(index)
        var share = Shape(name: "a vote share", header: "date,Vote share %", rows: (0..<100).map { i in
            let day = CivilDate(year: 2022, month: 1, day: 3).adding(days: 7 * i)
            let level = 30 + Double(i % 11)
            return ("\(day.isoString),\(level)", Int64(day.dayNumber) * 86_400, level)
        }, timeNote: "format YYYY-MM-DD")
        share.aggregate = .mean
        shapes.append(share)
        // Day numbers as Python's toordinal counts them, and Excel serials in an unnamed column.
        shapes.append(Shape(name: "day numbers", header: "day,count", rows: (0..<200).map { i in
            ("\(736_389 + i),\(i % 9)", u(2017, 3, 1) + Int64(i) * 86_400, Double(i % 9))
        }, timeNote: "format day numbers"))
        shapes.append(Shape(name: "Excel serials", header: "x,count", rows: (0..<200).map { i in
            ("\(43_831 + i),\(i % 9)", u(2020, 1, 1) + Int64(i) * 86_400, Double(i % 9))
        }, timeNote: "format Excel serial days"))
        // Years every five, in a long table of countries.
        shapes.append(Shape(name: "years in a long table", header: "country,period,births", rows: ["A", "B", "C"].flatMap { c in
            stride(from: 1950, to: 2025, by: 5).map { y in ("\(c),\(y),\(y % 97)", u(y, 1, 1), Double(y % 97)) }
        }, timeNote: "format years as numbers"))
        // A date and a time of day in columns of their own.
        var mst = Shape(name: "date and MST clock", header: "DATE (MM/DD/YYYY),MST,count", rows: (0..<(3 * 1440)).map { i in
            let d = CivilDate(year: 2020, month: 6, day: 1).adding(days: i / 1440)
            let (h, m) = (i % 1440 / 60, i % 60)
            return ("\(pad(d.month))/\(pad(d.day))/\(d.year),\(pad(h)):\(pad(m)),\(i % 4)", u(d.year, d.month, d.day, h, m, offset: -7 * 3600), Double(i % 4))
        }, timeNote: "joined, format MM/DD/YYYY HH:MM")
        mst.zoneNote = "zone: UTC-07:00"
        shapes.append(mst)
        shapes.append(Shape(name: "hours 01:00 to 24:00", header: "Date (MM/DD/YYYY),Time (HH:MM),count", rows: (0..<(10 * 24)).map { i in
            let d = CivilDate(year: 2021, month: 1, day: 1).adding(days: i / 24)
            let hour = i % 24 + 1
            return ("\(pad(d.month))/\(pad(d.day))/\(d.year),\(pad(hour)):00,\(i % 5)", u(d.year, d.month, d.day) + Int64(hour) * 3600, Double(i % 5))
        }, timeNote: "joined, format MM/DD/YYYY HH:MM"))
        shapes.append(Shape(name: "HHMM numbers", header: "date,hhmm,count", rows: (0..<160).map { i in
            let d = CivilDate(year: 2021, month: 3, day: 1).adding(days: i / 8)
            // Every three hours at five past: `5`, `305`, … `2105`, no leading zero.
            let minute = (i % 8) * 180 + 5
            return ("\(d.isoString),\(minute / 60 * 100 + minute % 60),\(i % 6 + 1)", u(d.year, d.month, d.day, minute / 60, minute % 60), Double(i % 6 + 1))
        }, timeNote: "joined, format YYYY-MM-DD HH:MM"))
        return shapes
    }()

    /// Every bucket of every series, by minute, added up.
    static func byMinute(_ result: LoadResult) -> [Int64: (count: Int, sum: Double)] {
        var acc = result.accumulator
        acc.flush()
        let width = Int64(acc.baseUnit == .minute ? 60 : 0)
        var out: [Int64: (count: Int, sum: Double)] = [:]
        for series in acc.buckets {
            for (key, stats) in series {
                out[Int64(key) * width, default: (0, 0)].count += stats.count
                out[Int64(key) * width, default: (0, 0)].sum += stats.sum
            }
        }
        return out
    }

    @Test(arguments: shapes, [false, true])
    func readsWithNoFlags(_ shape: Shape, shuffled: Bool) throws {
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        setup.levels = [.hour, .day]
        let text = shape.text(shuffled: shuffled)
        let file = try Fixture.withFile("table.csv", text) { path in try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup) }
        let piped = try Fixture.withPipe(Array(text.utf8)) { fifo in try DataLoader.load([.file(fifo)], options: Fixture.options(), setup: setup) }
        for (road, result) in [("file", file), ("pipe", piped)] {
            #expect(result.notes.contains { $0.hasPrefix("time:") && $0.contains(shape.timeNote) }, "\(road): \(result.notes)")
            #expect(result.notes.contains { $0.hasPrefix(shape.zoneNote) }, "\(road): \(result.notes)")
            #expect(result.skipped == 0, "\(road): \(result.firstSkipped)")
            #expect(result.suggestedAggregate == shape.aggregate, "\(road)")
            if shape.aggregate == .mean { #expect(result.profile.aggregateReason.contains("is a level, not a quantity"), "\(road)") }
            let got = Self.byMinute(result), want = shape.expected
            #expect(got.count == want.count, "\(road): \(got.count) minutes, \(want.count) expected")
            for (minute, w) in want where got[minute]?.count != w.count || got[minute]?.sum != w.sum {
                Issue.record("\(road): \(Fixture.iso(minute)) has \(got[minute].map { "\($0)" } ?? "nothing"), expected \(w)")
                break
            }
        }
    }
}
