import CNcurses
import Foundation
import StrataData
@testable import StrataTerminal
import StrataUI
import Testing

/// The run loop over scripted reads: a resize is never lost, whatever came
/// just before it, and the next frame has the new size.
@Suite("Run loop and resizes")
struct RunLoopResizeTests {
    typealias Step = ScriptedTerminal.Step

    static let births: Dataset = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/births-1978.csv").path
        var setup = LoadSetup()
        setup.fallbackZone = .utc
        let result = try! DataLoader.load([.file(path)], options: ReadOptions(), setup: setup)
        return Dataset(loaded: result, levels: result.levels)
    }()

    static func app() -> StrataApp {
        StrataApp(dataset: births, clock: SystemClock(fixedNow: 1_795_361_400))
    }

    /// What came just before the resize, and the events it makes.
    static let before: [(steps: [Step], events: [Event])] = [
        ([.escape], [.key(.escape)]),  // the resize arrives within Esc's delay
        ([.escape, .pause], [.key(.escape)]),  // …or just after it
        ([.functionKey(KEY_LEFT)], [.key(.left)]),
        (Step.text("l"), [.key(.character("l"))]),
        ([.escape] + Step.text("[<0;5;3M"), [.mouse(MouseEvent(.press(.left), x: 4, y: 2))]),
    ]

    static let sizes = [
        (Size(width: 120, height: 40), Size(width: 80, height: 24)),
        (Size(width: 20, height: 6), Size(width: 400, height: 120)),
        (Size(width: 80, height: 24), Size(width: 12, height: 4)),
    ]

    @Test("the frame after a resize has the new size", arguments: before.indices, sizes.indices)
    func frameAfterAResize(before: Int, sizes: Int) {
        let (steps, events) = Self.before[before]
        let (start, end) = Self.sizes[sizes]
        var app = Self.app()
        var backend = RecordingBackend(ScriptedTerminal(size: start, steps + [.resize(end)] + Step.text("q")))
        var idle: [Int] = []
        RunLoop.run(&app, on: &backend) { idle.append($0) }

        // The same events handed to the app directly: the screen it should end on.
        var expected = Self.app()
        for event in [.resize(start)] + events + [.resize(end)] { expected.handle(event) }
        let last = backend.frames.last
        #expect(last?.size == end)
        #expect(last?.plainText == expected.render().grid.plainText)
        #expect(idle == [0, 1, 2])
    }
}
