import Testing
@testable import StrataUI

@Suite("Cell grid")
struct GridTests {
    @Test func writesClipsAndTrims() {
        var grid = Grid(size: Size(width: 10, height: 2))
        let advanced = grid.write("hello world", x: 2, y: 0, clip: Rect(x: 0, y: 0, width: 8, height: 2))
        #expect(advanced == 11)
        #expect(grid.plainText == "  hello\n")
    }

    @Test func wideCharactersTakeTwoColumns() {
        var grid = Grid(size: Size(width: 6, height: 1))
        grid.write("日本x", x: 0, y: 0)
        #expect(grid.line(0) == "日本x")
        #expect(grid[1, 0].isContinuation)
        // Half a wide character at the edge becomes a blank.
        var edge = Grid(size: Size(width: 3, height: 1))
        edge.write("a日本", x: 0, y: 0)
        #expect(edge.line(0) == "a日")
        #expect(TextWidth.columns(of: "日本x") == 5)
    }

    @Test func controlCharactersAreShownNotSent() {
        var grid = Grid(size: Size(width: 20, height: 1))
        grid.write("a\u{1B}[31mb\u{07}c\u{9B}d\u{202E}e", x: 0, y: 0)
        let line = grid.line(0)
        #expect(line == "a␛[31mb␇c�d�e")
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x80...0x9F).contains($0.value) })
    }

    @Test func truncateEndsInAnEllipsis() {
        #expect(TextWidth.truncate("seattle-weather.csv", to: 10) == "seattle-w…")
        #expect(TextWidth.truncate("short", to: 10) == "short")
        // A cut just after a word leaves no space before the mark.
        #expect(TextWidth.truncate("Heroes Gold Night", to: 8) == "Heroes…")
    }
}
