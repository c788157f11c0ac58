import Foundation
import Testing
@testable import StrataData

/// JSON documents: the records of an array of objects, found at the top or
/// under a key, read as JSON Lines records are.
struct JSONDocumentReaderTests {
    /// `count` daily prices, as JSON objects written compactly.
    static func records(_ count: Int) -> [String] {
        (0..<count).map { i in
            let day = CivilDate(dayNumber: CivilDate(year: 2024, month: 1, day: 1).dayNumber + i)
            let date = "\(day.year)-\(day.month < 10 ? "0" : "")\(day.month)-\(day.day < 10 ? "0" : "")\(day.day)"
            return #"{"date": "\#(date)", "price": \#(100 + i % 7), "meta": {"ticker": "ABC"}}"#
        }
    }

    static let records = records(40)
    static let jsonLines = records.joined(separator: "\n") + "\n"
    /// `[`, one object per line with a trailing comma, `]`.
    static func pretty(_ records: [String]) -> String { "[\n" + records.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n" }
    /// Every field on a line of its own, as `json.dumps(indent=2)` writes.
    static func indented(_ records: [String]) -> String {
        "[\n" + records.map { record in
            record.replacingOccurrences(of: "{", with: "{\n    ").replacingOccurrences(of: ", \"", with: ",\n    \"")
                .replacingOccurrences(of: "}", with: "\n  }")
        }.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
    }
    static func underAKey(_ records: [String]) -> String {
        #"{"status": "ok", "links": {"next": null}, "data": {"items": "# + pretty(records) + "}, \"count\": \(records.count)}\n"
    }

    static let prettyArray = pretty(records)
    static let oneLineArray = "[" + records.joined(separator: ",") + "]"
    static let indentedArray = indented(records)
    static let underAKey = underAKey(records)

    /// The error a load of `text` throws, as its message says it (the folder left out).
    static func failure(_ text: String, name: String, _ configure: (inout ReadOptions) -> Void = { _ in }) -> String? {
        do {
            _ = try Fixture.load(text, name: name, configure)
            return nil
        } catch {
            return error.message.replacingOccurrences(of: #"/[^ ]*/"#, with: "", options: .regularExpression)
        }
    }

    static func summary(_ r: LoadResult) -> [String] {
        [r.notes.dropFirst().joined(separator: "|"), "\(r.rowsRead) \(r.accepted) \(r.skipped)"]
            + Fixture.minutes(r).map { "\($0.0) \($0.1.sum)" }
    }

    @Test func everyShapeReadsTheRowsJSONLinesDoes() throws {
        let twin = try Fixture.load(Self.jsonLines, name: "prices.jsonl")
        #expect(twin.accepted == 40 && twin.skipped == 0)
        for (name, text, note) in [("pretty.json", Self.prettyArray, "input: JSON array (40 records)"),
                                   ("oneline.json", Self.oneLineArray, "input: JSON array (40 records)"),
                                   ("indented", Self.indentedArray, "input: JSON array (40 records)"),
                                   ("answer.json", Self.underAKey, "input: JSON array at data.items (40 records)")] {
            let r = try Fixture.load(text, name: name)
            #expect(r.notes.first == note, "\(name)")
            #expect(Self.summary(r) == Self.summary(twin), "\(name)")
        }
    }

    /// A pretty array is sampled through the file as its JSON Lines twin is
    /// (a memory budget goes by the span its sample sees): its chunks start
    /// at records, never at an object nested in one.
    @Test func aPrettyArrayIsSampledThroughTheFile() throws {
        let many = Self.records(400)
        let nested = "[\n" + many.map { record in
            "  " + record.dropLast() + ", \"quotes\": [\n      {\"bid\": 1},\n      {\"bid\": 2}\n    ]}"
        }.joined(separator: ",\n") + "\n]\n"
        let twin = try Fixture.load(many.joined(separator: "\n") + "\n", name: "prices.jsonl")
        #expect(twin.profile.span == Fixture.utc(2024, 1, 1)...Fixture.utc(2025, 2, 3))
        for text in [Self.pretty(many), nested] {
            let r = try Fixture.load(text, name: "prices.json")
            #expect(r.profile.span == twin.profile.span && r.profile.timesAscending)
            #expect(Self.summary(r) == Self.summary(twin))
        }
    }

    @Test func aPipedArrayAndAGzippedOne() throws {
        let piped = try Fixture.loadPiped(Array(Self.prettyArray.utf8))
        #expect(piped.notes.first == "input: JSON array (40 records)" && piped.accepted == 40)
        try Fixture.withFolder { folder in
            let gz = try Fixture.gzip(Fixture.write("prices.json", Self.indentedArray, in: folder))
            let r = try DataLoader.load([.file(gz)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .hour)
            #expect(r.accepted == 40 && r.skipped == 0)
        }
    }

    @Test func theFirstArrayOfObjectsBreadthFirstOrTheNamedOne() throws {
        let deeper = #"{"meta": {"sources": [{"name": "x"}]}, "rows": "# + Self.oneLineArray + "}"
        let r = try Fixture.load(deeper, name: "doc.json")
        #expect(r.notes.first == "input: JSON array at rows (40 records)")
        let named = try Fixture.load(Self.underAKey, name: "doc.json") { $0.jsonPath = "data.items" }
        #expect(named.accepted == 40)
        #expect(Self.failure(Self.underAKey, name: "doc.json") { $0.jsonPath = "data.rows" }
                == "strata: doc.json: --json-path data.rows: no array there (the top of the document is an object with keys status, links, data, count)")
    }

    /// An object nested 30,000 deep (it overflowed the stack) is passed
    /// over: the records after it are found, and a document of nothing else
    /// is one error line.
    @Test func anObjectNestedThirtyThousandDeepIsPassedOver() throws {
        let deep = String(repeating: #"{"x": "#, count: 30_000) + "1" + String(repeating: "}", count: 30_000)
        let r = try Fixture.load(#"{"meta": "# + deep + #", "rows": "# + Self.oneLineArray + "}", name: "doc.json")
        #expect(r.notes.first == "input: JSON array at rows (40 records)" && r.accepted == 40)
        #expect(Self.failure(#"{"meta": "# + deep + "}", name: "deep.json")
                == "strata: deep.json: no array of objects in the JSON document (its top is an object with keys meta)")
    }

    /// An array whose records are nested past the walk's depth: the error
    /// names the depth, where "no JSON object" said nothing of why; a deep
    /// record among others is one skipped row that says so.
    @Test func aRecordNestedPastTheDepthIsNamed() throws {
        let deep = #"{"t": "2024-01-01", "v": "# + String(repeating: #"{"a": "#, count: 30_000) + "1" + String(repeating: "}", count: 30_001)
        let message = try #require(Self.failure("[" + deep + "]", name: "deep.json"))
        #expect(message.hasPrefix("strata: deep.json: the array's record 1 is nested deeper than 64 levels, and no other sampled record is an object"))
        let r = try Fixture.load("[" + ([deep] + Self.records(40)).joined(separator: ",") + "]", name: "some.json")
        #expect(r.accepted == 40 && r.skipped == 1)
        #expect(r.firstSkipped.first?.reason == "nested deeper than 64 levels")
    }

    /// Pretty-printed, or on one line as `curl` gives an API's error answer.
    @Test func aDocumentWithoutRecordsSaysWhatItHolds() throws {
        for text in ["{\n  \"status\": \"error\",\n  \"message\": \"rate limited\"\n}\n", #"{"status": "error", "message": "rate limited"}"#] {
            #expect(Self.failure(text, name: "error.json")
                    == "strata: error.json: no array of objects in the JSON document (its top is an object with keys status, message)")
        }
    }

    @Test func oneObjectOnOneLineIsJSONLinesOfOneRecord() throws {
        let r = try Fixture.load(Self.records[0] + "\n", name: "one")
        #expect(r.notes.first == "input: jsonl" && r.accepted == 1)
    }

    @Test func aLogLineInBracketsIsNotJSON() throws {
        let r = try Fixture.load("[2024-01-01 10:00:00] started\n[2024-01-01 10:05:00] stopped\n", name: "app")
        #expect(r.notes.first == "input: lines" && r.accepted == 2)
    }

    /// The pretty array with line 22 (record 21) missing its comma and the
    /// next record its opening brace; the byte offset of line 23.
    static let brokenHalfWay: (text: String, line23: Int) = {
        var broken = pretty(records(400)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        broken[21] = String(broken[21].dropLast())
        broken[22] = "  " + broken[22].dropFirst(3)
        let text = broken.joined(separator: "\n")
        return (text, text.utf8.count - broken[22...].joined(separator: "\n").utf8.count)
    }()

    @Test func twoThreadsReadWhatOnePassDoes() throws {
        let many = Self.records(400)
        // Records holding arrays of objects, a line each: most lines that end with `,` and start with `{` are inside a record.
        let tagged = Self.pretty(many.map { $0.dropLast() + ", \"tags\": [\n" + (0..<5).map { "    {\"k\": \($0)}" }.joined(separator: ",\n") + "\n  ]}" })
        for (name, text) in [("pretty.json", Self.pretty(many)), ("indented.json", Self.indented(many)), ("answer.json", Self.underAKey(many)),
                             ("broken.json", Self.brokenHalfWay.text), ("tagged.json", tagged)] {
            let one = try Fixture.load(text, name: name) { $0.splitThreshold = .max }
            let two = try Fixture.load(text, name: name) {
                $0.splitThreshold = 1
                $0.limits = ScannerLimits(chunk: 2048, maxRecord: 4096, sampleWindow: 2048)
            }
            #expect(two.notes == one.notes, "\(name)")
            #expect(Self.summary(two) == Self.summary(one), "\(name)")
            #expect(two.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == one.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" },
                    "\(name)")
        }
    }

    @Test func aSyntaxErrorHalfWayEndsTheReadThere() throws {
        let (text, offset) = Self.brokenHalfWay
        let r = try Fixture.load(text, name: "broken.json")
        #expect(r.notes.first == "input: JSON array (21 records)" && r.notes[1] == "time: field \"date\", format YYYY-MM-DD")
        #expect(r.rowsRead == 22 && r.accepted == 21 && r.skipped == 1)
        #expect(r.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == [
            "23:3: invalid JSON at byte \(offset + 2): expected , or ] after a record; the read stops here",
        ])
        #expect(Self.failure(text, name: "broken.json") { $0.strict = true }
                == "strata: broken.json:23:3: invalid JSON at byte \(offset + 2): expected , or ] after a record; the read stops here")
    }

    @Test func aBadRecordIsSkippedWhereItIsWrong() throws {
        let text = "[\n  {\"date\": \"2024-01-01\", \"price\": 1},\n  {\"date\": \"soon\",\n   \"price\": 2},\n  7,\n"
            + "  {\"date\": \"2024-01-02\" \"price\": 3},\n  {\"date\": \"2024-01-03\", \"price\": 4}\n]\n"
        let r = try Fixture.load(text, name: "bad.json")
        #expect(r.rowsRead == 5 && r.accepted == 2)
        #expect(r.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == [
            "3:12: time \"soon\" does not parse as YYYY-MM-DD",
            "5:3: not a JSON object",
            "6:25: invalid JSON",
        ])
    }

    @Test func anArrayThatNeverClosesIsReported() throws {
        let r = try Fixture.load("[{\"date\": \"2024-01-01\", \"price\": 1},\n{\"date\": \"2024-01-02\", \"price\": 2}\n", name: "cut.json")
        #expect(r.accepted == 2 && r.skipped == 1)
        #expect(r.firstSkipped.first?.reason == "invalid JSON at byte 72: the input ends before the array closes; the read stops here")
    }

    @Test func aPrettyRecordIsReadBackWithItsFields() throws {
        try Fixture.withFile("prices.json", Self.indentedArray) { path in
            let r = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .hour)
            let rows = try r.rowLocator.rows(from: Fixture.utc(2024, 1, 2), to: Fixture.utc(2024, 1, 3), series: 0, limit: 5)
            #expect(rows.map(\.line) == [9])
            #expect(rows.first?.text == #"{↵    "date": "2024-01-02",↵    "price": 101,↵    "meta": {↵    "ticker": "ABC"↵  }↵  }"#)
            #expect(r.rowLocator.recordFields().fields(of: rows[0]).map(\.name) == ["date", "price", "meta.ticker"])
        }
    }

    /// A record's arrays are fields of their own, written compactly: a list
    /// of tags or a matrix's pairs is shown, not left out.
    @Test func aRecordsArraysAreFieldsToo() throws {
        let text = "[\n  {\n    \"date\": \"2024-01-01\",\n    \"tags\": [\n      \"a\",\n      \"b c\"\n    ],\n"
            + "    \"pairs\": [[1, 2], [3, 4]],\n    \"price\": 1\n  }\n]\n"
        try Fixture.withFile("tags.json", text) { path in
            let r = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .hour)
            let rows = try r.rowLocator.rows(from: Fixture.utc(2024, 1, 1), to: Fixture.utc(2024, 1, 2), series: 0, limit: 5)
            #expect(rows.map { r.rowLocator.recordFields().fields(of: $0) } == [[
                RecordField(name: "date", value: "2024-01-01"), RecordField(name: "tags", value: #"["a","b c"]"#),
                RecordField(name: "pairs", value: "[[1,2],[3,4]]"), RecordField(name: "price", value: "1"),
            ]])
        }
    }

    // MARK: metric matrices

    /// A Prometheus `query_range` answer: two series of hourly samples.
    static let queryRange = #"{"status":"success","data":{"resultType":"matrix","result":["#
        + ["a:9100", "b:9100"].map { instance in
            #"{"metric":{"__name__":"up","job":"node","instance":""# + instance + #""},"values":["#
                + (0..<30).map { i in "[\(Fixture.utc(2026, 1, 1) + Int64(i) * 3600),\"\(instance.hasPrefix("a") ? i : 2 * i)\"]" }
                .joined(separator: ",") + "]}"
        }.joined(separator: ",") + "]}}"

    @Test func aQueryRangeAnswerIsOneSeriesPerMetric() throws {
        let r = try Fixture.loadPiped(Array(Self.queryRange.utf8), baseUnit: .minute)
        #expect(r.notes.prefix(4) == ["input: JSON array at data.result, [time, value] pairs in values (60 rows)",
                                      "time: field \"values[0]\", format epoch seconds", "value: field \"up\"",
                                      "series: field \"labels\""])
        // Named by the one field that differs; the values by the metric they share.
        #expect(r.seriesNames == ["a:9100", "b:9100"] && r.valueName == "up")
        #expect(r.rowsRead == 60 && r.accepted == 60 && r.suggestedAggregate == .mean)
        // The same rows as JSON Lines, one object per sample.
        let lines = (0..<30).flatMap { i in
            [("a", i), ("b", 2 * i)].map { #"{"t": \#(Fixture.utc(2026, 1, 1) + Int64($0.0 == "a" ? i : i) * 3600), "v": \#($0.1), "s": "\#($0.0)"}"# }
        }.joined(separator: "\n")
        let twin = try Fixture.load(lines, name: "up.jsonl") { $0.seriesColumn = "s" }
        for series in 0..<3 {
            #expect(Fixture.minutes(r, series: series).map { "\($0.0) \($0.1.sum)" } == Fixture.minutes(twin, series: series).map { "\($0.0) \($0.1.sum)" })
        }
    }

    @Test func anInstantQueryIsOneRowPerRecord() throws {
        let text = #"{"data": {"result": [{"metric": {"instance": "a"}, "value": [1767225600, "1.5"]},"#
            + #" {"metric": {"instance": "b"}, "value": [1767225660.5, "2.5"]}, {"metric": {"instance": "c"}}]}}"#
        let r = try Fixture.load(text, name: "instant.json")
        #expect(r.notes.first == "input: JSON array at data.result, [time, value] pairs in value (3 rows)")
        #expect(r.accepted == 2 && r.skipped == 1 && r.firstSkipped.first?.reason == "no field \"value\"")
        #expect(r.seriesNames == ["a", "b"])
    }

    @Test func pairsThatGoWrongCountAsOneSkippedRow() throws {
        let text = #"{"data": {"result": [{"metric": {"i": "a"}, "values": [[1767225600, "1"], [1767229200, "2"], "oops"]},"#
            + #" {"metric": {"i": "b"}, "values": []}, {"metric": {"i": "c"}, "values": [[1767225600, "3"]]}]}}"#
        let r = try Fixture.load(text, name: "matrix.json")
        #expect(r.rowsRead == 5 && r.accepted == 3 && r.skipped == 2)
        #expect(r.firstSkipped.map(\.reason) == Array(repeating: "\"values\" holds something other than [time, value] pairs", count: 2))
    }

    @Test func pairsOfNumbersThatAreNotTimesAreNotAMatrix() throws {
        let text = #"[{"t": "2024-01-01T10:00:00Z", "loc": [12.5, 41.9], "n": 1}, {"t": "2024-01-02T10:00:00Z", "loc": [12.6, 41.8], "n": 2}]"#
        let r = try Fixture.load(text, name: "places.json")
        #expect(r.notes.prefix(3) == ["input: JSON array (2 records)", "time: field \"t\", format YYYY-MM-DDTHH:MM:SSZ", "value: field \"n\""])
    }

    /// A document on one line, read through a small buffer: the line starts
    /// far before the bytes held, and its columns still count from it.
    @Test func aOneLineArrayCountsColumnsFromItsStart() throws {
        var records = Self.records(300)
        records[250] = records[250].replacingOccurrences(of: "2024-09-07", with: "soon")
        let text = "[" + records.joined(separator: ",") + "]"
        let r = try Fixture.load(text, name: "one.json") { $0.limits = ScannerLimits(chunk: 2048, maxRecord: 4096, sampleWindow: 2048) }
        let column = text.utf8.count - text[text.range(of: "\"soon\"")!.lowerBound...].utf8.count + 1
        #expect(r.firstSkipped.map { "\($0.line):\($0.column): \($0.reason)" } == ["1:\(column): time \"soon\" does not parse as YYYY-MM-DD"])
        #expect(r.accepted == 299)
    }

    @Test func bracketsAndEscapedQuotesInsideStringsAreText() throws {
        let text = #"[{"date": "2024-01-01", "price": 1, "note": "say \"}]\" and \\"}, {"date": "2024-01-02", "price": 2, "note": "[{\\\\"}]"#
        let r = try Fixture.load(text, name: "notes.json")
        #expect(r.accepted == 2 && r.skipped == 0)
        let fields = try Fixture.withFile("notes.json", text) { path in
            let loaded = try DataLoader.load([.file(path)], options: Fixture.options(), calendar: Fixture.utc, baseUnit: .hour)
            let rows = try loaded.rowLocator.rows(from: Fixture.utc(2024, 1, 1), to: Fixture.utc(2024, 1, 2), series: 0, limit: 5)
            return loaded.rowLocator.recordFields().fields(of: rows[0]).map(\.value)
        }
        #expect(fields == ["2024-01-01", "1", #"say "}]" and \"#])
    }

    @Test func aSeriesIsNamedByEveryFieldThatDiffers() throws {
        let text = #"{"data": {"result": ["#
            + [("a", "node"), ("a", "db"), ("b", "db")].map { instance, job in
                #"{"metric": {"instance": "\#(instance)", "job": "\#(job)", "env": "prod"}, "values": [[1767225600, "1"], [1767229200, "2"]]}"#
            }.joined(separator: ", ") + "]}}"
        let r = try Fixture.load(text, name: "matrix.json")
        #expect(r.seriesNames == ["instance=a, job=node", "instance=a, job=db", "instance=b, job=db"] && r.valueName == "values[1]")
    }

    /// A record longer than the scanner holds, in an array on one line, in
    /// an indented one and in JSON Lines, early (cut from the sample) and
    /// late (passed over by the read): that record is one skipped row on the
    /// line it starts, and every record after it is read.
    @Test(arguments: [5, 250])
    func anOversizedRecordIsOneSkippedRowAndTheRestAreRead(_ at: Int) throws {
        var records = Self.records(300)
        // Brackets and an escaped quote inside the long record's string, and nested arrays.
        let blob = String(repeating: "x]}\\\"{[", count: 800)
        records[at] = records[at].dropLast() + #", "blob": "\#(blob)", "deep": [[1, {"a": [2]}], "]"]}"#
        let limits = ScannerLimits(chunk: 2048, maxRecord: 4096, sampleWindow: 2048)
        let shapes = [("one.json", "[" + records.joined(separator: ",") + "]", 1),
                      ("pretty.json", Self.pretty(records), at + 2),
                      ("lines.jsonl", records.joined(separator: "\n") + "\n", at + 1)]
        for (name, text, line) in shapes {
            let r = try Fixture.load(text, name: name) { $0.limits = limits }
            #expect(r.rowsRead == 300 && r.accepted == 299 && r.skipped == 1, "\(name)")
            #expect(r.firstSkipped.map { "\($0.line): \($0.reason)" } == ["\(line): record longer than 0 MB"], "\(name)")
            #expect(Fixture.minutes(r).count == 299, "\(name)")
        }
    }
}
