import Foundation
@testable import StrataTerminal
import Testing

/// `STRATA_IDLE_FILE`: `idle N` once the input is all read, `idle N loading`
/// before, each distinct line written once.
@Suite("Idle reports")
struct IdleReporterTests {
    @Test func saysWhetherTheLoadStillRunsAndWritesEachLineOnce() throws {
        let path = NSTemporaryDirectory() + "strata-idle-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reporter = IdleReporter(path: path)
        func written() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

        reporter.report(inputs: 0, loading: true)
        #expect(try written() == "idle 0 loading\n")
        // The same report again is not written again (a test may have removed the file meanwhile).
        try FileManager.default.removeItem(atPath: path)
        reporter.report(inputs: 0, loading: true)
        #expect(!FileManager.default.fileExists(atPath: path))
        reporter.report(inputs: 1, loading: true)
        #expect(try written() == "idle 1 loading\n")
        reporter.report(inputs: 1, loading: false)
        #expect(try written() == "idle 1\n")
    }
}
