import StrataData
import Testing
@testable import StrataUI

/// The overview: every level as a strip of mini cards, moving the shared
/// positions, scrolling its page, and back to the pager where it left off.
@Suite("Overview")
struct OverviewTests {
    let env = AppEnvironment(dataset: ScreenTests.demo, now: ScreenTests.now)

    /// The demo's day, week and month levels, on day 65.
    func state(size: Size = Size(width: 80, height: 24)) -> AppState {
        let demo = ScreenTests.demo
        return AppState(navigation: Navigation(levels: demo.levels, periodCounts: demo.levels.map { demo.count($0) },
                                               positions: [64, 9, 2]), size: size)
    }

    func run(_ state: AppState, _ keys: [Key], env: AppEnvironment? = nil) -> AppState {
        var state = state
        for key in keys { reduce(into: &state, event: .key(key), env: env ?? self.env) }
        return state
    }

    @Test func oOpensItAndOOrEscGoesBack() {
        var expected = state()
        expected.route = .overview(OverviewState(scroll: 0))
        #expect(run(state(), [.character("o")]) == expected)
        #expect(run(state(), [.character("o"), .character("o")]) == state())
        #expect(run(state(), [.character("o"), .escape]) == state())
    }

    @Test func sectionsAreLevelsAndStripsMoveTheirPositions() {
        // ↓ selects the week section; → and End move the week's position; the day keeps its own.
        var expected = state()
        expected.navigation.levelIndex = 1
        expected.navigation.positions = [64, 12, 2]
        expected.route = .overview(OverviewState(scroll: 0))
        #expect(run(state(), [.character("o"), .down, .right, .character("2"), .right]) == expected)
        // Enter opens the pager there; the pager shows what the overview left.
        expected.route = .pager
        #expect(run(state(), [.character("o"), .down, .right, .character("2"), .right, .enter]) == expected)
    }

    @Test func thePageScrollsToKeepTheSelectedSectionInView() {
        // 22 rows of page: sections of 7 rows; the month section (rows 14–19) fits at 0.
        var expected = state(size: Size(width: 80, height: 12))
        expected.navigation.levelIndex = 2
        // 10 rows of page: the month section ends on row 20, so the page scrolls 10.
        expected.route = .overview(OverviewState(scroll: 10))
        #expect(run(state(size: Size(width: 80, height: 12)), [.character("o"), .down, .down]) == expected)
        // The wheel scrolls the page, clamped to its content (21 + 11 rows).
        var wheeled = run(state(size: Size(width: 80, height: 12)), [.character("o")])
        for _ in 0..<20 { reduce(into: &wheeled, event: .mouse(MouseEvent(.wheel(.down), x: 0, y: 0)), env: env) }
        #expect(wheeled.route == .overview(OverviewState(scroll: 32 - 10)))
    }

    @Test func aClickOnACardSelectsItsLevelAndPeriod() throws {
        var app = StrataApp(dataset: ScreenTests.demo, clock: TestClock(now: ScreenTests.now))
        app.handle(.resize(Size(width: 80, height: 24)))
        app.handle(.key(.character("o")))
        let screen = app.render().grid.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        // The week strip's cards are on rows 9–13; the first card is five weeks before the last.
        let row = try #require(screen.firstIndex { $0.hasPrefix(" Week") })
        app.handle(.mouse(MouseEvent(.press(.left), x: 3, y: row + 3)))
        #expect(app.state.navigation.levelIndex == 1)
        #expect(app.state.navigation.positions[1] == ScreenTests.demo.count(.week) - 6)
    }

    @Test("overview goldens", arguments: [
        ("overview-demo", "o", 80, 24),
        ("overview-demo-week-moved", "o down left*3", 80, 24),
        ("overview-demo-top", "o down down", 80, 36),
        ("overview-demo-narrow", "o", 40, 12),
        ("overview-demo-help", "o ?", 80, 24),
    ])
    func overviewGolden(name: String, keys: String, width: Int, height: Int) throws {
        Golden.check(try ScreenTests.replay(ScreenTests.demo, keys, size: Size(width: width, height: height)), named: name)
    }

    @Test func asciiCards() throws {
        let screen = try ScreenTests.replay(ScreenTests.demo, "o", glyphs: .ascii)
        #expect(screen.contains("+----------+"))
        #expect(!screen.contains("┌"))
    }
}
