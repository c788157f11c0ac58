import Foundation
@testable import StrataTerminal
import StrataUI
import Testing

/// `STRATA_IDLE_FILE`: `idle N` once the input is all read, `idle N loading`
/// before, `idle N following R` while a followed input grows, `idle N
/// disconnected` while a database's connection is lost, each distinct line written once.
@Suite("Idle reports")
struct IdleReporterTests {
    @Test func saysWhetherTheLoadStillRunsAndWritesEachLineOnce() throws {
        let path = NSTemporaryDirectory() + "strata-idle-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reporter = IdleReporter(path: path)
        func written() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

        reporter.report(inputs: 0, activity: .loading)
        #expect(try written() == "idle 0 loading\n")
        // The same report again is not written again (a test may have removed the file meanwhile).
        try FileManager.default.removeItem(atPath: path)
        reporter.report(inputs: 0, activity: .loading)
        #expect(!FileManager.default.fileExists(atPath: path))
        reporter.report(inputs: 1, activity: .loading)
        #expect(try written() == "idle 1 loading\n")
        reporter.report(inputs: 1, activity: .settled)
        #expect(try written() == "idle 1\n")
        // A followed input: each count of rows is a line of its own.
        reporter.report(inputs: 1, activity: .following(rows: 40))
        #expect(try written() == "idle 1 following 40\n")
        reporter.report(inputs: 1, activity: .following(rows: 52))
        #expect(try written() == "idle 1 following 52\n")
        // A database's connection lost.
        reporter.report(inputs: 2, activity: .disconnected)
        #expect(try written() == "idle 2 disconnected\n")
    }
}
