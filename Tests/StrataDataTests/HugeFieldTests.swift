import Foundation
import Testing
@testable import StrataData

/// Rows with fields of several megabytes, early in a file (inside the
/// sample the readers decide the columns from) and later.
struct HugeFieldTests {
    /// A CSV of a header and `rows` rows, row `hugeAt` (0-based) holding
    /// `megabytes` MB of `x` in its column `hugeColumn`.
    private func csv(rows: Int, hugeAt: Int, hugeColumn: Int, megabytes: Int) -> [UInt8] {
        var bytes = Array("date,value,note\n".utf8)
        for r in 0..<rows {
            // Values that are not a run of consecutive integers, which would read as row numbers.
            let fields = [CivilDate(dayNumber: 15_000 + r).isoString, "\(r * 7 % 13 + 1)", "n"]
            for (c, field) in fields.enumerated() {
                if c > 0 { bytes.append(UInt8(ascii: ",")) }
                if r == hugeAt && c == hugeColumn {
                    bytes.append(contentsOf: [UInt8](repeating: UInt8(ascii: "x"), count: megabytes << 20))
                } else {
                    bytes.append(contentsOf: Array(field.utf8))
                }
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// Writes `bytes` to a file named `name` in a new temporary folder,
    /// loads it, and removes the folder.
    private func load(_ bytes: [UInt8], name: String = "huge.csv") throws -> (result: LoadResult, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-huge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let result = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .day)
        return (result, path)
    }

    private func load(rows: Int, hugeAt: Int, hugeColumn: Int, megabytes: Int) throws -> (result: LoadResult, path: String) {
        try load(csv(rows: rows, hugeAt: hugeAt, hugeColumn: hugeColumn, megabytes: megabytes))
    }

    private func skips(_ r: LoadResult) -> [String] {
        r.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" }
    }

    @Test func aFiveMegabyteTimeInTheFirstRowSkipsOnlyThatRow() throws {
        let (r, path) = try load(rows: 10, hugeAt: 0, hugeColumn: 0, megabytes: 5)
        #expect(r.rowsRead == 10 && r.accepted == 9 && r.skipped == 1)
        #expect(r.firstSkipped.first?.file == path)
        #expect(skips(r) == ["2:1: time \"\(String(repeating: "x", count: 40))…\" does not parse as YYYY-MM-DD"])
    }

    @Test func aFiveMegabyteValueInTheFirstRowSkipsOnlyThatRow() throws {
        let (r, _) = try load(rows: 10, hugeAt: 0, hugeColumn: 1, megabytes: 5)
        #expect(r.rowsRead == 10 && r.accepted == 9 && r.skipped == 1)
        #expect(r.firstSkipped.first.map { "\($0.line):\($0.column)" } == "2:12")
    }

    /// A long field the plan does not read leaves its row a good row.
    @Test func aFiveMegabyteNoteInTheFirstRowIsStillARow() throws {
        let (r, _) = try load(rows: 10, hugeAt: 0, hugeColumn: 2, megabytes: 5)
        #expect(r.rowsRead == 10 && r.accepted == 10 && r.skipped == 0)
        #expect(r.valueName == "value")
    }

    @Test func aFiveMegabyteTimeInALaterRowSkipsOnlyThatRow() throws {
        for hugeAt in [49, 300] {
            let (r, _) = try load(rows: 400, hugeAt: hugeAt, hugeColumn: 0, megabytes: 5)
            #expect(r.rowsRead == 400 && r.accepted == 399 && r.skipped == 1)
            #expect(r.firstSkipped.first.map { "\($0.line):\($0.column)" } == "\(hugeAt + 2):1")
        }
    }

    @Test func aFortyMegabyteRecordInTheFirstRowIsOneSkippedRow() throws {
        let (r, _) = try load(rows: 10, hugeAt: 0, hugeColumn: 2, megabytes: 40)
        #expect(r.rowsRead == 10 && r.accepted == 9 && r.skipped == 1)
        #expect(skips(r) == ["2:1: record longer than 32 MB"])
        #expect(Fixture.minutes(r).count == 9)
    }

    /// A log whose lines hold commas is tried as CSV first, then read as
    /// lines: both samples meet the record cut out of the buffer, and the
    /// read counts it once, on its own line.
    @Test func aFortyMegabyteLogLineIsOneSkippedRow() throws {
        var bytes: [UInt8] = []
        for hour in 10..<15 { bytes += Array("2013-03-05 \(hour):00:00 up, fine\n".utf8) }
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 40 << 20)
        bytes += Array("\n2013-03-05 16:00:00 up, fine\n2013-03-06 09:00:00 down, fine\n".utf8)
        let (r, _) = try load(bytes, name: "app.txt")
        #expect(r.notes.first == "input: lines")
        #expect(r.rowsRead == 8 && r.accepted == 7 && r.skipped == 1)
        #expect(skips(r) == ["6:1: record longer than 32 MB"])
    }

    /// A header and then only a record too long to hold: the error any
    /// record that long gives, not "no data rows after the header".
    @Test func aFortyMegabyteFirstRecordAfterTheHeaderIsReportedAsTooLong() throws {
        let bytes = Array("date,value,note\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 40 << 20) + [UInt8(ascii: "\n")]
        let error = Fixture.withFile("huge.csv", bytes: bytes) { path -> ReadError? in
            do throws(ReadError) {
                _ = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .day)
                return nil
            } catch {
                return error
            }
        }
        let message = try #require(error?.message)
        #expect(message.contains("huge.csv: no row with a valid time (1 row read, all skipped; first: "))
        #expect(message.hasSuffix("huge.csv:2:1: record longer than 32 MB)"))
        #expect(error?.exitCode == 65)
    }
}
