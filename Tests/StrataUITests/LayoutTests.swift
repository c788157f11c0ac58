import Testing
@testable import StrataUI

@Suite("Layout: splitting a rect by constraints")
struct LayoutTests {
    let area = Rect(x: 2, y: 1, width: 20, height: 10)

    func widths(_ constraints: [Layout.Constraint], spacing: Int = 0, width: Int = 20) -> [Int] {
        Layout(.horizontal, constraints, spacing: spacing).split(Rect(x: 0, y: 0, width: width, height: 1)).map(\.width)
    }

    @Test func lengthsAroundAFill() {
        #expect(Layout(.horizontal, [.length(5), .fill(1), .length(3)]).split(area) == [
            Rect(x: 2, y: 1, width: 5, height: 10),
            Rect(x: 7, y: 1, width: 12, height: 10),
            Rect(x: 19, y: 1, width: 3, height: 10),
        ])
    }

    @Test func rowsTopToBottom() {
        #expect(Layout(.vertical, [.length(1), .percentage(30), .fill(1)]).split(area) == [
            Rect(x: 2, y: 1, width: 20, height: 1),
            Rect(x: 2, y: 2, width: 20, height: 3),
            Rect(x: 2, y: 5, width: 20, height: 6),
        ])
    }

    @Test func fillsShareByWeight() {
        #expect(widths([.fill(1), .fill(3)]) == [5, 15])
        // Rounding leftovers go to the first fills.
        #expect(widths([.fill(1), .fill(1), .fill(1)]) == [7, 7, 6])
        // Fills that all weigh nothing share evenly.
        #expect(widths([.fill(0), .length(4), .fill(0)]) == [8, 4, 8])
    }

    @Test func percentagesOfTheSpace() {
        #expect(widths([.percentage(50), .percentage(25), .fill(1)]) == [10, 5, 5])
        #expect(widths([.percentage(33), .percentage(33)]) == [6, 6])
    }

    @Test func minsGrowOnlyWithoutAFill() {
        #expect(widths([.length(4), .min(3), .min(3)]) == [4, 8, 8])
        #expect(widths([.min(3), .fill(1)]) == [3, 17])
        // Neither: the rest stays unused after the last part.
        #expect(widths([.length(4), .length(3)]) == [4, 3])
    }

    @Test func laterPartsShrinkFirstAndNeverBelowZero() {
        #expect(widths([.length(8), .length(8), .length(8)]) == [8, 8, 4])
        #expect(widths([.length(30), .min(5), .fill(1)]) == [20, 0, 0])
        #expect(widths([.length(-3), .length(5)]) == [0, 5])
    }

    @Test func spacingBetweenParts() {
        #expect(Layout(.horizontal, [.length(3), .fill(1), .length(3)], spacing: 1).split(area).map(\.x) == [2, 6, 19])
        #expect(widths([.length(3), .fill(1), .length(3)], spacing: 1) == [3, 12, 3])
    }

    @Test func spacingThatDoesNotFitLeavesEmptyPartsInside() {
        #expect(Layout(.horizontal, [.fill(1), .fill(1), .fill(1)], spacing: 2).split(Rect(x: 2, y: 0, width: 3, height: 1)) == [
            Rect(x: 2, y: 0, width: 0, height: 1),
            Rect(x: 4, y: 0, width: 0, height: 1),
            Rect(x: 5, y: 0, width: 0, height: 1),
        ])
    }

    @Test func nothingToSplit() {
        #expect(Layout(.vertical, []).split(area) == [])
        #expect(widths([.length(3), .fill(1)], width: 0) == [0, 0])
    }
}
