import Foundation
import Testing
@testable import StrataData

/// `--where` on tables, JSON Lines and lines of no known shape: rows that
/// do not pass are counted out, every road alike; a name the input has not is refused.
struct WhereTests {
    static let readings = """
        time,city,temp,note
        2024-01-01T00:00:00Z,Oslo,-3.5,cold
        2024-01-01T00:00:00Z,Rome,9,mild
        2024-01-01T01:00:00Z,Oslo,4,
        2024-01-01T01:00:00Z,Rome,11.5,"warm, sunny"
        2024-01-01T02:00:00Z,Oslo,n/a,sensor down
        """ + "\n"

    static func load(_ text: String, name: String, road: Fixture.Road, where expression: String) throws -> LoadResult {
        try LogRecordTests.load(text, name: name, road: road) { $0.filter = try? RowFilter.parse(expression) }
    }

    /// Numbers against numbers, text against text; a value that is no
    /// number passes no order, and the row's whole text is searched.
    @Test(arguments: Fixture.Road.allCases)
    func tableColumns(road: Fixture.Road) throws {
        let warm = try Self.load(Self.readings, name: "temps.csv", road: road, where: "temp > 3.9")
        // 9, 4 and 11.5 pass; -3.5 does not, nor n/a (not a number).
        #expect(warm.accepted == 3 && warm.filteredOut == 2 && warm.lackingField == 0)
        // n/a is not below 0, so `not` passes it, and it is read as any row is (an unreadable value).
        let oslo = try Self.load(Self.readings, name: "temps.csv", road: road, where: "city = Oslo and not temp < 0")
        #expect(oslo.filteredOut == 3 && oslo.accepted + oslo.skipped == 2)
        let words = try Self.load(Self.readings, name: "temps.csv", road: road, where: "\"warm, sunny\" or cold")
        #expect(words.accepted == 2)
        // By 1-based index, as --value takes them: column 2 is the city.
        let rome = try Self.load(Self.readings, name: "temps.csv", road: road, where: "2 = Rome")
        #expect(rome.accepted == 2)
    }

    @Test func unknownNamesAreRefused() throws {
        let error = try #require(Fixture.error(Self.readings, name: "temps.csv") { $0.filter = try? RowFilter.parse("citty = Oslo") })
        guard case .unknownColumn(_, let option, let column, let available) = error else { Issue.record("\(error)"); return }
        #expect(option == "--where" && column == "citty" && available == ["time", "city", "temp", "note"])
        #expect(error.exitCode == 64)
        // Lines of no known shape have no fields: text alone.
        let lines = try #require(Fixture.error("2024-01-05 10:00:00 INFO start\n", name: "app.log") { $0.filter = try? RowFilter.parse("level = INFO") })
        guard case .unknownColumn(_, "--where", "level", []) = lines else { Issue.record("\(lines)"); return }
    }

    /// No row passing is said as such, not as rows skipped.
    @Test func noRowPasses() throws {
        let error = try #require(Fixture.error(Self.readings, name: "temps.csv") { $0.filter = try? RowFilter.parse("temp > 100") })
        #expect(error.message.hasSuffix(": no row passes --where (5 rows read)"))
        #expect(error.exitCode == 65)
    }

    /// A JSON record lacking the field does not pass, and is counted as lacking it.
    @Test(arguments: Fixture.Road.allCases)
    func jsonLinesFields(road: Fixture.Road) throws {
        let text = """
            {"ts":"2024-01-01T00:00:00Z","level":"error","ms":5,"req":{"path":"/a"}}
            {"ts":"2024-01-01T00:01:00Z","level":"info","ms":7,"req":{"path":"/b"}}
            {"ts":"2024-01-01T00:02:00Z","level":"fatal","ms":9}
            {"ts":"2024-01-01T00:03:00Z","level":"debug","ms":1,"req":{"path":"/a/c"}}
            """ + "\n"
        let bad = try Self.load(text, name: "app.jsonl", road: road, where: "level in (error, fatal)")
        #expect(bad.accepted == 2 && bad.filteredOut == 2)
        let paths = try Self.load(text, name: "app.jsonl", road: road, where: "req.path ~ ^/a")
        #expect(paths.accepted == 2 && paths.filteredOut == 2 && paths.lackingField == 1)
    }

    /// Lines of no known shape: a word they contain.
    @Test(arguments: Fixture.Road.allCases)
    func plainLinesByText(road: Fixture.Road) throws {
        let text = "2024-01-05 10:00:00.123 INFO start\n2024-01-05 10:00:01.456 WARN slow disk\n2024-01-05 10:05:00.000 WARN slow net\n"
        let r = try Self.load(text, name: "app.log", road: road, where: "WARN and not net")
        #expect(r.notes.first == "input: lines")
        #expect(r.rowsRead == 3 && r.accepted == 1 && r.filteredOut == 2)
        #expect(Fixture.minutes(r).map(\.0) == [Fixture.utc(2024, 1, 5, 10)])
    }
}
