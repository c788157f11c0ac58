import Foundation
import Testing
@testable import StrataData

/// `e`'s file: named after the input, the level and the time, never over
/// another file, holding what `--export csv` writes of the level.
struct ExportFileTests {
    /// 2026-11-27T12:14:05Z.
    static let now: Int64 = 1_795_781_645

    @Test func theNameSaysTheInputTheLevelAndTheTime() {
        let time = Fixture.utc.localTime(at: Self.now)
        #expect(ExportFile.stem(input: "logs/access.log.gz", level: .day, at: time) == "strata-access-day-20261127-121405")
        #expect(ExportFile.stem(input: "seattle-weather.csv", level: .week, at: time) == "strata-seattle-weather-week-20261127-121405")
        // Letters a shell would need quoted become dashes, one for a run of them.
        #expect(ExportFile.stem(input: "my data (v2).csv", level: .month, at: time) == "strata-my-data-v2-month-20261127-121405")
        #expect(ExportFile.stem(input: "stdin", level: .hour, at: time) == "strata-stdin-hour-20261127-121405")
        #expect(ExportFile.stem(input: "été \"$x\".csv", level: .year, at: time) == "strata-été-x-year-20261127-121405")
        #expect(ExportFile.stem(input: "(?).csv", level: .year, at: time) == "strata-input-year-20261127-121405")
        // In the data's zone: 12:14 UTC is 07:14 in New York.
        #expect(ExportFile.stem(input: "a.csv", level: .day, at: Fixture.newYork.localTime(at: Self.now)) == "strata-a-day-20261127-071405")
    }

    @Test func theFileHoldsTheExportAndASecondIsNumbered() throws {
        let dataset = ExportTests.dataset(series: true)
        try Fixture.withFolder { (folder) throws -> Void in
            let first = try ExportFile.write(dataset, level: .day, percentiles: [], directory: folder.path, now: Self.now).get()
            let second = try ExportFile.write(dataset, level: .day, percentiles: [], directory: folder.path, now: Self.now).get()
            // The dataset is read from `t.csv`.
            let stem = folder.path + "/strata-t-day-20261127-121405"
            #expect(first.path == stem + ".csv" && second.path == stem + "-2.csv")
            let expected = Exporter.export(dataset, format: .csv, levels: [.day])
            #expect(try String(contentsOfFile: first.path, encoding: .utf8) == expected)
            #expect(try String(contentsOfFile: second.path, encoding: .utf8) == expected)
            // Rows after the header: Monday to Wednesday, for each of the two series.
            #expect(first == ExportFile.Written(path: stem + ".csv", level: .day, rows: 6, series: 2, notes: []))
        }
    }

    @Test func aDirectoryThatCannotHoldItSaysWhyAndWritesNothing() throws {
        try Fixture.withFolder { (folder) throws -> Void in
            let notADirectory = Fixture.write("plain", "x", in: folder)
            let outcome = ExportFile.write(ExportTests.dataset(), level: .day, percentiles: [], directory: notADirectory, now: Self.now)
            let name = "strata-t-day-20261127-121405.csv"
            let failure = ExportFile.Failure(step: "create", path: "\(notADirectory)/\(name)", reason: "Not a directory")
            #expect(outcome == .failure(failure))
            #expect(failure.message == "cannot create \(notADirectory)/\(name): Not a directory" && failure.directory == notADirectory + "/")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["plain"])
        }
    }
}
