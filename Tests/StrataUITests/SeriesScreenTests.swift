import Foundation
import StrataData
import Testing
@testable import StrataUI

/// Series, skipped rows and hostile text, from CSV text through the real loader to the screen.
@Suite("Series and bad input on screen")
struct SeriesScreenTests {
    static func dataset(_ csv: String, name: String = "sales.csv", _ configure: (inout ReadOptions) -> Void = { _ in }) throws -> Dataset {
        var options = ReadOptions()
        configure(&options)
        let result = try withTemporaryFile(named: name, holding: csv) { path in
            try DataLoader.load([.file(path)], options: options, calendar: CalendarSystem(zone: .utc), baseUnit: .hour)
        }
        return Dataset(loaded: result, levels: Level.defaultSet)
    }

    static let sales = """
        time,store,amount
        2024-05-01T09:15:00Z,north,12.5
        2024-05-01T10:40:00Z,south,30
        2024-05-01T13:05:00Z,north,7.25
        2024-05-01T18:30:00Z,south,41
        2024-05-02T08:00:00Z,north,3
        2024-05-02T09:00:00Z,south,oops
        2024-05-02T10:00:00Z,south,
        """

    @Test func tabCyclesSeriesAndTheHeaderNamesIt() throws {
        // It opens on 1 May: the data ends early on 2 May, a stub of a day.
        let data = try Self.dataset(Self.sales) { $0.seriesColumn = "store"; $0.valueColumn = "amount" }
        #expect(data.series.map(\.name) == ["all", "north", "south"])
        // Two sums start stacked; `s` puts them together.
        #expect(try ScreenTests.replay(data, "").contains("sum amount · all 2 ·"))
        let all = try ScreenTests.replay(data, "s")
        let north = try ScreenTests.replay(data, "tab")
        let south = try ScreenTests.replay(data, "tab tab")
        #expect(all.contains("sum amount · all 2 combined"))
        #expect(north.contains("sum amount · series 1/2 north"))
        #expect(south.contains("sum amount · series 2/2 south"))
        #expect(all.contains("total 90.8"))
        #expect(north.contains("total 19.8"))
        #expect(south.contains("total 71"))
        #expect(try ScreenTests.replay(data, "tab tab tab") == all)
        #expect(try ScreenTests.replay(data, "backtab") == south)
        Golden.check(north, named: "series-north")
    }

    @Test func skippedRowsAreCountedOnTheStatusLine() throws {
        // "oops" is a bad row; the empty amount is a row with no value.
        let data = try Self.dataset(Self.sales) { $0.seriesColumn = "store"; $0.valueColumn = "amount" }
        #expect(data.skippedRows == 1)
        let screen = try ScreenTests.replay(data, "")
        #expect(screen.split(separator: "\n").last?.contains("1 row skipped") == true)
    }

    @Test func controlBytesInSeriesNamesNeverReachTheScreen() throws {
        let hostile = "time,who,n\n2024-05-01T09:00:00Z,\u{1B}[2J\u{07}evil\u{9B}31m,1\n2024-05-01T10:00:00Z,ok,2\n"
        let data = try Self.dataset(hostile, name: "evil\u{1B}]0;title\u{07}.csv") { $0.seriesColumn = "who" }
        // The overlay's legend names every series at once.
        for keys in ["", "tab", "tab tab", "s", "c s"] {
            let screen = try ScreenTests.replay(data, keys, size: Size(width: 100, height: 24))
            #expect(!screen.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) })
        }
        let named = try ScreenTests.replay(data, "tab", size: Size(width: 100, height: 24))
        #expect(named.contains("␛[2J␇evil"))
        let legend = try ScreenTests.replay(data, "", size: Size(width: 100, height: 24))
        #expect(legend.contains("all 2"))
        #expect(legend.contains("␛[2J␇evil"))
    }

    /// Hourly temperatures of `count` stations over two days.
    static func temperatures(stations count: Int) -> String {
        var lines = ["time,station,temp"]
        for h in 0..<48 {
            for s in 0..<count { lines.append("2024-05-0\(1 + h / 24)T\(h % 24 < 10 ? "0" : "")\(h % 24):00:00Z,st\(s + 10),\(s * 2 + h % 5)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Of more than 8 levels, the view starts on the first series with rows
    /// on the first page: the first station stopped reporting on day one.
    @Test func manyLevelsStartOnTheFirstSeriesWithRowsOnTheFirstPage() throws {
        let rows = Self.temperatures(stations: 9).split(separator: "\n").filter { !($0.hasPrefix("2024-05-02") && $0.contains(",st10,")) }
        let data = try Self.dataset(rows.joined(separator: "\n") + "\n", name: "temps.csv") { $0.seriesColumn = "station" }
        let app = StrataApp(dataset: data, clock: TestClock(now: ScreenTests.now), startLevel: .day, aggregate: .mean)
        #expect(ScreenTests.utc.periodID(.day, ordinal: data.ordinal(.day, index: app.state.navigation.position)) == "2024-05-02")
        #expect(data.series[1].name == "st10" && app.state.navigation.shownSeries == 2)
    }

    /// Levels of 2 to 8 series start overlaid with their legend, more on
    /// the first series; quantities of 2 to 8 start stacked, more keep "all", their sum.
    @Test func levelsOfSeveralSeriesAreNeverAveragedTogether() throws {
        for (count, overlaid) in [(3, true), (8, true), (9, false)] {
            let data = try Self.dataset(Self.temperatures(stations: count), name: "temps.csv") { $0.seriesColumn = "station" }
            let app = StrataApp(dataset: data, clock: TestClock(now: ScreenTests.now), aggregate: .mean)
            #expect(app.state.navigation.allSeries == overlaid, "\(count) series")
            #expect(app.state.navigation.shownSeries == (overlaid ? 0 : 1), "\(count) series")
            var screen = ""
            var replayed = app
            HeadlessRunner.run(&replayed, tokens: [], options: .init(size: Size(width: 100, height: 24)), to: &screen)
            #expect(!screen.contains("combined"), "\(count) series")
            // The header names the overlay (`all 3`), the legend its first series.
            #expect(screen.contains(overlaid ? "mean temp · all \(count) ·" : "mean temp · series 1/9 st10"), "\(count) series")
            #expect(screen.contains("st10"))
        }
        for (count, stacked) in [(3, true), (9, false)] {
            let sums = try Self.dataset(Self.temperatures(stations: count), name: "temps.csv") { $0.seriesColumn = "station" }
            let app = StrataApp(dataset: sums, clock: TestClock(now: ScreenTests.now), aggregate: .sum)
            #expect(app.state.navigation.allSeries == stacked && app.state.navigation.shownSeries == 0, "\(count) series")
        }
    }
}
