import Foundation
import Testing
@testable import StrataData

/// Log lines read as records: their fields picked as a table's columns are,
/// their numbers worked out by hand from the fixtures, and `--where` on
/// them, alike from a file, its `.gz` and a pipe.
struct LogRecordTests {
    static func text(_ name: String) throws -> String {
        try String(contentsOf: Fixture.dataDirectory.appendingPathComponent("logs/\(name)"), encoding: .utf8)
    }

    /// `text` loaded into minute buckets by `road`, named `name`.
    static func load(_ text: String, name: String, road: Fixture.Road,
                     _ configure: @escaping (inout ReadOptions) -> Void = { _ in }) throws -> LoadResult {
        if road == .pipe { return try Fixture.loadPiped(Array(text.utf8), baseUnit: .minute, configure) }
        return try Fixture.withFolder { folder in
            let plain = Fixture.write(name, text, in: folder)
            let path = road == .gzip ? try Fixture.gzip(plain) : plain
            return try DataLoader.load([.file(path)], options: Fixture.options(configure), calendar: Fixture.utc, baseUnit: .minute)
        }
    }

    /// Per hour (UTC seconds): the count and sum of the accumulator's values.
    static func hourly(_ accumulator: Accumulator) -> [Int64: (count: Int, sum: Double)] {
        var acc = accumulator
        acc.flush()
        var hours: [Int64: (count: Int, sum: Double)] = [:]
        for (minute, stats) in acc.buckets.first ?? [:] {
            let hour = Int64(minute) * 60 / 3600 * 3600
            let before = hours[hour] ?? (0, 0)
            hours[hour] = (before.count + stats.count, before.sum + stats.sum)
        }
        return hours
    }

    static func other(_ result: LoadResult, _ name: String) -> [Int64: (count: Int, sum: Double)] {
        hourly(result.otherValues.first { $0.name == name }?.accumulator ?? result.accumulator)
    }

    static let thirteen = Fixture.utc(2023, 10, 10, 13), fourteen = Fixture.utc(2023, 10, 10, 14)

