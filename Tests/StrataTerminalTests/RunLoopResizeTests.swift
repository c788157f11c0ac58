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

    /// What comes just before the resize: its reads, and the events they make.
    struct Lead: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let steps: [Step]
        let events: [Event]
    }

    static let leads = [
        Lead(testDescription: "Esc, the resize within its delay", steps: [.escape], events: [.key(.escape)]),
        Lead(testDescription: "Esc, the resize after its delay", steps: [.escape, .pause], events: [.key(.escape)]),
        Lead(testDescription: "Left", steps: [.functionKey(KEY_LEFT)], events: [.key(.left)]),
        Lead(testDescription: "l", steps: Step.text("l"), events: [.key(.character("l"))]),
        Lead(testDescription: "a click", steps: [.escape] + Step.text("[<0;5;3M"),
             events: [.mouse(MouseEvent(.press(.left), x: 4, y: 2))]),
    ]

    static let sizes = [
        (Size(width: 120, height: 40), Size(width: 80, height: 24)),
        (Size(width: 20, height: 6), Size(width: 400, height: 120)),
        (Size(width: 80, height: 24), Size(width: 12, height: 4)),
    ]

    @Test("the frame after a resize has the new size", arguments: leads, sizes)
    func frameAfterAResize(lead: Lead, sizes: (start: Size, end: Size)) {
        var app = Self.app()
        var backend = RecordingBackend(ScriptedTerminal(size: sizes.start, lead.steps + [.resize(sizes.end)] + Step.text("q")))
        var idle: [Int] = []
        RunLoop.run(&app, on: &backend) { inputs, _ in idle.append(inputs) }

        // The same events handed to the app directly: the screen it should end on.
        var expected = Self.app()
        for event in [.resize(sizes.start)] + lead.events + [.resize(sizes.end)] { expected.handle(event) }
        let last = backend.frames.last
        #expect(last?.size == sizes.end)
        #expect(last?.plainText == expected.render().grid.plainText)
        #expect(idle == [0, 1, 2])
    }
}
