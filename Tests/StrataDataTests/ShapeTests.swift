import Foundation
import Testing
import StrataData

/// Real-looking files read with no flags: each `Tests/Fixtures/shapes/NAME`
/// has a `NAME.expected` beside it saying what strata should pick.
struct ShapeTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/shapes")

    static let files = [
        "events.log", "flights.csv", "stations.csv", "prices.csv", "births.csv", "weather.csv",
        "decimal-comma.csv", "mixed-offsets.csv", "access.log", "outlier.csv", "epoch-ms.csv", "date-parts.csv",
        // Sorted by the series, so the head holds one: picked from chunks spread through the file.
        "long-by-symbol.csv", "stations-by-station.csv",
        // Sorted by time with a few readings missing: three rows share most hours, readings still.
        "stations-by-time.csv",
        // DD.MM or MM.DD: the first day past the 12th is on line 300.
        "dotted-dates.csv",
        // Two time columns, the second never before the first and hours after it: intervals.
        "departures.csv",
        // New York's departures written in UTC, ending in New York's 31 December evening.
        "local-in-utc.csv",
        // JSON documents as `gh api` prints them and as Prometheus answers `query_range`.
        "issues.json", "query-range.json",
        // Sparse: a value a year for 70 years, a count every five years for 300; pages of decades.
        "yearly.csv", "five-yearly.csv",
    ]

    /// What a load picked, in the words of the `.expected` files.
    static func picks(_ r: LoadResult) -> [String: String] {
        [
            "time": r.timeName,
            "value": r.valueName,
            "aggregate": r.suggestedAggregate.rawValue,
            "series": r.seriesColumn ?? "none",
            "levels": r.levels.map(\.rawValue).joined(separator: ","),
            "zone": r.calendar.zone.displayName,
        ]
    }

    @Test(arguments: files)
    func picksWithNoFlags(_ name: String) throws {
        let file = Self.directory.appendingPathComponent(name)
        let expectedFile = file.deletingPathExtension().appendingPathExtension("expected")
        let text = try String(contentsOf: expectedFile, encoding: .utf8)
        var expected: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            try #require(parts.count == 2, "\(expectedFile.lastPathComponent): \(line)")
            expected[parts[0]] = parts[1]
        }
        var options = ReadOptions()
        options.now = 1_800_000_000
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        let result = try DataLoader.load([.file(file.path)], options: options, setup: setup)
        let got = Self.picks(result)
        for (key, value) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(got[key] == value, "\(name): \(key)")
        }
        #expect(result.skipped == 0, "\(name): \(result.firstSkipped)")
    }
}
