import Foundation
import Testing

/// A file too big to wait for: the first screen comes from its tail while
/// the rest loads, with the keys live. `STRATA_READ_DELAY_MS` slows the
/// full load so that a small file shows what a big one would.
@Suite("Loading in the background under tmux", .serialized,
       .enabled(if: TmuxSession.isAvailable, "tmux is not on the PATH"))
struct LoadingEndToEndTests {
    let strata = Repository.binary

    /// 400,000 readings a minute apart from 2022-06-01 UTC (about 5.9 MB, in
    /// time order), in a folder of its own that `body` gets and that goes after it.
    func withSortedFile(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-loading-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = "time,level\n"
        text.reserveCapacity(6 << 20)
        for i in 0..<400_000 { text += "\(1_654_041_600 + i * 60),\(i % 613)\n" }
        let path = folder.appendingPathComponent("readings.csv").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        try body(path)
    }

    @Test func theLatestPeriodAndTheProgressShowBeforeTheLoadEnds() throws {
        try withSortedFile { path in
            let session = try TmuxSession("STRATA_READ_DELAY_MS=400 '\(strata)' '\(path)' --tz UTC --no-animation", width: 100, height: 30)
            let loading = try session.waitWhileLoading()
            // The file's last hour (2023-03-05 18:39 is its last reading), whole, and the load's progress.
            #expect(loading.contains("Sun 5 Mar 2023 18:00"), "\(loading)")
            #expect(loading.contains("reading "), "\(loading)")
            #expect(loading.contains("%"), "\(loading)")
            // Keys are live meanwhile.
            try session.send("Left")
            let before = try session.waitWhileLoading()
            #expect(before.contains("Sun 5 Mar 2023 17:00"), "\(before)")
            let loaded = try session.waitForIdle(timeout: 120)
            #expect(!loaded.contains("reading "), "\(loaded)")
            #expect(loaded.contains("Sun 5 Mar 2023 17:00"), "\(loaded)")
        }
    }

    @Test func qDuringTheLoadQuitsAtOnceAndRestoresTheTerminal() throws {
        try withSortedFile { path in
            let session = try TmuxSession(reportingExitOf: "STRATA_READ_DELAY_MS=2000 '\(strata)' '\(path)' --tz UTC", modes: true)
            _ = try session.waitWhileLoading()
            let asked = Date()
            try session.send("q")
            let status = try session.exitStatus(timeout: 20)
            // The load alone would take about 24 s at 2 s a buffer.
            #expect(Date().timeIntervalSince(asked) < 5)
            #expect(status == 0)
            _ = try session.wait(for: "done")
            #expect(session.file("before") == session.file("after"))
        }
    }
}
