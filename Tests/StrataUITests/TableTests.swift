import Testing
@testable import StrataUI

@Suite("Table: selection, scrolling, cells and bars")
struct TableTests {
    static let rows: [Table.Row] = [
        .init(["00:00", "12"], bar: 1),
        .init(["01:00", "1,234"], bar: 0.5),
        .init(["02:00", "7"]),
        .init(["03:00", "123,456"], bar: 0.25),
        .init(["04:00", "0"], bar: 0),
        .init(["05:00", "55"], bar: 0.1),
    ]

    func table(marks: Table.Marks = .unicode) -> Table {
        Table(columns: [Table.Column("hour", width: .length(5)), Table.Column("sum", width: .length(6), alignment: .right)],
              rows: Self.rows, barColumn: Table.Column("", width: .fill(1)), marks: marks)
    }

    /// A header and three rows, 24 columns: mark 2, hour 5, sum 6, bar 7, two gaps of 2.
    func draw(_ table: Table, _ state: inout TableState) -> Grid {
        var grid = Grid(size: Size(width: 24, height: 4))
        table.draw(into: &grid, area: grid.bounds, state: &state)
        return grid
    }

    @Test func selectionAtTheTop() {
        var state = TableState()
        let grid = draw(table(), &state)
        #expect(grid.plainText == """
              hour      sum
            ▶ 00:00      12  ███████
              01:00   1,234  ███▌
              02:00       7
            """)
        #expect(state == TableState(selected: 0, offset: 0))
        #expect(grid[2, 0].style.bold)
        #expect(grid[23, 1].style.reverse)
        #expect(!grid[23, 2].style.reverse)
        #expect(grid[17, 2].style == Style(.bar))
    }

    @Test func selectionBelowTheViewScrollsItIntoTheLastRow() {
        var state = TableState(selected: 4)
        #expect(draw(table(), &state).plainText == """
              hour      sum
              02:00       7
              03:00  123,4…  █▊
            ▶ 04:00       0
            """)
        #expect(state == TableState(selected: 4, offset: 2))
    }

    @Test func selectionAtTheBottom() {
        var state = TableState(selected: 5, offset: 1)
        #expect(draw(table(), &state).plainText == """
              hour      sum
              03:00  123,4…  █▊
              04:00       0
            ▶ 05:00      55  ▊
            """)
        #expect(state.offset == 3)
    }

    @Test func selectionInTheMiddleKeepsTheOffsetAndAboveScrollsUp() {
        var state = TableState(selected: 3, offset: 2)
        _ = draw(table(), &state)
        #expect(state == TableState(selected: 3, offset: 2))
        state.selected = 1
        #expect(draw(table(), &state).plainText == """
              hour      sum
            ▶ 01:00   1,234  ███▌
              02:00       7
              03:00  123,4…  █▊
            """)
        #expect(state.offset == 1)
    }

    @Test func outOfRangeStateIsClamped() {
        var state = TableState(selected: 99, offset: 99)
        _ = draw(table(), &state)
        #expect(state == TableState(selected: 5, offset: 3))
        state = TableState(selected: -2, offset: -1)
        _ = draw(table(), &state)
        #expect(state == TableState(selected: 0, offset: 0))
    }

    @Test func asciiMarksEllipsisAndBars() {
        var state = TableState(selected: 3)
        #expect(draw(table(marks: .ascii), &state).plainText == """
              hour      sum
              01:00   1,234  ####
              02:00       7
            > 03:00  123...  ##
            """)
    }

    @Test func longTextIsCutAndARightAlignedTitleStaysRight() {
        let table = Table(columns: [Table.Column("period", width: .length(6)),
                                    Table.Column("total", width: .fill(1), alignment: .right)],
                          rows: [.init(["2013-W10", "9"]), .init(["Mon 5"])], spacing: 1)
        var state = TableState(selected: 1)
        var grid = Grid(size: Size(width: 16, height: 3))
        table.draw(into: &grid, area: grid.bounds, state: &state)
        #expect(grid.plainText == """
              period   total
              2013-…       9
            ▶ Mon 5
            """)
    }

    @Test func tooSmallAreas() {
        var state = TableState(selected: 2)
        var grid = Grid(size: Size(width: 24, height: 1))
        table().draw(into: &grid, area: grid.bounds, state: &state)
        #expect(grid.plainText == "  hour      sum")
        #expect(state == TableState(selected: 2, offset: 2))
        table().draw(into: &grid, area: Rect(x: 0, y: 0, width: 24, height: 0), state: &state)
        #expect(state == TableState(selected: 2, offset: 2))
    }
}
