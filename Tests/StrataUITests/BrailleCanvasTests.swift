import Testing
@testable import StrataUI

@Suite("BrailleCanvas: 2×4 dots a cell")
struct BrailleCanvasTests {
    func draw(_ canvas: BrailleCanvas, mode: BrailleCanvas.Mode = .braille) -> String {
        var grid = Grid(size: Size(width: canvas.width, height: canvas.height))
        canvas.draw(into: &grid, area: grid.bounds, style: Style(.bar), mode: mode)
        return grid.plainText
    }

    @Test func aLonePointIsOneDot() {
        var canvas = BrailleCanvas(width: 2, height: 1)
        #expect(canvas.dotWidth == 4)
        #expect(canvas.dotHeight == 4)
        canvas.set(x: 1, y: 2)  // right column, third row: dot 6
        canvas.set(x: 2, y: 3)  // left column, bottom row: dot 7
        canvas.set(x: -1, y: 0)
        canvas.set(x: 4, y: 4)
        #expect(draw(canvas) == "\u{2820}\u{2840}")
    }

    @Test func aRisingLine() {
        var canvas = BrailleCanvas(width: 2, height: 1)
        canvas.line(from: (0, 3), to: (3, 0))
        // Dots 7 and 6, then dots 2 and 4.
        #expect(draw(canvas) == "\u{2860}\u{280A}")
        #expect(draw(canvas) == "⡠⠊")
    }

    @Test func aLineWithAGapDrawsNothingBetween() {
        var canvas = BrailleCanvas(width: 4, height: 2)
        canvas.line(from: (0, 7), to: (2, 4))
        canvas.line(from: (6, 3), to: (7, 0))
        // Dots 7, 6, 5 and 1 up to the gap; 7, 3, 5 and 4 after it.
        #expect(draw(canvas) == "   \u{285C}\n\u{2870}\u{2801}")
    }

    @Test func aBandFillsEachColumnsRange() {
        var canvas = BrailleCanvas(width: 2, height: 2)
        for (x, range) in [(2, 5), (6, 3), (1, 4), (4, 7)].enumerated() { canvas.fillColumn(x: x, from: range.0, to: range.1) }
        #expect(draw(canvas) == "\u{28C4}\u{2846}\n\u{283B}\u{28B9}")
    }

    @Test func layersOverlayAndAsciiDrawsOneCharacterACell() {
        var band = BrailleCanvas(width: 3, height: 1)
        var line = BrailleCanvas(width: 3, height: 1)
        for x in 0..<6 { band.fillColumn(x: x, from: 1, to: 3) }
        line.line(from: (0, 0), to: (1, 0))
        var grid = Grid(size: Size(width: 3, height: 1))
        band.draw(into: &grid, area: grid.bounds, style: .muted, mode: .ascii("."))
        line.draw(into: &grid, area: grid.bounds, style: Style(.bar), mode: .ascii("*"))
        #expect(grid.plainText == "*..")
        #expect(grid[0, 0].style == Style(.bar))
        #expect(grid[1, 0].style == .muted)
    }

    @Test func clippedToTheArea() {
        var canvas = BrailleCanvas(width: 3, height: 2)
        canvas.line(from: (0, 0), to: (5, 7))
        var grid = Grid(size: Size(width: 4, height: 3))
        canvas.draw(into: &grid, area: Rect(x: 1, y: 1, width: 2, height: 1), style: Style(.bar))
        #expect(grid.plainText == "\n \u{2831}\u{2840}\n")
    }
}

@Suite("BrailleCanvas: dashes and text")
struct BrailleCanvasDashTests {
    @Test func dashesKeepEveryOtherDotFromTheStart() {
        var canvas = BrailleCanvas(width: 3, height: 1)
        canvas.line(from: (0, 1), to: (5, 1), dashes: [true, false])
        // Dots 0, 2 and 4 of the second row: the left dot (dot 2) of each cell.
        #expect(canvas.text(row: 0) == "\u{2802}\u{2802}\u{2802}")
        var dashed = BrailleCanvas(width: 4, height: 1)
        dashed.line(from: (0, 1), to: (7, 1), dashes: [true, true, true, false, false, false])
        #expect(dashed.text(row: 0) == "⠒⠂ ⠒")
    }

    /// A line towards a value near the largest Double is cut to the canvas
    /// first: it draws what a short line in the same direction draws.
    @Test func aLineFarOffTheCanvasIsCutToIt() {
        var far = BrailleCanvas(width: 4, height: 1)
        far.line(from: (0, 1), to: (8_000_000_000_000, 1))
        var near = BrailleCanvas(width: 4, height: 1)
        near.line(from: (0, 1), to: (7, 1))
        #expect(far.text(row: 0) == near.text(row: 0))
        #expect(BrailleCanvas.clip((0, 0), (100, 100), to: -5...10, -5...10).map { [$0.0.x, $0.0.y, $0.1.x, $0.1.y] } == [0, 0, 10, 10])
        #expect(BrailleCanvas.clip((20, 20), (30, 40), to: -5...10, -5...10) == nil)
    }
}
