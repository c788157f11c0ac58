/// The screen as a pure value: widgets write cells into it, backends draw it.
/// All text enters through `write`, which measures widths and sanitizes, so
/// nothing from the data can reach a terminal as a control sequence.
public struct Grid: Equatable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Where drawing may land: every write, put and fill is clipped to it.
    /// `clipped(to:)` narrows it for a region (a sliding page, a viewport),
    /// so off-screen parts are skipped instead of drawn into a scratch grid.
    public internal(set) var clip: Rect

    public init(size: Size) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        self.cells = Array(repeating: .blank, count: self.size.width * self.size.height)
        self.clip = Rect(x: 0, y: 0, width: self.size.width, height: self.size.height)
    }

    /// Runs `body` with drawing clipped to `rect` as well, then restores the clip.
    public mutating func clipped(to rect: Rect, _ body: (inout Grid) -> Void) {
        let saved = clip
        clip = clip.intersection(rect)
        body(&self)
        clip = saved
    }

    public var width: Int { size.width }
    public var height: Int { size.height }
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes `text` at (x, y), clipped to `clip` (default: the whole grid).
    /// Control characters become visible stand-ins and combining marks are
    /// dropped, so every cell is one scalar of width 1 or 2.
    /// Returns the number of columns the text advanced, clipped or not.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(self.clip)
        guard y >= area.y, y < area.maxY else { return TextWidth.columns(of: text) }
        var column = x
        for raw in text.unicodeScalars {
            let scalar = TextWidth.shown(raw)
            let w = TextWidth.columns(of: scalar)
            if w == 0 { continue }
            if column >= area.x, column + w <= area.maxX {
                self[column, y] = Cell(scalar, style: style)
                if w == 2 { self[column + 1, y] = Cell(" ", style: style, isContinuation: true) }
            } else if column >= area.x, column < area.maxX {
                self[column, y] = Cell(" ", style: style) // half a wide character does not fit
            }
            column += w
        }
        return column - x
    }

    /// Puts one single-column glyph (a bar block, a border piece) at (x, y), if inside the grid.
    public mutating func put(_ scalar: Unicode.Scalar, x: Int, y: Int, style: Style = .plain) {
        guard clip.contains(x: x, y: y) else { return }
        self[x, y] = Cell(TextWidth.shown(scalar), style: style)
    }

    /// Paints every cell of `rect` with `character` in `style`.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        // One cell for the whole rect: taking a Character apart costs more than the store.
        fill(rect, with: Cell(character, style: style))
    }

    /// Paints every cell of `rect` with a cell made once (a bar's block across
    /// its width); its glyph is the caller's own, not data.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        let width = self.width
        cells.withUnsafeMutableBufferPointer { cells in
            for y in area.y..<area.maxY { (cells.baseAddress! + y * width + area.x).update(repeating: cell, count: area.width) }
        }
    }

    /// Restyles the cells of `rect`, keeping their characters.
    public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
        let area = rect.intersection(clip)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { change(&cells[y * width + x].style) }
        }
    }

    /// Row `y` as plain text, wide-character continuations skipped, trailing spaces trimmed.
    public func line(_ y: Int) -> String {
        var end = width
        while end > 0, cells[y * width + end - 1].scalar == " ", !cells[y * width + end - 1].isContinuation { end -= 1 }
        // Written straight into the string's storage: no byte array to copy
        // from; most cells are ASCII, one byte without the encoder's closure.
        return String(unsafeUninitializedCapacity: end * 4) { bytes in
            var n = 0
            for x in 0..<end where !cells[y * width + x].isContinuation {
                let scalar = cells[y * width + x].scalar
                if scalar.isASCII {
                    bytes[n] = UInt8(truncatingIfNeeded: scalar.value)
                    n += 1
                } else {
                    UTF8.encode(scalar) { bytes[n] = $0; n += 1 }
                }
            }
            return n
        }
    }

    /// The whole screen as plain text, one line per row.
    public var plainText: String {
        (0..<height).map(line).joined(separator: "\n")
    }
}
