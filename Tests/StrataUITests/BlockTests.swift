import Testing
@testable import StrataUI

@Suite("Block: border and title")
struct BlockTests {
    @Test func roundedWithTitle() {
        #expect(widgetScreen(Block(title: "Week"), width: 14, height: 4) == """
            ╭─ Week ─────╮
            │            │
            │            │
            ╰────────────╯
            """)
    }

    @Test func longTitleIsCutWithTheEllipsis() {
        #expect(widgetScreen(Block(title: "September 2013"), width: 12, height: 2) == """
            ╭─ Septem… ╮
            ╰──────────╯
            """)
        #expect(widgetScreen(Block(title: "September 2013", border: .ascii, ellipsis: "..."), width: 12, height: 2) == """
            +- Sept... +
            +----------+
            """)
    }

    @Test func wideCharactersCutByTheEllipsisLeaveNoHalfGlyph() {
        #expect(widgetScreen(Block(title: "日本語の表"), width: 11, height: 2) == """
            ╭─ 日本 … ╮
            ╰─────────╯
            """)
    }

    @Test func lightHeavyAndAsciiBorders() {
        #expect(widgetScreen(Block(border: .light), width: 4, height: 3) == "┌──┐\n│  │\n└──┘")
        #expect(widgetScreen(Block(border: .heavy), width: 4, height: 3) == "┏━━┓\n┃  ┃\n┗━━┛")
        #expect(widgetScreen(Block(border: .ascii), width: 4, height: 3) == "+--+\n|  |\n+--+")
    }

    @Test func titleNeedsRoomOfItsOwn() {
        #expect(widgetScreen(Block(title: "Day"), width: 5, height: 2) == "╭───╮\n╰───╯")
        #expect(widgetScreen(Block(title: "Day"), width: 6, height: 2) == "╭─ … ╮\n╰────╯")
    }

    @Test func innerAreaAndTooSmallAreas() {
        let block = Block(title: "x")
        #expect(block.inner(Rect(x: 2, y: 1, width: 10, height: 5)) == Rect(x: 3, y: 2, width: 8, height: 3))
        #expect(block.inner(Rect(x: 2, y: 1, width: 1, height: 5)).isEmpty)
        #expect(block.inner(Rect(x: 2, y: 1, width: 10, height: 1)).isEmpty)
        #expect(widgetScreen(block, width: 1, height: 3) == "\n\n")
        #expect(widgetScreen(block, width: 3, height: 1) == "")
        #expect(widgetScreen(block, width: 2, height: 2) == "╭╮\n╰╯")
    }

    @Test func drawsOnlyInsideItsArea() {
        var grid = Grid(size: Size(width: 8, height: 4))
        grid.fill(grid.bounds, with: "x")
        Block(title: "A", style: .plain, titleStyle: .accent).draw(into: &grid, area: Rect(x: 1, y: 1, width: 6, height: 2))
        #expect(grid.plainText == """
            xxxxxxxx
            x╭─ A ╮x
            x╰────╯x
            xxxxxxxx
            """)
        #expect(grid[4, 1].style == .accent)
        #expect(grid[3, 1].style == .plain)
    }
}
