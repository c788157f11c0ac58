import Foundation
import StrataData
import Testing
@testable import StrataUI

/// Enter on a raw row of the card: the whole record, a field a line under
/// its header's names, scrolled like the other views; Esc goes back.
@Suite("Card record view")
struct RecordViewTests {
    /// Replays `keys` on `text` saved as `name` and read with no flags, rows read back.
    static func replay(_ text: String, name: String, _ keys: String, size: Size) throws -> String {
        try withTemporaryFile(named: name, holding: text) { path in
            try RealDataGoldenTests.replayWithNoFlags(path: path, keys, size: size)
        }
    }

    /// A quoted field holds the delimiter and a doubled quote; the names come from the header.
    static let orders = """
        placed,customer,amount,note
        2024-05-01T09:15:00Z,"Smith, Ann",12.5,first
        2024-05-02T10:40:00Z,Bo,30,"said ""hi"" and left"
        2024-05-03T13:05:00Z,Cy,7.25,
        2024-05-04T18:30:00Z,Di,41,last of a long week of orders that fills more than the line
        """

    @Test func enterOnARawRowShowsItsFieldsByName() throws {
        // The week's card: 7 days, the rows' heading, then the rows; the cursor goes to the last row.
        let screen = try Self.replay(Self.orders, name: "orders.csv", "enter end up enter", size: Size(width: 60, height: 12))
        #expect(screen == """
             strata  orders.csv         Week  sum amount · y:page · UTC
                          29 Apr – 5 May 2024  · 2024-W18
            ╭─ orders.csv:4 ───────────────────────────────────────────╮
            │ placed:   2024-05-03T13:05:00Z                           │
            │ customer: Cy                                             │
            │ amount:   7.25                                           │
            │ note:                                                    │
            │                                                          │
            │                                                          │
            │                                                          │
            ╰──────────────────────────────────────────────────────────╯
             Esc back  ? help  q quit              row 10/11   week 1/1

            """)
        let quoted = try Self.replay(Self.orders, name: "orders.csv", "enter end up*2 enter", size: Size(width: 60, height: 12))
        #expect(quoted.contains("│ note:     said \"hi\" and left"))
        let comma = try Self.replay(Self.orders, name: "orders.csv", "enter end up*3 enter", size: Size(width: 60, height: 12))
        #expect(comma.contains("│ customer: Smith, Ann"))
    }

    @Test func aLongValueWrapsAndTheRecordScrolls() throws {
        let top = try Self.replay(Self.orders, name: "orders.csv", "enter end enter", size: Size(width: 44, height: 8))
        #expect(top.split(separator: "\n").dropFirst(1).prefix(6).joined(separator: "\n") == """
            ╭─ orders.csv:5 ───────────────────────────╮
            │ placed:   2024-05-04T18:30:00Z           │
            │ customer: Di                             │
            │ amount:   41                             │
            │ note:     last of a long week of orders  │
            ╰──────────────────────────────────────────╯
            """)
        // To the bottom: the note, continued under its start.
        let bottom = try Self.replay(Self.orders, name: "orders.csv", "enter end enter end", size: Size(width: 44, height: 8))
        #expect(bottom.split(separator: "\n").dropFirst(3).prefix(3).joined(separator: "\n") == """
            │ amount:   41                             │
            │ note:     last of a long week of orders  │
            │           that fills more than the line  │
            """)
    }

    @Test func aJSONRecordIsPrettyPrinted() throws {
        let events = """
            {"ts":"2024-05-01T09:15:00Z","user":{"name":"ann","id":7},"bytes":120,"ok":true}
            {"ts":"2024-05-02T10:40:00Z","user":{"name":"bo","id":8},"tags":["a","b, c"],"none":{},"bytes":30,"ok":null}
            """
        let screen = try Self.replay(events, name: "events.jsonl", "enter end enter", size: Size(width: 50, height: 17))
        let box = screen.split(separator: "\n").dropFirst(2).prefix(13).joined(separator: "\n")
        #expect(box == """
            ╭─ events.jsonl:2 ───────────────────────────────╮
            │ {                                              │
            │   "ts": "2024-05-02T10:40:00Z",                │
            │   "user": {                                    │
            │     "name": "bo",                              │
            │     "id": 8                                    │
            │   },                                           │
            │   "tags": ["a", "b, c"],                       │
            │   "none": {},                                  │
            │   "bytes": 30,                                 │
            │   "ok": null                                   │
            │ }                                              │
            │                                                │
            """)
    }
}
