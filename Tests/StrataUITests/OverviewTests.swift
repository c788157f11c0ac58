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

    @Test func stripsSnapToWholeCardsAroundTheSelection() {
        // 80 columns hold six whole cards of 13 columns: the selection sits third, or at an end.
        #expect(OverviewLayout.firstCard(selected: 50, count: 100, width: 80) == 47)
        #expect(OverviewLayout.firstCard(selected: 1, count: 100, width: 80) == 0)
        #expect(OverviewLayout.firstCard(selected: 99, count: 100, width: 80) == 94)
        #expect(OverviewLayout.firstCard(selected: 2, count: 3, width: 80) == 0)
        #expect(OverviewLayout.firstCard(selected: 0, count: 1, width: 10) == 0)
    }

    @Test func theWheelSidewaysMovesTheStripUnderThePointer() throws {
        var app = StrataApp(dataset: ScreenTests.demo, clock: TestClock(now: ScreenTests.now))
        app.handle(.resize(Size(width: 80, height: 24)))
        app.handle(.key(.character("o")))
        let screen = app.render().grid.plainText.split(separator: "\n", omittingEmptySubsequences: false)
        let week = try #require(screen.firstIndex { $0.hasPrefix(" Week") })
        let before = app.state.navigation
        // Shift+wheel over the week strip while the day section is selected: the week moves, nothing else.
        app.handle(.mouse(MouseEvent(.wheel(.up), x: 20, y: week + 2, modifiers: .shift)))
        var expected = before
        expected.positions[1] -= 1
        #expect(app.state.navigation == expected)
        // The plain wheel scrolls the page instead.
        app.handle(.mouse(MouseEvent(.wheel(.down), x: 20, y: week + 2)))
        #expect(app.state.navigation == expected)
        #expect(app.state.route == .overview(OverviewState(scroll: 3)))
    }

    @Test func movingTheSelectionSlidesTheStripAndLands() {
        let clock = TestClock(now: ScreenTests.now)
        var animated = StrataApp(dataset: ScreenTests.demo, clock: clock, at: ScreenTests.now - 200 * 86_400, animates: true)
        var still = StrataApp(dataset: ScreenTests.demo, clock: clock, at: ScreenTests.now - 200 * 86_400)
        for app in [0, 1] {
            for event: Event in [.resize(Size(width: 80, height: 24)), .key(.character("o")), .key(.right)] {
                if app == 0 { animated.handle(event) } else { still.handle(event) }
            }
        }
        let landed = still.render().grid
        let first = animated.render()
        #expect(first.grid != landed)
        #expect(first.wakeUp == 16)
        clock.time = 120
        animated.handle(.tick)
        #expect(animated.render().grid == landed)
    }

    @Test("overview goldens", arguments: [
        ("overview-demo", "o", 80, 24),
        ("overview-demo-week-moved", "o down left*3", 80, 24),
        ("overview-demo-top", "o down down", 80, 36),
        ("overview-demo-narrow", "o", 40, 12),
        ("overview-demo-help", "o ?", 80, 24),
        ("overview-demo-pinned-header", "o wheeldown", 80, 14),
    ])
    func overviewGolden(name: String, keys: String, width: Int, height: Int) throws {
        Golden.check(try ScreenTests.replay(ScreenTests.demo, keys, size: Size(width: width, height: height)), named: name)
    }

    @Test("all five levels", arguments: [("overview-births-80", "births-1978.csv", 80, 24),
                                          ("overview-births-120", "births-1978.csv", 120, 40)])
    func allFiveLevels(name: String, file: String, width: Int, height: Int) throws {
        Golden.check(try RealDataGoldenTests.replayWithNoFlags(file, "o", size: Size(width: width, height: height)) { setup in
            setup.levels = [.day, .week, .month, .quarter, .year]
        }, named: name)
    }

    @Test("the demo on five levels", arguments: [("overview-demo-five-80", 80, 24), ("overview-demo-five-120", 120, 40)])
    func demoOnFiveLevels(name: String, width: Int, height: Int) throws {
        let demo = DemoData.load(now: ScreenTests.now, calendar: ScreenTests.utc, levels: [.day, .week, .month, .quarter, .year])
        let screen = try ScreenTests.replay(Dataset(loaded: demo, levels: demo.levels), "o down down", size: Size(width: width, height: height))
        Golden.check(screen, named: name)
    }

    @Test func asciiCards() throws {
        let screen = try ScreenTests.replay(ScreenTests.demo, "o", glyphs: .ascii)
        #expect(screen.contains("+----------+"))
        #expect(!screen.contains("┌"))
    }

    /// Births' weeks vary by a few percent: from zero every quarter card was one flat bar. From the
    /// strip's lowest whole week (a week cut to a day by the quarter's edge does not count), the
    /// seasons show; with room for two rows, the sparklines take them.
    @Test func miniCardsShowTheirShapeFromTheLowestValue() throws {
        let screen = try RealDataGoldenTests.replayWithNoFlags("births-1978.csv", "o")
        let lines = screen.split(separator: "\n").map(String.init)
        let quarters = try #require(lines.firstIndex { $0.hasPrefix(" Quarter") })
        #expect(lines[quarters + 3] == " │▁▁▃▃▃▃▃▃▃▁│ │▁▂▁▂▂▂▃▃▃▁│ │▁▅▇▇▇▇▇▇█▅│ ┃▁▆▅▄▄▅▃▅▅▅┃")
        let tall = try RealDataGoldenTests.replayWithNoFlags("births-1978.csv", "o", size: Size(width: 80, height: 30))
        let tallLines = tall.split(separator: "\n").map(String.init)
        let tallQuarters = try #require(tallLines.firstIndex { $0.hasPrefix(" Quarter") })
        #expect(Array(tallLines[(tallQuarters + 3)...(tallQuarters + 4)]) == [
            " │          │ │          │ │ ▁▅▆▆▇▅▅▇▂│ ┃ ▄▂  ▁ ▁▂▁┃",
            " │▁▁▅▅▅▆▆▆▆▁│ │▁▄▁▂▃▄▅▅▆▁│ │▁█████████│ ┃▁█████▆███┃",
        ])
    }
}
