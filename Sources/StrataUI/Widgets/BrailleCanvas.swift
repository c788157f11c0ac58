/// Dots for line and band charts: each cell holds 2×4 braille dots, so a
/// line is four times finer than a row. Dot coordinates start at the top
/// left. Only cells with a dot are drawn, so canvases overlay (a band, then
/// the mean line over it). Without Unicode, a cell with any dot draws one
/// ASCII character (`*` for a line, `.` for a band).
public struct BrailleCanvas: Sendable {
    public enum Mode: Sendable {
        case braille
        case ascii(Unicode.Scalar)
    }

    /// Size in cells.
    public let width: Int, height: Int
    /// One byte per cell: its braille dot bits.
    private var dots: [UInt8]
    /// The cells with a dot lie within these rows and columns (empty ranges while none has):
    /// drawing looks only there, a line's band of rows rather than the whole chart.
    private var rowsUsed = 0..<0, columnsUsed = 0..<0

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        dots = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// Size in dots.
    public var dotWidth: Int { width * 2 }
    public var dotHeight: Int { height * 4 }

    // Each dot's bit, left column top to bottom, then the right: braille
    // numbers the top three rows first and added the bottom row later (dots 7, 8).
    private static let bits: [UInt8] = [0x01, 0x02, 0x04, 0x40, 0x08, 0x10, 0x20, 0x80]

    /// Sets one dot; dots off the canvas are ignored.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, x < dotWidth, y >= 0, y < dotHeight else { return }
        let row = y / 4, column = x / 2
        dots[row * width + column] |= Self.bits[(x % 2) * 4 + y % 4]
        if rowsUsed.isEmpty {
            rowsUsed = row..<row + 1
            columnsUsed = column..<column + 1
            return
        }
        if row < rowsUsed.lowerBound { rowsUsed = row..<rowsUsed.upperBound }
        if row >= rowsUsed.upperBound { rowsUsed = rowsUsed.lowerBound..<row + 1 }
        if column < columnsUsed.lowerBound { columnsUsed = column..<columnsUsed.upperBound }
        if column >= columnsUsed.upperBound { columnsUsed = columnsUsed.lowerBound..<column + 1 }
    }

    /// A straight line of dots, both ends included (Bresenham). `dashes`
    /// says which dots along it are drawn, over and over from the start
    /// (`[true, false]` every other one), so lines that cross tell apart
    /// without colour; the start is always drawn.
    public mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), dashes: [Bool] = [true]) {
        var x = start.x, y = start.y
        let dx = abs(end.x - start.x), dy = -abs(end.y - start.y)
        let sx = start.x < end.x ? 1 : -1, sy = start.y < end.y ? 1 : -1
        var error = dx + dy
        var step = 0
        while true {
            if dashes.isEmpty || dashes[step % dashes.count] { set(x: x, y: y) }
            step += 1
            if x == end.x && y == end.y { return }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += sx }
            if doubled <= dx { error += dx; y += sy }
        }
    }

    /// Every dot of column `x` from `top` to `bottom` (either order): one
    /// sub-bucket's min–max range in a band.
    public mutating func fillColumn(x: Int, from top: Int, to bottom: Int) {
        for y in min(top, bottom)...max(top, bottom) { set(x: x, y: y) }
    }

    /// One row of cells as braille text, a space where a cell has no dot (a legend's sample).
    public func text(row: Int) -> String {
        String(String.UnicodeScalarView((0..<width).map { column in
            let pattern = dots[row * width + column]
            return pattern == 0 ? " " : Unicode.Scalar(0x2800 + UInt32(pattern)) ?? " "
        }))
    }

    /// Draws the cells that have a dot at `area`'s top left, clipped to it.
    public func draw(into grid: inout Grid, area: Rect, style: Style, mode: Mode = .braille) {
        // Only cells with dots that the grid's clip lets through: a peeking neighbour shows a few columns.
        let shown = area.intersection(grid.clip)
        let rows = rowsUsed.clamped(to: (shown.y - area.y)..<max(shown.y - area.y, shown.maxY - area.y))
        let columns = columnsUsed.clamped(to: (shown.x - area.x)..<max(shown.x - area.x, shown.maxX - area.x))
        for row in rows {
            for column in columns {
                let pattern = dots[row * width + column]
                guard pattern != 0 else { continue }
                let glyph: Unicode.Scalar
                switch mode {
                case .braille: glyph = Unicode.Scalar(0x2800 + UInt32(pattern)) ?? "?"
                case .ascii(let scalar): glyph = scalar
                }
                grid.put(glyph, x: area.x + column, y: area.y + row, style: style)
            }
        }
    }
}
