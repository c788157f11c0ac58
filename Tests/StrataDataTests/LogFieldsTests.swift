import Foundation
import Testing
@testable import StrataData

/// Each log format's lines, as real programs write them, split into fields
/// equal to a reference worked out by hand from the line.
struct LogFieldsTests {
    /// The fields of `line` read as `format`, in order; nil when it is not of the format.
    static func fields(_ line: String, _ format: LogFormat) -> [String: String]? {
        let reader = LogFields(format)
        defer { reader.free() }
        var fields: [String: String] = [:]
        var bytes = Array(line.utf8)
        let read = bytes.withUnsafeMutableBufferPointer { buffer in
            reader.read(Field(buffer)) { name, value, _ in
                let key = String(decoding: name, as: UTF8.self)
                if fields[key] == nil { fields[key] = String(decoding: value, as: UTF8.self) }
            }
        }
        return read ? fields : nil
    }

    static func fixture(_ name: String) throws -> [String] {
        try String(contentsOf: Fixture.dataDirectory.appendingPathComponent("logs/\(name)"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    @Test func nginxCombinedWithRequestTime() throws {
        let lines = try Self.fixture("access-nginx.log")
        #expect(Self.fields(lines[0], .accessLog) == [
            "time": "10/Oct/2023:13:55:36 +0000", "client": "192.168.1.10", "method": "GET", "path": "/api/users?id=7",
            "protocol": "HTTP/1.1", "status": "200", "bytes": "512", "referrer": "https://example.com/",
            "agent": "Mozilla/5.0 (X11; Linux x86_64)", "request_time": "0.045",
        ])
        // An IPv6 client and a user.
        #expect(Self.fields(lines[1], .accessLog)?["client"] == "2001:db8::1")
        #expect(Self.fields(lines[1], .accessLog)?["user"] == "alice")
        // Escaped quotes in the path and the agent; `-` for the bytes is no field.
        let escaped = Self.fields(lines[2], .accessLog)
        #expect(escaped?["path"] == "/static/a\"b.css")
        #expect(escaped?["agent"] == "Bot \"quoted\" agent")
        #expect(escaped?["bytes"] == nil && escaped?["referrer"] == nil)
        // No request time.
        #expect(Self.fields(lines[3], .accessLog)?["request_time"] == nil)
        #expect(Self.fields(lines[3], .accessLog)?["status"] == "500")
    }

    /// Apache's `%D` is whole microseconds: 1500 µs is 0.0015 s. Common Log
    /// Format, with no referrer and no agent, has neither.
    @Test func apacheMicrosecondsAndCommonFormat() throws {
        let lines = try Self.fixture("access-apache.log")
        #expect(Self.fields(lines[0], .accessLog)?["request_time"] == "0.0015")
        #expect(Self.fields(lines[0], .accessLog)?["user"] == "frank")
        #expect(Self.fields(lines[1], .accessLog)?["request_time"] == "0.25")
        #expect(Self.fields(lines[2], .accessLog) == [
            "time": "10/Oct/2000:14:02:11 -0700", "client": "127.0.0.2", "method": "GET", "path": "/missing",
            "protocol": "HTTP/1.0", "status": "404", "bytes": "209",
        ])
        #expect(Self.fields("not a log line at all", .accessLog) == nil)
        #expect(Self.fields("1.2.3.4 - - [10/Oct/2000:14:02:11 -0700] \"GET / HTTP/1.0\" 2x0 1", .accessLog) == nil)
    }

    /// `<34>` is facility 4, severity 2: crit.
    @Test func syslog3164() throws {
        let lines = try Self.fixture("syslog-3164.log")
        #expect(Self.fields(lines[0], .syslog3164) == [
            "severity": "crit", "time": "Oct 11 22:14:15", "host": "mymachine", "program": "su", "pid": "230",
            "message": "'su root' failed for lonvick on /dev/pts/8",
        ])
        #expect(Self.fields(lines[3], .syslog3164) == [
            "time": "Oct 11 23:01:00", "host": "web-3", "program": "kernel", "message": "[12345.678901] eth0: link up",
        ])
    }

    /// The RFC's own examples: `-` is no field; structured data, with `\]` in a value, is passed over.
    @Test func syslog5424() throws {
        let lines = try Self.fixture("syslog-5424.log")
        #expect(Self.fields(lines[0], .syslog5424) == [
            "severity": "crit", "time": "2003-10-11T22:14:15.003Z", "host": "mymachine.example.com", "program": "su",
            "msgid": "ID47", "message": "'su root' failed for lonvick on /dev/pts/8",
        ])
        #expect(Self.fields(lines[1], .syslog5424)?["pid"] == "8710")
        #expect(Self.fields(lines[1], .syslog5424)?["severity"] == "notice")
        #expect(Self.fields(lines[2], .syslog5424)?["message"] == "An application event log entry...")
        #expect(Self.fields(lines[2], .syslog5424)?["severity"] == "info")
        #expect(Self.fields(lines[3], .syslog5424)?["message"] == nil)
        #expect(Self.fields(lines[3], .syslog5424)?["program"] == "evntslog")
    }

    /// Quoted values unescaped; durations with units in seconds (12 ms, 1.5 s, 250 µs, 2 min).
    @Test func logfmt() throws {
        let lines = try Self.fixture("app.logfmt")
        #expect(Self.fields(lines[0], .logfmt) == [
            "time": "2024-03-01T10:00:00Z", "level": "info", "msg": "request done", "path": "/api/users", "status": "200",
            "duration": "0.012", "bytes": "512",
        ])
        #expect(Self.fields(lines[1], .logfmt)?["msg"] == "upstream \"db\" timeout")
        #expect(Self.fields(lines[1], .logfmt)?["duration"] == "1.5")
        #expect(Self.fields(lines[2], .logfmt)?["duration"] == "0.00025")
        #expect(Self.fields(lines[3], .logfmt)?["duration"] == "120")
        #expect(Self.fields("a=1 b=\"never closed", .logfmt) == nil)
        #expect(Self.fields("just some words with one=pair", .logfmt) == nil)
        #expect(LogFormat.detect([]) == nil)
    }

    @Test func durationsWithUnits() {
        func seconds(_ text: String) -> Double? {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { UnitDuration.nanoseconds(Field($0)) }.map { $0 / 1e9 }
        }
        #expect(seconds("12ms") == 0.012)
        #expect(seconds("1m30.5s") == 90.5)
        #expect(seconds("1h2m") == 3720)
        #expect(seconds("250μs") == 0.00025)  // the Greek letter, as some programs write it
        #expect(seconds("100ns") == 1e-7)
        #expect(seconds("12") == nil)
        #expect(seconds("2s1m") == nil)
        #expect(seconds("12kb") == nil)
    }

    /// A JSON string is read as seconds when it is a duration with units, whatever its unit; dates,
    /// numbers and other strings that start with a digit stay as they are.
    @Test(arguments: [("12ns", "0.000000012"), ("3us", "0.000003"), ("250µs", "0.00025"), ("250μs", "0.00025"), ("12ms", "0.012"),
                      ("1.5s", "1.5"), ("2m", "120"), ("1h", "3600"), ("1m30s", "90"), ("1h0m0.5s", "3600.5"),
                      ("2024-01-01", "2024-01-01"), ("2024-01-01T10:00:00Z", "2024-01-01T10:00:00Z"), ("42", "42"), ("12.5", "12.5"),
                      ("12d", "12d"), ("3 ms", "3 ms"), ("1h30", "1h30"), ("10am", "10am"), ("2s1m", "2s1m"), ("5ks", "5ks"),
                      ("ms", "ms"), ("-3s", "-3s"), ("", "")])
    func stringsRewrittenAsSeconds(text: String, rewritten: String) {
        var buffer = ByteBuffer()
        defer { buffer.free() }
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer.append(Field($0)) }
        UnitDuration.rewriteAsSeconds(&buffer)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == rewritten)
    }

    @Test func journalAndKubectl() throws {
        let journal = try Self.fixture("journal.log")
        #expect(Self.fields(journal[0], .journal) == [
            "time": "2024-01-15T10:23:45+0100", "host": "myhost", "program": "systemd", "pid": "1",
            "message": "Started Session 5 of user alice.",
        ])
        #expect(Self.fields(journal[2], .journal) == nil)
        let kubectl = try Self.fixture("kubectl.log")
        #expect(Self.fields(kubectl[1], .kubectl) == [
            "time": "2024-03-01T10:00:01.5Z", "message": "level=info msg=\"ready\" latency=350ms", "level": "info", "msg": "ready",
            "latency": "0.35",
        ])
        #expect(Self.fields(kubectl[2], .kubectl) == ["time": "2024-03-01T10:05:00.000000001Z", "message": "GET /healthz 200"])
    }

    /// Each fixture is found as its own format, and lines of none as none.
    @Test func detection() throws {
        let expected: [(String, LogFormat)] = [("access-nginx.log", .accessLog), ("access-apache.log", .accessLog),
                                               ("syslog-3164.log", .syslog3164), ("syslog-5424.log", .syslog5424),
                                               ("app.logfmt", .logfmt), ("journal.log", .journal), ("kubectl.log", .kubectl)]
        for (name, format) in expected {
            let lines = try Self.fixture(name)
            let text = Array(lines.joined().utf8)
            let found = text.withUnsafeBufferPointer { all in
                var start = 0
                let fields = lines.map { line in
                    defer { start += line.utf8.count }
                    return Field(rebasing: all[start..<(start + line.utf8.count)])
                }
                return LogFormat.detect(fields)
            }
            #expect(found == format, "\(name)")
        }
    }
}
