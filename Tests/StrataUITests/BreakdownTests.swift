import Foundation
import StrataData
import Testing
@testable import StrataUI

/// `g`: the fields that can split an hour of access lines, and the reload it asks for.
@Suite("Breakdowns in the app")
struct BreakdownTests {
    static let dataset = Result { () throws -> Dataset in
        let loaded = try FilterTests.unfiltered.get()
        return Dataset(loaded: loaded, levels: loaded.levels)
    }

    /// The reducer runs of `f`'s tests, on the same hour of access lines.
    let filters = FilterTests()

    /// method (GET, POST), path (5 names) and status (200, 404, 500, 502) repeat over the
    /// 1,205 lines; client (699 addresses) barely does; protocol and agent have one value each.
    @Test func theFieldsThatSplitTheLogAreThoseWithAFewNames() throws {
        #expect(try Self.dataset.get().breakdowns == ["method", "path", "status"])
    }

    @Test func gListsThemAndEnterSplitsTheRowsByOne() throws {
        let dataset = try Self.dataset.get()
        let start = filters.state(on: dataset)
        var listed = start
        listed.overlay = .breakdowns(cursor: 2)
        #expect(filters.run(start, [.openBreakdowns, .moveBreakdownCursor(1), .moveBreakdownCursor(1)], on: dataset) == listed)
        // The cursor stops at either end.
        listed.overlay = .breakdowns(cursor: 3)
        #expect(filters.run(start, [.openBreakdowns] + Array(repeating: .moveBreakdownCursor(1), count: 9), on: dataset) == listed)
        var chosen = start
        chosen.reloading = ReadChange(filter: nil, series: "path")
        chosen.requests = [.reload(ReadChange(filter: nil, series: "path"))]
        #expect(filters.run(start, [.openBreakdowns, .moveBreakdownCursor(1), .moveBreakdownCursor(1), .chooseBreakdown], on: dataset) == chosen)
    }

    @Test func aBreakdownKeepsTheFilterAndAFilterKeepsTheBreakdown() throws {
        let dataset = try Self.dataset.get()
        var start = filters.state(on: dataset)
        let errors = try TypedFilter(parsing: "status >= 500")
        start.read.filter = errors
        var expected = start
        expected.reloading = ReadChange(filter: errors, series: "method")
        expected.requests = [.reload(ReadChange(filter: errors, series: "method"))]
        let split = filters.run(start, [.openBreakdowns, .moveBreakdownCursor(1), .chooseBreakdown], on: dataset)
        #expect(split == expected)
        var cleared = split
        cleared.requests = []
        expected.reloading = ReadChange(filter: nil, series: "method")
        expected.requests = [.reload(ReadChange(filter: nil, series: "method"))]
        #expect(filters.run(cleared, [.clearFilter], on: dataset) == expected)
    }

    @Test func noneGoesBackToOneSeriesAndEscClosesTheList() throws {
        let dataset = try Self.dataset.get()
        var split = filters.state(on: dataset)
        split.read.series = "path"
        split.navigation.allSeries = true
        var listed = split
        listed.overlay = .breakdowns(cursor: 2)
        #expect(filters.run(split, [.openBreakdowns], on: dataset) == listed)
        #expect(filters.run(split, [.openBreakdowns, .cancel], on: dataset) == split)
        var none = split
        none.reloading = ReadChange(filter: nil, series: "none")
        none.requests = [.reload(ReadChange(filter: nil, series: "none"))]
        #expect(filters.run(split, [.openBreakdowns, .moveBreakdownCursor(-5), .chooseBreakdown], on: dataset) == none)
    }

    @Test func aDatasetWithNoFieldToSplitBySaysSo() {
        let demo = ScreenTests.demo
        var expected = filters.state(on: demo)
        expected.notice = "no field splits these rows: a text field with a few names does (--series COL names one)"
        #expect(filters.run(filters.state(on: demo), [.openBreakdowns], on: demo) == expected)
    }

    /// `f status >= 500`, then `g` on path: the 22 5xx lines as their paths' series, the legend counting each.
    @Test func aFilteredLogSplitByPath() throws {
        Golden.check(try FilterTests.replay("f s t a t u s space > = space 5 0 0 enter g down down enter", height: 30),
                     named: "filter-access-hour-5xx-by-path")
    }
}
