import Foundation
import StrataData
import Testing
@testable import StrataUI

/// What a reload's first rows (`f`, `F`, `g`) do to the view on the TV guide:
/// a split resets the series on show, and a timeline's cursor block the new
/// rows lack goes with its card.
@Suite("After a reload")
struct ReloadedTests {
    /// The guide with only the rows `filter` passes, split by `series` when given.
    static func guide(filter: String? = nil, series: String? = nil) throws -> Dataset {
        var options = ReadOptions()
        options.filter = try filter.map { try RowFilter.parse($0) }
        options.seriesColumn = series
        return try TimelineTests.load(options).0
    }

    /// The app's state after `keys` on the whole guide, at 20:00 on 2024-10-27.
    static func state(after keys: String) throws -> (AppState, Dataset) {
        var app = try TimelineTests.app(now: TimelineTests.evening, size: Size(width: 120, height: 24))
        var output = ""
        HeadlessRunner.run(&app, tokens: try KeyScript.parse(keys), options: .init(size: Size(width: 120, height: 24)), to: &output)
        return (app.state, app.dataset)
    }

    /// Split anew, the series are others: the view goes to the first.
    @Test func aNewSplitShowsTheFirstSeries() throws {
        var (before, whole) = try Self.state(after: "")
        before.navigation.seriesIndex = 5
        let byGenre = try Self.guide(series: "genre")
        var state = before
        state.follow(byGenre, from: whole)
        // Nine genres: series 5 is there, and another.
        #expect(state.navigation.seriesIndex == 5)
        var expected = state
        expected.navigation.seriesIndex = 0
        state.reloaded(split: true, env: AppEnvironment(dataset: byGenre, now: TimelineTests.evening))
        #expect(state == expected)
    }

    /// `m right enter`: the timeline of 2024-10-27, its cursor on KiKA's
    /// "Wild Hunters" (20:45-21:30, line 2374) and the block's card open.
    static let opened = Result { try state(after: "m right enter") }

    @Test func aFilterThatDropsTheCursorBlockPlacesItAgainOnItsRowAndClosesTheCard() throws {
        let (before, whole) = try Self.opened.get()
        guard case .timeline(let timeline) = before.route else { throw CancellationError() }
        #expect(timeline.cursor?.line == 2374 && timeline.showsCard)
        let filtered = try Self.guide(filter: "title != 'Wild Hunters'")
        var state = before
        state.follow(filtered, from: whole)
        var expected = state
        var placed = timeline
        // KiKA's first block of the day: "Heroes Gold Night", 2024-10-27 00:00-02:00 +02:00 (line 2084).
        placed.cursor = TimelineState.Cursor(series: 0, IntervalIndex.Record(start: 1_729_980_000, end: 1_729_987_200, label: 0, line: 2084, input: 0))
        placed.showsCard = false
        expected.route = .timeline(placed)
        state.reloaded(split: false, env: AppEnvironment(dataset: filtered, now: TimelineTests.evening))
        #expect(state == expected)
    }

    @Test func aFilterThatKeepsTheCursorBlockLeavesTheTimelineAsItWas() throws {
        let (before, whole) = try Self.opened.get()
        let filtered = try Self.guide(filter: "genre != News")
        var state = before
        state.follow(filtered, from: whole)
        let expected = state
        state.reloaded(split: false, env: AppEnvironment(dataset: filtered, now: TimelineTests.evening))
        #expect(state == expected)
    }

    /// Split anew, the series are others: the view goes to the first, and
    /// the cursor where opening the timeline on the split rows puts it.
    @Test func aNewSplitShowsTheFirstSeriesAndPlacesTheCursorAfresh() throws {
        var (before, whole) = try Self.opened.get()
        before.navigation.seriesIndex = 5
        let byGenre = try Self.guide(series: "genre")
        var state = before
        state.follow(byGenre, from: whole)
        var expected = state
        expected.navigation.seriesIndex = 0
        var fresh = expected
        fresh.route = .pager
        TimelineState.open(&fresh, env: AppEnvironment(dataset: byGenre, now: TimelineTests.evening))
        guard case .timeline(var placed) = before.route, case .timeline(let opened) = fresh.route else { throw CancellationError() }
        #expect(opened.cursor != nil)
        (placed.cursor, placed.showsCard) = (opened.cursor, false)
        expected.route = .timeline(placed)
        state.reloaded(split: true, env: AppEnvironment(dataset: byGenre, now: TimelineTests.evening))
        #expect(state == expected)
    }
}
