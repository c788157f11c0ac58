import Testing
@testable import StrataUI

@Suite("Sparkline: one row of block heights")
struct SparklineTests {
    @Test func oneColumnPerValueWhenTheyFit() {
        #expect(widgetScreen(Sparkline(values: [0, 1, 2, 3, 4, 5, 6, 7]), width: 10, height: 1) == "▁▂▃▄▅▆▇█")
    }

    @Test func emptyValuesShowAsTheEmptyMark() {
        #expect(widgetScreen(Sparkline(values: [1, nil, 3]), width: 5, height: 1) == "▁·█")
    }

    @Test func moreValuesThanColumnsAreAveraged() {
        // Four values a column: 0, 4 (the nils ignored), nothing at all, 7.
        let values: [Double?] = [0, 0, 0, 0, 4, 4, nil, nil, nil, nil, nil, nil, 7, 7, 7, 7]
        #expect(widgetScreen(Sparkline(values: values), width: 4, height: 1) == "▁▅·█")
        // 10 values in 4 columns: groups of 2, 3, 2, 3.
        #expect(widgetScreen(Sparkline(values: [0, 0, 7, 7, 7, 0, 0, 7, 7, 7]), width: 4, height: 1) == "▁█▁█")
    }

    @Test func aSharedRangeComparesAcrossSparklines() {
        #expect(widgetScreen(Sparkline(values: [2, 3]), width: 2, height: 1) == "▁█")
        #expect(widgetScreen(Sparkline(values: [2, 3], range: 0...7), width: 2, height: 1) == "▃▄")
        #expect(widgetScreen(Sparkline(values: [-5, 20], range: 0...7), width: 2, height: 1) == "▁█")
    }

    @Test func stretchSpreadsFewValuesOverTheWidth() {
        #expect(widgetScreen(Sparkline(values: [0, 7], stretch: true), width: 5, height: 1) == "▁▁▁██")
    }

    @Test func aFlatSeriesSitsOnTheLowestStep() {
        #expect(widgetScreen(Sparkline(values: [5, 5, 5]), width: 3, height: 1) == "▁▁▁")
    }

    @Test func asciiSteps() {
        #expect(widgetScreen(Sparkline(values: [0, 1, 2, 3, 4, 5, 6], steps: .ascii), width: 7, height: 1) == "_.-=+*#")
        #expect(widgetScreen(Sparkline(values: [0, nil, 6], steps: .ascii), width: 3, height: 1) == "_ #")
    }

    @Test func drawsInsideItsAreaOnly() {
        var grid = Grid(size: Size(width: 6, height: 2))
        Sparkline(values: [1, 2, 3, 4, 5], style: .accent).draw(into: &grid, area: Rect(x: 2, y: 1, width: 3, height: 1))
        #expect(grid.plainText == "\n  ▁▄█")
        #expect(grid[2, 1].style == .accent)
    }

    @Test func twoRowsStackFullBlocksUnderTheTopStep() {
        // 16 steps over two rows: the lowest value one eighth, the highest two full cells.
        #expect(widgetScreen(Sparkline(values: [0, 7, 8, 15, nil]), width: 5, height: 2) == """
              ▁█
            ▁███·
            """)
    }
}
