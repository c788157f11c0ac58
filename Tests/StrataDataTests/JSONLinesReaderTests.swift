import Testing
@testable import StrataData

struct JSONLinesReaderTests {
    static let events = #"""
    {"ts":"2013-03-05T14:00:00Z","event":{"kind":"click","ms":12.5}}
    {"event":{"ms":"7","kind":"view"},"ts":"2013-03-05T14:05:00Z","tags":["a",{"b":1}]}
    not json at all
    {"ts":"2013-03-05T15:00:00Z","event":{"kind":"click","ms":null}}
    [1,2]
    {"ts":"soon","event":{"kind":"click","ms":3}}
    {"ts":"2013-03-05T16:00:00Z","event":{"kind":"cl\u00efck \"x\"","ms":-1e1}} trailing
    {"ts":"2013-03-05T17:00:00Z","event":{"kind":"cl\u00efck \"x\"","ms":-1e1}}

    """#

    @Test func fieldsAndDottedPaths() throws {
        let r = try Fixture.load(Self.events, name: "events.jsonl")
        #expect(r.notes == ["input: jsonl", "time: field \"ts\", format YYYY-MM-DDTHH:MM:SSZ", "value: field \"event.ms\""])
        // A null value is a row with no value, not a bad row.
        #expect(r.rowsRead == 8 && r.accepted == 4 && r.skipped == 4)
        #expect(Fixture.minutes(r).map(\.1.sum) == [12.5, 7, -10])
        #expect(r.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == [
            "3:1: not a JSON object",
            "5:1: not a JSON object",
            "6:7: time \"soon\" does not parse as YYYY-MM-DDTHH:MM:SSZ",
            "7:77: invalid JSON",
        ])
    }

    @Test func seriesFromAField() throws {
        let r = try Fixture.load(Self.events, name: "events.ndjson") { $0.seriesColumn = "event.kind"; $0.valueColumn = "event.ms" }
        #expect(r.seriesNames == ["click", "view", "clïck \"x\""])
        #expect(r.notes.last == "series: field \"event.kind\"")
    }

    @Test func sniffedByContentAndEpochNumbers() throws {
        let r = try Fixture.load("{\"t\": 1362492000, \"n\": 2}\n{\"t\": 1362495600, \"n\": \"3\"}\n", name: "stream")
        #expect(r.notes == ["input: jsonl", "time: field \"t\", format epoch seconds", "value: field \"n\""])
        #expect(Fixture.minutes(r).map(\.0) == [Fixture.utc(2013, 3, 5, 14), Fixture.utc(2013, 3, 5, 15)])
    }

    /// Docker's `<id>-json.log`: JSON Lines under a `.log` name, read so by every road (the file was read as lines, its pipe as JSON).
    @Test(arguments: Fixture.Road.allCases)
    func aDockerJSONLogIsJSONLinesByEveryRoad(_ road: Fixture.Road) throws {
        let text = """
            {"log":"GET /health 200\\n","stream":"stdout","time":"2024-04-01T00:00:04.723157123Z"}
            {"log":"GET /health 500\\n","stream":"stderr","time":"2024-04-01T00:01:19.409404123Z"}
            {"log":"GET /health 200\\n","stream":"stdout","time":"2024-04-01T01:00:28.202605123Z"}

            """
        let r = try Fixture.load(text, name: "3f2a9c-json.log", road: road)
        #expect(r.notes.prefix(2) == ["input: jsonl", "time: field \"time\", format YYYY-MM-DDTHH:MM:SS.fffffffffZ"])
        #expect(r.accepted == 3 && r.skipped == 0)
    }

    @Test func aMissingTimeIsSkippedAMissingValueIsNoValue() throws {
        let r = try Fixture.load("{\"ts\":\"2013-03-05\",\"v\":1}\n{\"v\":2}\n{\"ts\":\"2013-03-06\"}\n", name: "x.jsonl")
        #expect(r.accepted == 2)
        #expect(r.firstSkipped.map(\.reason) == ["no field \"ts\""])
    }

    @Test func deepNestingIsInvalidNotACrash() throws {
        let deep = String(repeating: "{\"a\":", count: 5000) + "1" + String(repeating: "}", count: 5000)
        let r = try Fixture.load("{\"ts\":\"2013-03-05\"}\n" + deep + "\n", name: "x.jsonl")
        #expect(r.accepted == 1 && r.skipped == 1)
    }

    /// Durations written as text with units are values in seconds, as in logfmt; other text stays text.
    @Test func durationsWithUnitsAreSeconds() throws {
        let r = try Fixture.load("""
            {"ts":"2013-03-05T14:00:00Z","service":"api","took":"12.5ms"}
            {"ts":"2013-03-05T14:00:30Z","service":"web","took":"1.5s"}
            {"ts":"2013-03-05T14:01:00Z","service":"api","took":"250µs"}
            {"ts":"2013-03-05T14:02:00Z","service":"web","took":"2m3s"}
            {"ts":"2013-03-05T14:03:00Z","service":"api","took":"7"}

            """, name: "requests.jsonl") { $0.valueColumn = "took" }
        #expect(r.notes.contains("value: field \"took\""))
        // 0.0125 + 1.5, 0.00025, 123, 7
        #expect(Fixture.minutes(r).map(\.1.sum) == [1.5125, 0.00025, 123, 7])
    }
}
