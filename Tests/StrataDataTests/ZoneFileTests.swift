import Foundation
import Testing
@testable import StrataData

/// Zone rules from TZif files: one the test writes, the footer's rules, and
/// the system's database, whose offsets must be those `date` reads.
@Suite("The system's tz database")
struct ZoneFileTests {
    /// A version 2 TZif file: an empty version 1 part, then `changes` (each
    /// instant and its offset's type) with 64-bit times, and the footer.
    static func tzif(changes: [(Int64, UInt8)], offsets: [Int32], footer: String) -> [UInt8] {
        func be(_ value: UInt64, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func header(times: Int, types: Int, chars: Int) -> [UInt8] {
            Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15) + be(0, 4) + be(0, 4) + be(0, 4)
                + be(UInt64(times), 4) + be(UInt64(types), 4) + be(UInt64(chars), 4)
        }
        let version1 = header(times: 0, types: 1, chars: 1) + [0, 0, 0, 0, 0, 0] + [0]
        var version2 = header(times: changes.count, types: offsets.count, chars: 1)
        for (instant, _) in changes { version2 += be(UInt64(bitPattern: instant), 8) }
        version2 += changes.map(\.1)
        for offset in offsets { version2 += be(UInt64(UInt32(bitPattern: offset)), 4) + [0, 0] }
        version2 += [0]
        return version1 + version2 + Array("\n\(footer)\n".utf8)
    }

    static func utc(_ text: String) -> Int64 { Int64(ISO8601DateFormatter().date(from: text)!.timeIntervalSince1970) }

    @Test func aFilesChangesThenItsFootersRule() throws {
        let bytes = Self.tzif(changes: [(Self.utc("1950-04-30T07:00:00Z"), 1), (Self.utc("1950-09-24T06:00:00Z"), 0)],
                              offsets: [-18_000, -14_400], footer: "EST5EDT,M3.2.0,M11.1.0")
        let file = try Fixture.withFolder { folder in
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Test"), withIntermediateDirectories: true)
            _ = Fixture.write("Test/Zone", bytes: bytes, in: folder)
            return ZoneFile(name: "Test/Zone", directory: folder.path, from: ZoneRules.tableStart, to: ZoneRules.tableEnd)
        }
        let zone = try #require(file)
        #expect(zone.offsets.first == -18_000)
        #expect(Array(zone.transitions.prefix(2)) == [Self.utc("1950-04-30T07:00:00Z"), Self.utc("1950-09-24T06:00:00Z")])
        // After its last change the footer's rule goes on: 10 March and 3 November 2030 at 02:00.
        let i = try #require(zone.transitions.firstIndex(of: Self.utc("2030-03-10T07:00:00Z")))
        #expect(zone.transitions[i + 1] == Self.utc("2030-11-03T06:00:00Z"))
        #expect(zone.offsets[i + 1] == -14_400 && zone.offsets[i + 2] == -18_000)
        #expect(zone.transitions.last! < ZoneRules.tableEnd && zone.transitions.count == 2 + 2 * (2099 - 1950))
    }

    @Test func footerRules() throws {
        // Jerusalem: the Friday before the last Sunday of March at 02:00 (Thursday 26:00), to October's last Sunday.
        let jerusalem = try #require(PosixZoneRule("IST-2IDT,M3.4.4/26,M10.5.0"))
        #expect(jerusalem.changes(inYear: 2030).map(\.instant) == [Self.utc("2030-03-29T00:00:00Z"), Self.utc("2030-10-26T23:00:00Z")])
        // Sydney's summer spans the new year: April's change comes first.
        let sydney = try #require(PosixZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(sydney.changes(inYear: 2030).map(\.offset) == [36_000, 39_600])
        #expect(sydney.changes(inYear: 2030).map(\.instant) == [Self.utc("2030-04-06T16:00:00Z"), Self.utc("2030-10-05T16:00:00Z")])
        #expect(PosixZoneRule("<+0545>-5:45")?.standard == 20_700)
        #expect(PosixZoneRule("<-03>3")?.standard == -10_800)
        #expect(PosixZoneRule("<-03>3")?.changes(inYear: 2030).isEmpty == true)
        #expect(PosixZoneRule("EST5EDT") == nil)
        #expect(PosixZoneRule("5") == nil)
    }

    /// The offsets strata reads from the system's database are those `date`
    /// gives (both honour `TZDIR`), before 1970 too, where Foundation's
    /// bundled data may differ (Amsterdam's +00:19:32 in 1900).
    @Test(arguments: [("Europe/Amsterdam", "1900-06-01T00:00:00Z"), ("Asia/Kolkata", "1900-06-01T00:00:00Z"),
                      ("Asia/Kathmandu", "1986-01-01T00:00:00Z"), ("America/St_Johns", "1988-10-30T02:00:00Z"),
                      ("America/New_York", "2090-07-01T00:00:00Z"), ("Australia/Lord_Howe", "2070-01-01T00:00:00Z")])
    func offsetsAgreeWithDate(zone: String, at text: String) throws {
        let date = URL(fileURLWithPath: "/bin/date")
        guard FileManager.default.fileExists(atPath: ZoneFile.systemDirectory + "/" + zone),
              FileManager.default.isExecutableFile(atPath: date.path) else { return }
        let instant = Self.utc(text)
        let process = Process()
        process.executableURL = date
        process.arguments = ["-d", "@\(instant)", "+%::z"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TZ": zone]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let written = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let offset = try #require(ZoneRules(named: zone)).offset(at: instant)
        #expect(LocalTime.offsetText(offset).padding(toLength: 9, withPad: ":00", startingAt: 0) == written)
    }
}
