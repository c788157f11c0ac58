/// A screen's last line: a warning first if there is one, a pending count,
/// a lead text (the map's readout) cut to fit, then the key hints that fit,
/// and a position text at the right end.
struct FooterLine {
    var warning: String?
    var pendingCount: Int?
    var lead: String?
    /// How a lead that does not fit is cut.
    var ellipsis = "…"
    var hints: [String]
    var position: String?

    func draw(into grid: inout Grid, row: Rect) {
        var right = row.maxX - 1
        if let position {
            let width = TextWidth.columns(of: position)
            grid.write(position, x: max(row.x, right - width), y: row.y, style: .muted, clip: row)
            right -= width + 2
        }
        var x = row.x + 1
        if let warning { x += grid.write(warning, x: x, y: row.y, style: Style(.warning, bold: true), clip: row) + 2 }
        if let pendingCount { x += grid.write("\(pendingCount)", x: x, y: row.y, style: Style(.accent, bold: true), clip: row) + 2 }
        if let lead {
            x += grid.write(TextWidth.truncate(lead, to: max(0, right - x), ellipsis: ellipsis), x: x, y: row.y,
                            style: Style(.plain, bold: true), clip: row) + 2
        }
        for hint in hints {
            let width = TextWidth.columns(of: hint)
            guard x + width <= right else { break }
            grid.write(hint, x: x, y: row.y, style: .muted, clip: row)
            x += width + 2
        }
    }
}
