import Foundation
import Testing
@testable import StrataData

/// Which inputs are pipes, read once: stdin and a named pipe; not a
/// regular file, nor a path that is not there (its load says it cannot be
/// opened), nor a copy kept of a pipe.
struct InputSourceTests {
    @Test func aPipeIsStdinOrAFIFOAndNothingElse() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pipes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("rows.pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let file = folder.appendingPathComponent("rows.csv").path
        try "time,v\n2026-03-02T00:00:00Z,1\n".write(toFile: file, atomically: false, encoding: .utf8)
        let missing = folder.appendingPathComponent("gone.csv").path
        #expect(InputSource.standardInput.isPipe)
        #expect(InputSource.file("-").isPipe)
        #expect(InputSource.file(fifo).isPipe)
        #expect(!InputSource.file(file).isPipe)
        #expect(!InputSource.file(missing).isPipe)
        #expect(!InputSource.file(folder.path).isPipe)
    }
}
