import StrataData
import Testing
@testable import StrataUI

@Suite("Pager app: animation, clicks, prompt")
struct PagerAppTests {
    let size = Size(width: 80, height: 24)

    func app(animates: Bool) -> PagerApp {
        var app = PagerApp(dataset: ScreenTests.demo, context: RenderContext(now: ScreenTests.now), animates: animates)
        app.send(.resize(size))
        return app
    }

    @Test func pagingSlidesAndLandsOnTheSameScreen() {
        var animated = app(animates: true)
        var still = app(animates: false)
        animated.send(.left)
        still.send(.left)
        #expect(animated.isAnimating)
        #expect(!still.isAnimating)
        let midway = animated.render(size: size)
        #expect(midway != still.render(size: size))
        #expect(midway.plainText.contains("day 729/730"))
        animated.advanceAnimation(byMilliseconds: 60)
        #expect(animated.isAnimating)
        animated.advanceAnimation(byMilliseconds: 60)
        #expect(!animated.isAnimating)
        #expect(animated.render(size: size) == still.render(size: size))
    }

    @Test func aKeyDuringASlideSkipsToTheEnd() {
        var animated = app(animates: true)
        var still = app(animates: false)
        animated.send(.left)
        animated.send(.down)
        still.send(.left)
        still.send(.down)
        #expect(!animated.isAnimating)
        #expect(animated.render(size: size) == still.render(size: size))
        #expect(animated.state == still.state)
    }

    @Test func switchingLevelDoesNotSlide() {
        var animated = app(animates: true)
        animated.send(.down)
        #expect(!animated.isAnimating)
    }

    @Test func clickingATabOrADotGoesThere() {
        var app = app(animates: false)
        let screen = app.render(size: size)
        let header = screen.line(0)
        let monthColumn = header.distance(from: header.startIndex, to: header.range(of: "Month")!.lowerBound)
        app.send(.click(x: monthColumn + 1, y: 0))
        #expect(app.state.level == .month)
        app.send(.up)
        #expect(app.state.level == .week)
        // The leftmost dot of the window is four pages back.
        let dotsRow = app.render(size: size).line(22)
        let firstDot = dotsRow.distance(from: dotsRow.startIndex, to: dotsRow.firstIndex { $0 != " " }!)
        let before = app.state.position
        app.send(.click(x: firstDot, y: 22))
        #expect(app.state.position == before - 8)
    }

    @Test func promptJumpsEveryLevel() {
        var app = app(animates: false)
        for key: Key in [.character(":"), .character("2"), .character("0"), .character("2"), .character("5"),
                         .character("-"), .character("W"), .character("1"), .character("0"), .enter] {
            app.send(key)
        }
        #expect(app.state.mode == .pager)
        let dataset = app.dataset
        let calendar = dataset.calendar
        #expect(calendar.periodID(.week, ordinal: dataset.ordinal(.week, index: app.state.positions[1])) == "2025-W10")
        #expect(calendar.periodID(.day, ordinal: dataset.ordinal(.day, index: app.state.positions[0])) == "2025-03-03")
        #expect(calendar.periodID(.month, ordinal: dataset.ordinal(.month, index: app.state.positions[2])) == "2025-03")
    }
}