    /// The nginx log: 2 requests at 13:xx and 3 at 14:xx; bytes 512 + 1024 and
    /// 98 + 0 (one is `-`); request times 0.045 + 0.310 and 0.002 + 1.250 (one has none).
    @Test(arguments: Fixture.Road.allCases)
    func accessLogFieldsAreValues(road: Fixture.Road) throws {
        let r = try Self.load(Self.text("access-nginx.log"), name: "access.log", road: road)
        #expect(r.notes.first == "input: Common/Combined Log Format lines, fields time, client, user, method, path, protocol, status, "
                + "bytes, referrer, agent, request_time")
        #expect(r.notes.contains { $0.hasPrefix("value: none, counting rows") })
        #expect(r.otherValues.map(\.name) == ["bytes", "request_time"])
        #expect(r.rowsRead == 5 && r.accepted == 5 && r.skipped == 0)
        let rows = Self.hourly(r.accumulator)
        #expect(rows.mapValues(\.count) == [Self.thirteen: 2, Self.fourteen: 3])
        let bytes = Self.other(r, "bytes")
        #expect(bytes[Self.thirteen]?.count == 2 && bytes[Self.thirteen]?.sum == 1536)
        #expect(bytes[Self.fourteen]?.count == 2 && bytes[Self.fourteen]?.sum == 98)
        let seconds = Self.other(r, "request_time")
        #expect(seconds[Self.thirteen]?.count == 2 && abs(seconds[Self.thirteen]!.sum - 0.355) < 1e-12)
        #expect(seconds[Self.fourteen]?.count == 2 && abs(seconds[Self.fourteen]!.sum - 1.252) < 1e-12)
    }

    /// `status >= 500`: the lines at 14:20 and 14:59, the other three counted
    /// out; `request_time > 0.1`: 13:57 and 14:59, and the line with no request time lacks the field.
    @Test(arguments: Fixture.Road.allCases)
    func whereOnAccessLogFields(road: Fixture.Road) throws {
        let errors = try Self.load(Self.text("access-nginx.log"), name: "access.log", road: road) {
            $0.filter = try? RowFilter.parse("status >= 500")
        }
        #expect(errors.rowsRead == 5 && errors.accepted == 2 && errors.filteredOut == 3 && errors.lackingField == 0)
        #expect(Self.hourly(errors.accumulator).mapValues(\.count) == [Self.fourteen: 2])
        #expect(Self.other(errors, "bytes")[Self.fourteen]?.sum == 98)

        let slow = try Self.load(Self.text("access-nginx.log"), name: "access.log", road: road) {
            $0.filter = try? RowFilter.parse("request_time > 0.1")
        }
        #expect(slow.accepted == 2 && slow.filteredOut == 3 && slow.lackingField == 1)
        #expect(Self.hourly(slow.accumulator).mapValues(\.count) == [Self.thirteen: 1, Self.fourteen: 1])

        let api = try Self.load(Self.text("access-nginx.log"), name: "access.log", road: road) {
            $0.filter = try? RowFilter.parse("path ~ ^/api/ and not method in (POST, PUT)")
        }
        #expect(Self.hourly(api.accumulator).mapValues(\.count) == [Self.thirteen: 1, Self.fourteen: 2])
    }

    /// A filtered load's rows read back (the card's) are the rows it counted: at 14:xx, lines 4 and 5.
    @Test func rowsReadBackPassTheFilter() throws {
        try Fixture.withFolder { folder in
            let path = Fixture.write("access.log", try Self.text("access-nginx.log"), in: folder)
            let options = Fixture.options { $0.filter = try? RowFilter.parse("status >= 500") }
            let r = try DataLoader.load([.file(path)], options: options, calendar: Fixture.utc, baseUnit: .minute)
            let rows = try r.rowLocator.rows(from: Self.fourteen, to: Self.fourteen + 3600, limit: 10)
            #expect(rows.map(\.line) == [4, 5])
            // Read by two threads, one half each: the same rows pass.
            let split = Fixture.options { $0.filter = try? RowFilter.parse("status >= 500"); $0.splitThreshold = 1 }
            let halves = try DataLoader.load([.file(path)], options: split, calendar: Fixture.utc, baseUnit: .minute)
            #expect(halves.accepted == 2 && halves.filteredOut == 3)
        }
    }

    /// Apache's `%D` microseconds: 1500 µs and 250000 µs are 0.2515 s at 13:xx (-07:00).
    @Test func apacheRequestTimesAreSeconds() throws {
        let r = try Self.load(Self.text("access-apache.log"), name: "access_log", road: .file)
        let seconds = Self.other(r, "request_time")
        #expect(seconds[Fixture.utc(2000, 10, 10, 20)]?.count == 2)
        #expect(abs(seconds[Fixture.utc(2000, 10, 10, 20)]!.sum - 0.2515) < 1e-12)
    }

    /// logfmt durations with units are seconds: 0.012 + 1.5 + 0.00025 + 120.
    @Test(arguments: Fixture.Road.allCases)
    func logfmtDurationsAreSeconds(road: Fixture.Road) throws {
        let r = try Self.load(Self.text("app.logfmt"), name: "app.log", road: road) { $0.valueColumn = "duration" }
        #expect(r.notes.first == "input: logfmt lines, fields time, level, msg, path, status, duration, bytes")
        #expect(r.valueName == "duration")
        let hour = Self.hourly(r.accumulator)[Fixture.utc(2024, 3, 1, 10)]
        #expect(hour?.count == 4 && abs(hour!.sum - 121.51225) < 1e-9)
        let errors = try Self.load(Self.text("app.logfmt"), name: "app.log", road: road) {
            $0.filter = try? RowFilter.parse("level in (error, fatal) or msg ~ slow")
        }
        #expect(errors.accepted == 2 && errors.filteredOut == 2)
    }

    /// Syslog's hosts and severities (only the first line has a priority: the others lack it).
    @Test(arguments: Fixture.Road.allCases)
    func syslogFields(road: Fixture.Road) throws {
        let web = try Self.load(Self.text("syslog-3164.log"), name: "messages", road: road) {
            $0.year = 2023
            $0.filter = try? RowFilter.parse("host = web-3")
        }
        #expect(web.notes.first == "input: syslog (RFC 3164) lines, fields severity, time, host, program, pid, message")
        #expect(Self.hourly(web.accumulator).mapValues(\.count) == [Fixture.utc(2023, 10, 11, 22): 1, Fixture.utc(2023, 10, 11, 23): 1])
        let crit = try Self.load(Self.text("syslog-3164.log"), name: "messages", road: road) {
            $0.year = 2023
            $0.filter = try? RowFilter.parse("severity = crit")
        }
        #expect(crit.accepted == 1 && crit.filteredOut == 3 && crit.lackingField == 3)
    }

    /// A line of none of the format's shape and no time (`-- Boot … --`) is skipped with its reason; the others count.
    @Test func journalBootLineIsSkipped() throws {
        let r = try Self.load(Self.text("journal.log"), name: "journal.log", road: .file)
        #expect(r.rowsRead == 4 && r.accepted == 3 && r.skipped == 1)
        #expect(r.firstSkipped.first?.line == 3)
        #expect(r.firstSkipped.first?.reason == "neither a journal (journalctl -o short-iso) line nor a YYYY-MM-DDTHH:MM:SS±hhmm time")
    }

    /// kubectl's lines carry the container's logfmt fields: `latency=350ms` is a value of 0.35 s.
    @Test func kubectlLinesCarryTheirLogfmtFields() throws {
        let r = try Self.load(Self.text("kubectl.log"), name: "pod.log", road: .file) { $0.valueColumn = "latency" }
        #expect(r.notes.first == "input: kubectl logs --timestamps lines, fields time, message, level, msg, port, latency")
        let hour = Self.hourly(r.accumulator)[Fixture.utc(2024, 3, 1, 10)]
        #expect(hour?.count == 1 && hour?.sum == 0.35)
    }

    /// The card's record view splits a log line into its fields.
    @Test func recordViewShowsTheFields() throws {
        try Fixture.withFolder { folder in
            let path = Fixture.write("access.log", try Self.text("access-nginx.log"), in: folder)
            let r = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .minute)
            let row = try #require(try r.rowLocator.rows(from: Self.fourteen, to: Self.fourteen + 3600, limit: 1).first)
            let fields = RecordFields(r.rowLocator.sources, limits: ScannerLimits()).fields(of: row)
            #expect(fields.map(\.name) == ["time", "client", "method", "path", "protocol", "status", "agent", "request_time"])
            #expect(fields.first { $0.name == "path" }?.value == "/static/a\"b.css")
        }
    }
}
