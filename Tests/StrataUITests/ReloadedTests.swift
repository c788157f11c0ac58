import Foundation
import StrataData
import Testing
@testable import StrataUI

/// What a reload's first rows (`f`, `F`, `g`) do to the view on the TV guide:
/// a split resets the series on show.
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
}
