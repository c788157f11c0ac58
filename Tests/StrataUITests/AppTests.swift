import StrataData
import Testing
@testable import StrataUI

/// The app with its clock and a fake terminal: animation frames, ticks,
/// clicks on what was drawn, and the size at start and after a stop.
@Suite("App and run loop")
struct AppTests {
    let size = Size(width: 80, height: 24)

    func app(animates: Bool, clock: TestClock = TestClock(now: ScreenTests.now)) -> StrataApp {
        var app = StrataApp(dataset: ScreenTests.demo, clock: clock, animates: animates)
        app.handle(.resize(size))
        return app
    }

    @Test func pagingSlidesFrameByFrameAndLandsOnTheSameScreen() {
        let clock = TestClock(now: ScreenTests.now)
        var animated = app(animates: true, clock: clock)
        var still = app(animates: false)
        animated.handle(.key(.left))
        still.handle(.key(.left))
        let first = animated.render()
        #expect(first.wakeUp == 16)
        #expect(first.grid != still.render().grid)
        #expect(first.grid.plainText.contains("day 729/730"))
        clock.time = 60
        animated.handle(.tick)
        let midway = animated.render()
        #expect(midway.grid != first.grid)
        #expect(animated.state.transition != nil)
        clock.time = 120
        animated.handle(.tick)
        #expect(animated.state.transition == nil)
        let landed = animated.render()
        #expect(landed.wakeUp == nil)
        #expect(landed.grid == still.render().grid)
    }

    @Test func aKeyDuringASlideSkipsToTheEnd() {
        var animated = app(animates: true)
        var still = app(animates: false)
        for key: Key in [.left, .down] {
            animated.handle(.key(key))
            still.handle(.key(key))
        }
        #expect(animated.state == still.state)
        #expect(animated.render().grid == still.render().grid)
    }

    @Test func clickingATabOrADotGoesThere() {
        var app = app(animates: false)
        let header = app.render().grid.line(0)
        let monthColumn = header.distance(from: header.startIndex, to: header.range(of: "Month")!.lowerBound)
        app.handle(.mouse(MouseEvent(.press(.left), x: monthColumn + 1, y: 0)))
        #expect(app.state.navigation.level == .month)
        app.handle(.key(.up))
        // On the last week, the leftmost dot of the window is eight pages back.
        let dotsRow = app.render().grid.line(22)
        let firstDot = dotsRow.distance(from: dotsRow.startIndex, to: dotsRow.firstIndex { $0 != " " }!)
        let before = app.state.navigation.position
        app.handle(.mouse(MouseEvent(.press(.left), x: firstDot, y: 22)))
        #expect(app.state.navigation.position == before - 8)
    }

    /// At 120 columns the tabs sit elsewhere than at 80: clicks follow what was drawn.
    @Test func clicksUseTheLayoutThatWasDrawnAtAnySize() {
        var app = app(animates: false)
        app.handle(.resize(Size(width: 120, height: 40)))
        let header = app.render().grid.line(0)
        let monthColumn = header.distance(from: header.startIndex, to: header.range(of: "Month")!.lowerBound)
        app.handle(.mouse(MouseEvent(.press(.left), x: monthColumn, y: 0)))
        #expect(app.state.navigation.level == .month)
    }

    @Test func theMinuteTickWakesTheLoopWhenTheClockMoves() {
        let clock = TestClock(now: ScreenTests.now + 15, moves: true) // 14:10:15
        var app = app(animates: false, clock: clock)
        #expect(app.render().wakeUp == 45_000)
        var fixed = self.app(animates: false)
        #expect(fixed.render().wakeUp == nil)
    }

    @Test func theLoopSendsTheSizeAtStartAndAfterAStop() {
        var app = app(animates: false)
        var backend = FakeBackend(size: Size(width: 100, height: 30),
                                  inputs: [.event(.key(.left)), .continued, .event(.key(.character("q")))])
        backend.sizeAfterStop = Size(width: 60, height: 20)
        var idle: [Int] = []
        RunLoop.run(&app, on: &backend) { inputs, _ in idle.append(inputs) }
        #expect(backend.drawn.map(\.size) == [Size(width: 100, height: 30), Size(width: 100, height: 30),
                                              Size(width: 60, height: 20)])
        #expect(backend.drawn[1].plainText.contains("day 729/730"))
        #expect(idle == [0, 1, 1])
        #expect(app.shouldQuit)
    }

    @Test func theLoopRunsASlideOnTicksAndIsIdleOnlyAfterIt() {
        let clock = TestClock(now: ScreenTests.now)
        var app = app(animates: true, clock: clock)
        var backend = FakeBackend(size: size, inputs: [.event(.key(.left))] + Array(repeating: .timeout, count: 8) + [.closed])
        backend.onWait = { timeout in
            // The loop asks to wake for the next frame; time moves on by that much.
            if let timeout { clock.time += Int64(timeout) }
        }
        var idle: [Int] = []
        RunLoop.run(&app, on: &backend) { inputs, _ in idle.append(inputs) }
        // Frames every 16 ms until the slide's end at 120 ms, then sleep until the next input.
        #expect(backend.timeouts == [nil, 16, 16, 16, 16, 16, 16, 16, 8, nil])
        #expect(idle == [0, 1])
        #expect(backend.drawn.count == 10)
        #expect(Set(backend.drawn[1...9].map(\.plainText)).count >= 8)
    }
}

/// A terminal that plays back inputs and keeps what was drawn.
struct FakeBackend: TerminalBackend {
    var size: Size
    var inputs: [BackendInput]
    var sizeAfterStop: Size?
    var onWait: (Int?) -> Void = { _ in }
    private(set) var drawn: [Grid] = []
    private(set) var timeouts: [Int?] = []

    init(size: Size, inputs: [BackendInput]) {
        self.size = size
        self.inputs = inputs
    }

    mutating func draw(_ grid: Grid) { drawn.append(grid) }

    mutating func nextInput(timeoutMilliseconds: Int?) -> BackendInput {
        timeouts.append(timeoutMilliseconds)
        onWait(timeoutMilliseconds)
        guard !inputs.isEmpty else { return .closed }
        let input = inputs.removeFirst()
        if input == .continued, let sizeAfterStop { size = sizeAfterStop }
        return input
    }
}
