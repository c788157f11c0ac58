extension Grid {
    /// Writes `text` at (x, y) in at most `width` columns (and inside
    /// `clip`), ending in `ellipsis` when it is cut. Writes first and then
    /// stamps the ellipsis over the end, so nothing is allocated per cell.
    /// Returns the columns used.
    @discardableResult
    mutating func write(_ text: String, x: Int, y: Int, width: Int, ellipsis: String, style: Style = .plain,
                        clip: Rect? = nil) -> Int {
        guard width > 0 else { return 0 }
        let box = Rect(x: x, y: y, width: width, height: 1).intersection((clip ?? bounds).intersection(bounds))
        let full = write(text, x: x, y: y, style: style, clip: box)
        guard full > width, !box.isEmpty else { return min(full, width) }
        let ellipsisX = x + width - min(TextWidth.columns(of: ellipsis), width)
        write(ellipsis, x: ellipsisX, y: y, style: style, clip: box)
        // A wide character whose second half the ellipsis covered becomes a blank, not half a glyph.
        let before = ellipsisX - 1
        if before >= box.x, before < box.maxX, !self[before, y].isContinuation,
           TextWidth.columns(of: self[before, y].scalar) == 2 {
            self[before, y] = Cell(" ", style: style)
        }
        return width
    }
}
