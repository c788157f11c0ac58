/// Where the map's parts go on a screen of `size`: the app header, a
/// legend line, the grid in a viewport (two sticky header rows, the row
/// labels stuck to the left) and the footer. Cells share the width the
/// labels leave, at least 2 columns each (the grid then scrolls): a gap
/// column (where the now line and the cursor's bracket go) and the shade.
struct MapLayout {
    static let headerRows = 2 // column labels, then the now mark

    let size: Size
    let rowCount: Int
    let columnCount: Int
    /// The `▶` mark, the label and a space.
    let rowHeaderWidth: Int
    let cellWidth: Int

    init(size: Size, grid: MapGrid) {
        self.size = size
        rowCount = grid.rowCount
        columnCount = grid.columnCount
        rowHeaderWidth = grid.rowLabelWidth + 2
        // The last column's closing bracket takes one more.
        cellWidth = max(2, (size.width - rowHeaderWidth - 1) / max(1, columnCount))
    }

    var legendRow: Int { 1 }
    var footerRow: Int { size.height - 1 }
    var area: Rect { Rect(x: 0, y: 2, width: size.width, height: size.height - 3) }

    /// The cells, plus one column for the cursor's closing bracket after the last.
    var contentSize: Size {
        Size(width: rowHeaderWidth + columnCount * cellWidth + 1, height: Self.headerRows + rowCount)
    }

    func viewport(offset: Viewport.Offset) -> Viewport {
        Viewport(area: area, contentSize: contentSize, stickyRows: Self.headerRows, stickyColumns: rowHeaderWidth,
                 offset: offset)
    }

    /// The content x of a column's gap; its shade follows.
    func x(ofColumn column: Int) -> Int { rowHeaderWidth + column * cellWidth }

    func y(ofRow row: Int) -> Int { Self.headerRows + row }

    /// A cell with its brackets, in content cells: what must show when the cursor is on it.
    func rect(row: Int, column: Int) -> Rect {
        Rect(x: x(ofColumn: column), y: y(ofRow: row), width: cellWidth + 1, height: 1)
    }

    /// The offset moved on to a cell's edge, so the first column shown is
    /// whole and keeps its gap from the row labels (the far end may stop mid-cell).
    func snapped(_ offset: Viewport.Offset, viewport: Viewport) -> Viewport.Offset {
        let x = (offset.x + cellWidth - 1) / cellWidth * cellWidth
        return Viewport.Offset(x: min(x, viewport.maxOffset.x), y: offset.y)
    }

    /// Labels every `step` columns, so none runs into the next.
    func labelStep(labelWidth: Int) -> Int {
        max(1, (labelWidth + 1 + cellWidth - 1) / cellWidth)
    }

    /// The row and column under a screen point: nil along an axis where it
    /// is on a header or past the content.
    func cell(atScreenX x: Int, y: Int, viewport: Viewport) -> (row: Int?, column: Int?) {
        let body = viewport.bodyArea
        var row: Int?, column: Int?
        if y >= body.y, y < body.maxY {
            let r = y - body.y + viewport.offset.y
            if r < rowCount { row = r }
        }
        if x >= body.x, x < body.maxX {
            let c = (x - body.x + viewport.offset.x) / cellWidth
            if c < columnCount { column = c }
        }
        return (row, column)
    }
}
