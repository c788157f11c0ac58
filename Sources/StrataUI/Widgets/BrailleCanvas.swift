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

    // Each dot's bit, left column top to bottom, then the right, is 0x01, 0x02, 0x04, 0x40,
    // 0x08, 0x10, 0x20, 0x80: braille numbers the top three rows first and added the bottom row later.

    /// Sets one dot; dots off the canvas are ignored.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, x < dotWidth, y >= 0, y < dotHeight else { return }
        dots[(y >> 2) * width + (x >> 1)] |= Self.bit(x: x, y: y)
        noteUsed(dotsX: x...x, dotsY: y...y)
    }

    /// Dot (x, y)'s bit in its cell, without a table: a cell's left column
    /// is bits 0–2 then 6, its right 3–5 then 7.
    @inline(__always)
    private static func bit(x: Int, y: Int) -> UInt8 {
        // The eight bits as bytes of one word, indexed by column × 4 + row.
        UInt8(truncatingIfNeeded: 0x8020_1008_4004_0201 as UInt64 &>> UInt64(truncatingIfNeeded: ((x & 1) << 5) | ((y & 3) << 3)))
    }

    /// Widens the rows and columns with dots to take in these dots (as far as the canvas goes).
    private mutating func noteUsed(dotsX: ClosedRange<Int>, dotsY: ClosedRange<Int>) {
        // Dots wholly off the canvas (a line towards ±1e308) touch no cell.
        let (left, right) = (max(0, dotsX.lowerBound >> 1), min(width, (dotsX.upperBound >> 1) + 1))
        let (top, bottom) = (max(0, dotsY.lowerBound >> 2), min(height, (dotsY.upperBound >> 2) + 1))
        guard left < right, top < bottom else { return }
        let columns = left..<right, rows = top..<bottom
        if rowsUsed.isEmpty {
            rowsUsed = rows
            columnsUsed = columns
            return
        }
        rowsUsed = min(rowsUsed.lowerBound, rows.lowerBound)..<max(rowsUsed.upperBound, rows.upperBound)
        columnsUsed = min(columnsUsed.lowerBound, columns.lowerBound)..<max(columnsUsed.upperBound, columns.upperBound)
    }

    /// A straight line of dots, both ends included (Bresenham). `dashes`
    /// says which dots along it are drawn, over and over from the start
    /// (`[true, false]` every other one), so lines that cross tell apart
    /// without colour; the start is always drawn. (The rows and columns it
    /// may touch are noted once, not per dot: steep lines are most of a chart's dots.)
    public mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int), dashes: [Bool] = [true]) {
        // A line towards a value near the largest Double runs billions of dots off the canvas:
        // cut it first to the part near enough to show, rather than step through every dot.
        let margin = 2 * (dotWidth + dotHeight)
        let near = -margin...(dotWidth + dotHeight + margin)
        guard near.contains(start.x), near.contains(start.y), near.contains(end.x), near.contains(end.y) else {
            if let (a, b) = Self.clip(start, end, to: -margin...(dotWidth + margin), -margin...(dotHeight + margin)) {
                line(from: a, to: b, dashes: dashes)
            }
            return
        }
        noteUsed(dotsX: min(start.x, end.x)...max(start.x, end.x), dotsY: min(start.y, end.y)...max(start.y, end.y))
        let solid = dashes.allSatisfy { $0 }
        let width = self.width, dotWidth = self.dotWidth, dotHeight = self.dotHeight
        dots.withUnsafeMutableBufferPointer { cells in
            var x = start.x, y = start.y
            let dx = abs(end.x - start.x), dy = -abs(end.y - start.y)
            let sx = start.x < end.x ? 1 : -1, sy = start.y < end.y ? 1 : -1
            var error = dx + dy
            var dash = 0
            while true {
                // Off the canvas on either side is one unsigned comparison each.
                if (solid || dashes[dash]) && UInt(bitPattern: x) < UInt(dotWidth) && UInt(bitPattern: y) < UInt(dotHeight) {
                    cells[(y >> 2) * width + (x >> 1)] |= Self.bit(x: x, y: y)
                }
                if !solid {
                    dash += 1
                    if dash == dashes.count { dash = 0 }
                }
                if x == end.x && y == end.y { return }
                let doubled = 2 * error
                if doubled >= dy { error += dy; x += sx }
                if doubled <= dx { error += dx; y += sy }
            }
        }
    }

    /// The part of the segment inside the box (Liang–Barsky), nil when none is.
    static func clip(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int), to xs: ClosedRange<Int>,
                     _ ys: ClosedRange<Int>) -> ((x: Int, y: Int), (x: Int, y: Int))? {
        let (x0, y0) = (Double(a.x), Double(a.y)), (dx, dy) = (Double(b.x) - Double(a.x), Double(b.y) - Double(a.y))
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, x0 - Double(xs.lowerBound)), (dx, Double(xs.upperBound) - x0),
                       (-dy, y0 - Double(ys.lowerBound)), (dy, Double(ys.upperBound) - y0)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 { t0 = Swift.max(t0, t) } else { t1 = Swift.min(t1, t) }
            if t0 > t1 { return nil }
        }
        func point(_ t: Double) -> (x: Int, y: Int) { (Int((x0 + t * dx).rounded()), Int((y0 + t * dy).rounded())) }
        return (point(t0), point(t1))
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
        dots.withUnsafeBytes { dots in
            for row in rows {
                var column = columns.lowerBound
                while column < columns.upperBound {
                    // A line leaves most cells of its band empty: eight at a time are passed over.
                    if column + 8 <= columns.upperBound, dots.loadUnaligned(fromByteOffset: row * width + column, as: UInt64.self) == 0 {
                        column += 8
                        continue
                    }
                    let pattern = dots[row * width + column]
                    if pattern != 0 {
                        let glyph: Unicode.Scalar
                        switch mode {
                        case .braille: glyph = Unicode.Scalar(0x2800 + UInt32(pattern)) ?? "?"
                        case .ascii(let scalar): glyph = scalar
                        }
                        grid.put(glyph, x: area.x + column, y: area.y + row, style: style)
                    }
                    column += 1
                }
            }
        }
    }
}
