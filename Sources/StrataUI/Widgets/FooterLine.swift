/// A screen's last line: a warning first if there is one, a pending count,
/// a lead text (the map's readout) cut to fit, then the key hints that fit
/// (or, while a load runs, its progress in their place), and a position
/// text at the right end.
struct FooterLine: Widget {
    var warning: String?
    var pendingCount: Int?
    var lead: String?
    /// How a lead that does not fit is cut.
    var ellipsis = "…"
    var hints: [String]
    var position: String?
    /// A load's progress, longest form first: the first that fits replaces the hints.
    var progress: [String] = []

    func draw(into grid: inout Grid, area row: Rect) {
        let positionWidth = position.map { TextWidth.columns(of: $0) } ?? 0
        var right = row.maxX - 1 - (position == nil ? 0 : positionWidth + 2)
        // The last column is a margin, given up for one more hint (the position moves into it).
        var margin = 1
        var x = row.x + 1
        if let warning { x += grid.write(warning, x: x, y: row.y, style: Style(.warning, bold: true), clip: row) + 2 }
        if let pendingCount { x += grid.write("\(pendingCount)", x: x, y: row.y, style: Style(.accent, bold: true), clip: row) + 2 }
        if let lead {
            // The lead leaves room for the shortest progress.
            let room = right - x - (progress.last.map { TextWidth.columns(of: $0) + 2 } ?? 0)
            x += grid.write(TextWidth.truncate(lead, to: max(0, room), ellipsis: ellipsis), x: x, y: row.y,
                            style: Style(.plain, bold: true), clip: row) + 2
        }
        if let shown = progress.first(where: { x + TextWidth.columns(of: $0) <= right }) {
            grid.write(shown, x: x, y: row.y, style: Style(.accent), clip: row)
        }
        for hint in hints where progress.isEmpty {
            let width = TextWidth.columns(of: hint)
            if x + width == right + 1, margin == 1 {
                margin = 0
                right += 1
            }
            guard x + width <= right else { break }
            grid.write(hint, x: x, y: row.y, style: .muted, clip: row)
            x += width + 2
        }
        if let position {
            grid.write(position, x: max(row.x, row.maxX - margin - positionWidth), y: row.y, style: .muted, clip: row)
        }
    }
}
