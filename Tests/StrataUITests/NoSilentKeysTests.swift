@testable import StrataData
import Testing
@testable import StrataUI

/// Every key of every screen's key map, pressed where it may have nothing
/// to do, either changes something or says why: no key is silent.
@Suite("No silent keys")
struct NoSilentKeysTests {
    /// The screens, each reached by keys from the start, at both ends of the data.
    @Test("every bound key changes something or says why", arguments: [
        "", "home", "enter", "enter end", "o", "o home", "m", "m home", "?", "enter end enter",
    ])
    func everyBoundKeyChangesSomethingOrSaysWhy(setup: String) throws {
        var app = StrataApp(dataset: ScreenTests.demo, clock: TestClock(now: ScreenTests.now), readRows: { _, _, _ in
            CardRowsRead { _, _ in ([CardRow(location: "a.csv:2", text: "x,1", fields: [RecordField(name: "a", value: "x")])], true) }
        })
        #expect(try Self.silentKeys(&app, after: setup) == [], "silent after \(setup.isEmpty ? "the start" : setup)")
    }

    /// The timeline and its block card, on the TV guide.
    @Test("every timeline key changes something or says why", arguments: ["m", "m home", "m end", "m enter"])
    func everyTimelineKeyChangesSomethingOrSaysWhy(setup: String) throws {
        var app = try TimelineTests.app(now: TimelineTests.evening, size: Size(width: 120, height: 24))
        #expect(try Self.silentKeys(&app, after: setup) == [], "silent after \(setup)")
    }

    /// The keys of the map in force after `setup` that change nothing and say nothing, each pressed on its own.
    static func silentKeys(_ app: inout StrataApp, after setup: String) throws -> [String] {
        app.handle(.resize(Size(width: 80, height: 24)))
        for token in try KeyScript.parse(setup) { for event in token.events { app.handle(event) } }
        let start = app
        var before = start.state
        before.notice = nil
        var silent: [String] = []
        for binding in start.state.keyMap.bindings {
            for case .key(let key) in binding.triggers where key != .character("q") && key != .ctrlC {
                var pressed = start
                pressed.handle(.key(key))
                if pressed.state == before, pressed.state.notice == nil { silent.append(key.name) }
            }
        }
        return silent
    }
}
