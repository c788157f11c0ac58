import CNcurses
import StrataUI

#if canImport(Glibc)
import Glibc
#endif

/// Draws grids into an ncurses window, sending only the cells that changed
/// since the last frame. ncurses diffs its own screen too, but skipping
/// unchanged cells here keeps a frame's cost near the size of the change.
struct ScreenPainter {
    private let window: UnsafeMutablePointer<WINDOW>
    private let palette: ColorPalette
    private var last: Grid?

    init(window: UnsafeMutablePointer<WINDOW>, palette: ColorPalette) {
        self.window = window
        self.palette = palette
    }

    /// Forget what is on screen: the next frame repaints everything and
    /// clears the terminal first (after a resize or a suspend).
    mutating func invalidate() {
        last = nil
    }

    /// Draws `frame`, sized to the window, and shows it with one refresh.
    mutating func draw(_ frame: Grid, size: Size) {
        let grid = Self.fitted(frame, to: size)
        if let last, last.size == grid.size {
            for y in 0..<grid.height where !rowEqual(grid, last, y) {
                drawChanges(in: y, of: grid, against: last)
            }
        } else {
            werase(window)
            clearok(window, true)
            for y in 0..<grid.height { drawChanges(in: y, of: grid, against: nil) }
        }
        last = grid
        wrefresh(window)
    }

    /// The app should render at the requested size; if it did not, clip or pad.
    private static func fitted(_ frame: Grid, to size: Size) -> Grid {
        if frame.size == size { return frame }
        var grid = Grid(size: size)
        for y in 0..<min(size.height, frame.height) {
            for x in 0..<min(size.width, frame.width) { grid[x, y] = frame[x, y] }
        }
        return grid
    }

    private func rowEqual(_ a: Grid, _ b: Grid, _ y: Int) -> Bool {
        let start = y * a.width
        return a.cells[start..<start + a.width] == b.cells[start..<start + a.width]
    }

    /// Draws the cells of row `y` that differ from `old` (all when nil).
    /// A wide character is drawn from its first column and covers the
    /// second; a change in either column redraws the pair.
    private func drawChanges(in y: Int, of grid: Grid, against old: Grid?) {
        var x = 0
        while x < grid.width {
            let cell = grid[x, y]
            let wide = !cell.isContinuation && x + 1 < grid.width && grid[x + 1, y].isContinuation
            let span = wide ? 2 : 1
            var changed = old == nil
            if let old {
                for column in x..<x + span where old[column, y] != grid[column, y] { changed = true }
            }
            if changed { put(cell, x: x, y: y, columns: span) }
            x += span
        }
    }

    /// Puts one cell, falling back to `?` when the locale cannot show the
    /// character or measures it differently from the grid (drawing it anyway
    /// would shift the rest of the row).
    private func put(_ cell: Cell, x: Int, y: Int, columns: Int) {
        // A continuation with no wide character before it (a wide character cut by fitting the frame).
        let character: Character = cell.isContinuation ? " " : cell.character
        var text = Self.wideCharacters(of: character)
        let width = strata_wcwidth(text[0])
        var padding = false
        if width == columns {
            // fits as the grid measured it
        } else if width == 1, columns == 2 {
            padding = true // narrower than the grid thought: blank the second column
        } else {
            let standIn = Glyphs.asciiFallback(for: character)?.asciiValue ?? UInt8(ascii: "?")
            text = [wchar_t(standIn)]
            padding = columns == 2
        }
        let (attributes, pair) = palette.look(for: cell.style)
        var glyph = cchar_t()
        text.append(0)
        setcchar(&glyph, text, attributes, pair, nil)
        // At the bottom-right cell this returns ERR (the cursor cannot wrap
        // without scrolling, and scrollok is off) but the cell is stored.
        mvwadd_wch(window, Int32(y), Int32(x), &glyph)
        if padding {
            var blank = cchar_t()
            setcchar(&blank, [wchar_t(32), 0], attributes, pair, nil)
            mvwadd_wch(window, Int32(y), Int32(x + 1), &blank)
        }
    }

    /// The base character and the combining marks a `cchar_t` can hold;
    /// anything that is not zero-width after the base is dropped (setcchar
    /// refuses it), as are marks beyond CCHARW_MAX.
    private static func wideCharacters(of character: Character) -> [wchar_t] {
        var out: [wchar_t] = []
        for scalar in character.unicodeScalars {
            let value = wchar_t(bitPattern: scalar.value)
            if out.isEmpty {
                out.append(value)
            } else if out.count < Int(CCHARW_MAX), strata_wcwidth(value) == 0 {
                out.append(value)
            }
        }
        if out.isEmpty { out.append(32) }
        return out
    }
}
