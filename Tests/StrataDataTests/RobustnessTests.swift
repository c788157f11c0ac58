import Foundation
import Testing
@testable import StrataData

/// Mutated inputs, read with tiny buffers: never a crash, and when a load
/// succeeds its accounting holds.
struct RobustnessTests {
    static let seeds: [String] = [
        "date,value,name\n2013-03-05,1.5,\"a, \"\"b\"\"\"\n2013-03-06,2,c\r\n\"2013-03-07\",3e2,\"multi\nline\"\n",
        "{\"ts\":\"2013-03-05T14:00:00Z\",\"v\":{\"x\":1}}\n{\"ts\":1362495600,\"v\":{\"x\":\"2\"}}\n",
        "127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] \"GET / HTTP/1.0\" 200 1\nOct 10 13:55:36 host app: x\n2013-03-05 10:00:00,1 INFO\n",
        "when;amount\n05/03/2013 10:00;1\n13/03/2013 11:00;\"1,234.5\"\nJan 1 2000;NA\n",
        "{\"ok\": true, \"data\": [\n  {\"ts\": \"2013-03-05T14:00:00Z\", \"v\": {\"x\": [1, \"]\"]}},\n  {\"ts\": 1362495600, \"v\": 2}\n]}\n",
    ]

    @Test(arguments: Array(0..<Self.seeds.count))
    func mutatedInputsNeverCrash(seed: Int) {
        var random = SplitMix(seed: UInt64(seed + 1))
        let base = Array(Self.seeds[seed].utf8)
        let specials: [UInt8] = [0, 10, 13, 34, 44, 59, 9, 123, 125, 58, 0xFF, 0xC3, 0x1B, 48, 49, 45, 47, 32, 91, 93]
        for round in 0..<60 {
            var bytes = base
            for _ in 0..<(1 + Int(random.next() % 6)) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes[at] = specials[Int(random.next() % UInt64(specials.count))]
                case 1: bytes.insert(specials[Int(random.next() % UInt64(specials.count))], at: at)
                case 2: bytes.remove(at: at)
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 8)], at: at)
                }
                if bytes.isEmpty { bytes = [10] }
            }
            var limits = ScannerLimits()
            limits.chunk = 1 + Int(random.next() % 16)
            limits.sampleWindow = 64
            limits.maxRecord = 128
            var options = Fixture.options()
            options.limits = limits
            options.splitThreshold = round % 3 == 0 ? 1 : .max
            do {
                let r = try Fixture.withFile(round % 2 == 0 ? "m.csv" : "m.txt", bytes: bytes) { (path) throws(ReadError) in
                    try DataLoader.load([.file(path)], options: options, calendar: Fixture.newYork, baseUnit: .minute)
                }
                #expect(r.accepted + r.skipped == r.rowsRead)
                #expect(r.accumulator.rowCount == r.accepted)
            } catch {
                #expect([64, 65].contains(error.exitCode))
                #expect(!error.message.contains("\n"))
            }
        }
    }

    /// A file cut while it is read (truncated under a running load): the
    /// rows before the cut are kept, and the cut is one skipped row that says
    /// where the file ended, as a gzip cut short is; it ended silently.
    @Test func aFileCutWhileReadSaysWhereItEnded() throws {
        var text = "time,value\n"
        for i in 0..<2000 { text += "2024-01-01T\(Digits.pad(i / 60 % 24, 2)):\(Digits.pad(i % 60, 2)):00Z,\(i % 7)\n" }
        try Fixture.withFile("cut.csv", text) { path in
            let stream = try ByteStream.open(.file(path))
            let scanner = RecordScanner(stream: stream, mode: .delimited(0x2C), limits: ScannerLimits(chunk: 4096, maxRecord: 8192, sampleWindow: 4096))
            _ = try scanner.prime()
            #expect(truncate(path, 10_000) == 0)
            var records = 0, cut: String?
            while true {
                let next = try scanner.next()
                if next == .end { break }
                if next == .cutShort { cut = stream.cut }
                if next == .record { records += 1 }
            }
            // Every whole line before the cut, the header among them; the torn one is the cut.
            #expect(records == text.utf8.prefix(10_000).count { $0 == 10 })
            #expect(cut == "the file ends at byte 10000, before byte \(text.utf8.count) it had when opened: it changed while it was read")
        }
    }
}
