import Foundation
import StrataData
import Testing

/// Inputs `make fuzz` found crashing (fuzz/run.sh, Sources/StrataFuzz). Each
/// must load, or throw a ReadError, and then aggregate into a Dataset as the
/// app does, without crashing. They run as exit tests, in a child process,
/// so a crash fails the test instead of killing the whole test run.
/// (A crash not fixed yet can be wrapped in `withKnownIssue` until it is.)
@Suite struct FuzzRegressionTests {
    /// fuzz crash-da8f3112830b933b7332aff78b21fe5e87eb44ce, reduced: the
    /// pattern `%s` read a 19-digit number as epoch seconds (a year around
    /// 51 billion), and Dataset.init then asked for ~600 TB of periods
    /// ("Fatal error: failed to allocate …"). Fixed by keeping times within
    /// the years 0001–9999 and level totals sparse.
    @Test func epochPatternFarFuture() async {
        await #expect(processExitsWith: .success) {
            FuzzRegression.survives(Array("1614834367\n1614834367123456789\n".utf8)) {
                $0.format = .csv
                $0.header = false
                $0.timeColumn = "1"
                $0.countOnly = true
                $0.timeFormat = "%s"
            }
        }
    }

    /// The fuzz seeds, read with buffers smaller than their records: a CSV
    /// whose every record is too long left the sample empty, and the search
    /// for lines above the header looked at its first row (index out of range).
    @Test func onlyRecordsTooLongToHold() async {
        await #expect(processExitsWith: .success) {
            FuzzRegression.survives(Array(("[" + String(repeating: "x", count: 3000) + "]").utf8)) {
                $0.format = .csv
                $0.limits = ScannerLimits(chunk: 512, maxRecord: 1024, sampleWindow: 512)
            }
        }
    }

    /// The same crash with no flags: the sample makes `ts` epoch seconds,
    /// and a later row of 1e17 "seconds" was accepted (`strata data.csv` aborted).
    @Test func epochSecondsOutlierAfterTheSample() async {
        await #expect(processExitsWith: .success) {
            var text = "ts,v\n"
            for i in 0..<200 { text += "\(1_614_834_367 + i * 60),1\n" }
            text += "99999999999999999,1\n"
            FuzzRegression.survives(Array(text.utf8))
        }
    }

    /// The fuzzer's input as found (211 bytes), read the way the fuzz target's
    /// `--time-format` run reads it: its first line (`%s`) as the pattern.
    @Test func fuzzArtifactDa8f3112() async {
        await #expect(processExitsWith: .success) {
            let base64 = "JXMKYgpi/////zAwdHMsdgowODA3NDE3MTgzLDEKMTbCMTQ4My9PY3QvMjMsMgoxNjE0ODM0MzY3MTIzNDU2LDMKMTYxNDgzNDM2NzEyMzQ1Njc4OSw0CjE2MTQwLDIKIjEgSksAAAAAAAAAYW57PSJi//84//8wMDAsMgoiMSBKYW57PSJ0Ijr4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4+Pj4InoyIDIwMDAsMgoiSv///////////////3QiOiJ6MiAyMDAwLDIzNDM2Cg=="
            FuzzRegression.survives(Array(Data(base64Encoded: base64)!)) {
                $0.format = .csv
                $0.header = false
                $0.timeColumn = "1"
                $0.countOnly = true
                $0.timeFormat = "%s"
            }
        }
    }

    /// fuzz oom-8e2185c9, the first lines: a show ending in 9024 instead of
    /// 2024 was split into 7,000 years of minute buckets (over 2 GB before
    /// libFuzzer stopped it). Fixed by skipping intervals over 10,000 times
    /// the usual length, or of more than 2^22 base buckets.
    @Test func intervalEndingMillenniaLater() async {
        await #expect(processExitsWith: .success) {
            let text = """
                channel\ttitle\tgenre\tstart\tend
                KiKA\tRoad Express\tKids\t2024-10-21T05:00:00+02:00\t2024-10-21T05:25:00+02:00
                WELT\tPlanet\tKids\t2024-10-21T05:00:00+02:00\t2024-10-21T05:25:00+02:00
                ZDF\tSecrets Weather\tQuiz\t2024-10-21T05:00:00+02:00\t9024-10-21T05:30:00+02:00
                arte\tHeroes Express Wild\tDocumentary\t2024-(10-21T05:00:00+02:00\t2024-10-21T06:00:00+02:00
                tagesschau24\tOcean Station\tTalk\t2024-10-21T05:00,00+02:00\t2024-10-21T06:15:00+02:00

                """
            FuzzRegression.survives(Array(text.utf8)) { $0.format = .tsv }
        }
    }
}

/// What the app does with untrusted bytes: load them, then aggregate.
enum FuzzRegression {
    static func survives(_ bytes: [UInt8], levels: [Level] = Level.defaultSet,
                         _ configure: (inout ReadOptions) -> Void = { _ in }) {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("strata-fuzz-regression-\(getpid())-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = ReadOptions()
        options.now = 1_767_225_600  // 2026-01-01T00:00:00Z
        configure(&options)
        let calendar = CalendarSystem(zone: .utc)
        do {
            let result = try DataLoader.load([.file(path)], options: options, calendar: calendar,
                                             baseUnit: Level.baseUnit(for: levels))
            let dataset = Dataset(loaded: result, levels: levels)
            for level in levels where dataset.count(level) > 0 {
                _ = dataset.page(level, index: dataset.count(level) - 1)
            }
        } catch {
            _ = error.message  // a clear rejection is fine
        }
    }
}
