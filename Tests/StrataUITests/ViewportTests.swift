import Testing
@testable import StrataUI

/// A 10×6 content of letters: a column header row, a row header column and
/// a body whose letters shift by row, so both scroll directions show.
@Suite("Viewport: scrolling with sticky headers")
struct ViewportTests {
    static let content = [
        "#123456789",
        "Aabcdefghi",
        "Bbcdefghij",
        "Ccdefghijk",
        "Ddefghijkl",
        "Eefghijklm",
    ].map { Array($0.unicodeScalars) }

    /// A 6×4 viewport at (1, 1) of an 8×6 grid.
    func viewport() -> Viewport {
        Viewport(area: Rect(x: 1, y: 1, width: 6, height: 4), contentSize: Size(width: 10, height: 6),
                 stickyRows: 1, stickyColumns: 1)
    }

    func draw(_ viewport: Viewport) -> String {
        var grid = Grid(size: Size(width: 8, height: 6))
        viewport.forEachVisibleCell { content, screen in
            grid.put(Self.content[content.y][content.x], x: screen.x, y: screen.y)
        }
        return grid.plainText
    }

    @Test func atTheStart() {
        #expect(draw(viewport()) == """

             #12345
             Aabcde
             Bbcdef
             Ccdefg

            """)
    }

    @Test func scrolledBothWaysHeadersStay() {
        var view = viewport()
        view.scroll(dx: 2, dy: 1)
        #expect(view.offset == Viewport.Offset(x: 2, y: 1))
        #expect(draw(view) == """

             #34567
             Bdefgh
             Cefghi
             Dfghij

            """)
    }

    @Test func scrollingStopsAtTheContentsEdges() {
        var view = viewport()
        view.scroll(dx: 100, dy: 100)
        #expect(view.offset == view.maxOffset)
        #expect(view.maxOffset == Viewport.Offset(x: 4, y: 2))
        #expect(draw(view) == """

             #56789
             Cghijk
             Dhijkl
             Eijklm

            """)
        view.scroll(dx: -100, dy: -1)
        #expect(view.offset == Viewport.Offset(x: 0, y: 1))
    }

    @Test func partsOfTheArea() {
        let view = viewport()
        #expect(view.cornerArea == Rect(x: 1, y: 1, width: 1, height: 1))
        #expect(view.columnHeaderArea == Rect(x: 2, y: 1, width: 5, height: 1))
        #expect(view.rowHeaderArea == Rect(x: 1, y: 2, width: 1, height: 3))
        #expect(view.bodyArea == Rect(x: 2, y: 2, width: 5, height: 3))
    }

    @Test func contentRectsMapToTheScreenAndTheirPart() {
        let view = Viewport(area: Rect(x: 1, y: 1, width: 6, height: 4), contentSize: Size(width: 10, height: 6),
                            stickyRows: 1, stickyColumns: 1, offset: Viewport.Offset(x: 2, y: 1))
        let body = Rect(x: 4, y: 3, width: 3, height: 1)
        #expect(view.screenRect(forContent: body) == Rect(x: 3, y: 3, width: 3, height: 1))
        #expect(view.clip(forContent: body) == view.bodyArea)
        let header = Rect(x: 4, y: 0, width: 3, height: 1)
        #expect(view.screenRect(forContent: header) == Rect(x: 3, y: 1, width: 3, height: 1))
        #expect(view.clip(forContent: header) == view.columnHeaderArea)
        let label = Rect(x: 0, y: 3, width: 1, height: 1)
        #expect(view.screenRect(forContent: label) == Rect(x: 1, y: 3, width: 1, height: 1))
        #expect(view.clip(forContent: label) == view.rowHeaderArea)
        let corner = Rect(x: 0, y: 0, width: 1, height: 1)
        #expect(view.screenRect(forContent: corner) == Rect(x: 1, y: 1, width: 1, height: 1))
        #expect(view.clip(forContent: corner) == view.cornerArea)
    }

    @Test func aCellScrolledHalfOutIsClippedToTheBody() {
        // Body cells three columns wide, as in the map: the one at content x 1 is half scrolled off.
        let view = Viewport(area: Rect(x: 0, y: 0, width: 8, height: 2), contentSize: Size(width: 13, height: 2),
                            stickyRows: 0, stickyColumns: 1, offset: Viewport.Offset(x: 2, y: 0))
        var grid = Grid(size: Size(width: 8, height: 2))
        for (i, text) in ["A", "xyz", "abc", "def", "ghi"].enumerated() {
            let content = Rect(x: i == 0 ? 0 : 1 + (i - 1) * 3, y: 1, width: i == 0 ? 1 : 3, height: 1)
            let rect = view.screenRect(forContent: content)
            grid.write(text, x: rect.x, y: rect.y, clip: view.clip(forContent: content))
        }
        #expect(grid.plainText == "\nAzabcdef")
    }

    @Test func revealScrollsTheLeastToShowARect() {
        var view = viewport()
        view.reveal(Rect(x: 8, y: 4, width: 1, height: 1))
        #expect(view.offset == Viewport.Offset(x: 3, y: 1))
        view.reveal(Rect(x: 2, y: 2, width: 1, height: 1))
        #expect(view.offset == Viewport.Offset(x: 1, y: 1))
        // Already in view, or in a header: nothing moves.
        view.reveal(Rect(x: 4, y: 3, width: 1, height: 1))
        view.reveal(Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(view.offset == Viewport.Offset(x: 1, y: 1))
        // Wider than the body: its left edge shows.
        view.reveal(Rect(x: 3, y: 1, width: 7, height: 1))
        #expect(view.offset == Viewport.Offset(x: 2, y: 0))
    }

    @Test func resizingKeepsTheOffsetInsideTheContent() {
        var view = viewport()
        view.scroll(dx: 4, dy: 2)
        view.area = Rect(x: 0, y: 0, width: 8, height: 5)
        #expect(view.offset == Viewport.Offset(x: 2, y: 1))
        view.contentSize = Size(width: 4, height: 3)
        #expect(view.offset == .zero)
        view.stickyRows = 9
        view.stickyColumns = 9
        // Headers bigger than the area: all of this small content is header, none of it scrolls.
        #expect(draw(view) == "#123\nAabc\nBbcd\n\n\n")
    }
}
