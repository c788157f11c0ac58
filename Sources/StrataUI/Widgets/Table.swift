/// Which row of a `Table` is selected and which row is at the top: kept by
/// the caller between frames, adjusted by `Table.draw` so the selected row
/// always shows (ratatui's `TableState`).
public struct TableState: Hashable, Sendable {
    public var selected: Int
    /// The first body row drawn.
    public var offset: Int

    public init(selected: Int = 0, offset: Int = 0) {
        self.selected = selected
        self.offset = offset
    }
}

/// Rows of cells under a header row, with a selected row that is
/// highlighted and marked, and an optional inline bar per row: the card's
/// sub-bucket table, the overview's top periods.
public struct Table: StatefulWidget, Sendable {
    public enum Alignment: Sendable { case left, right }

    public struct Column: Sendable {
        public var title: String
        public var width: Layout.Constraint
        public var alignment: Alignment

        public init(_ title: String, width: Layout.Constraint, alignment: Alignment = .left) {
            self.title = title
            self.width = width
            self.alignment = alignment
        }
    }

    public struct Row: Sendable {
        public var cells: [String]
        /// The row's proportion (0...1) for the bar column; nil draws no bar.
        public var bar: Double?

        public init(_ cells: [String], bar: Double? = nil) {
            self.cells = cells
            self.bar = bar
        }
    }

    /// The selection mark, the ellipsis and the bar's nine widths (none to a
    /// full cell) in Unicode or ASCII.
    public struct Marks: Sendable {
        public let selected: String
        public let ellipsis: String
        public let barEighths: [Unicode.Scalar]

        public static let unicode = Marks(selected: "▶ ", ellipsis: "…",
                                          barEighths: [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"])
        // Half a cell or more rounds up to a whole `#`.
        public static let ascii = Marks(selected: "> ", ellipsis: "...",
                                        barEighths: [" ", " ", " ", " ", "#", "#", "#", "#", "#"])
    }

    public var columns: [Column]
    public var rows: [Row]
    /// A last column showing each row's `bar`, or nil for none.
    public var barColumn: Column?
    public var marks: Marks
    /// Cells between columns.
    public var spacing: Int
    public var headerStyle: Style
    public var selectedStyle: Style

    public init(columns: [Column], rows: [Row], barColumn: Column? = nil, marks: Marks = .unicode, spacing: Int = 2,
                headerStyle: Style = Style(bold: true), selectedStyle: Style = Style(.accent, reverse: true)) {
        self.columns = columns
        self.rows = rows
        self.barColumn = barColumn
        self.marks = marks
        self.spacing = spacing
        self.headerStyle = headerStyle
        self.selectedStyle = selectedStyle
    }

    public func draw(into grid: inout Grid, area: Rect, state: inout TableState) {
        let bodyRows = max(0, area.height - 1)
        state.selected = min(max(0, state.selected), max(0, rows.count - 1))
        // Scroll the least that shows the selection, and never past the last full page.
        // With no room for rows, the selection still counts as the one on top.
        let shown = max(1, bodyRows)
        state.offset = min(state.offset, state.selected)
        if state.selected >= state.offset + shown { state.offset = state.selected - shown + 1 }
        state.offset = max(0, min(state.offset, rows.count - shown))
        guard area.height > 0, area.width > 0 else { return }

        // Every row, header too, keeps the selection mark's columns so the cells line up.
        let markWidth = TextWidth.columns(of: marks.selected)
        let cellsArea = Rect(x: area.x + markWidth, y: area.y, width: area.width - markWidth, height: area.height)
        var constraints = columns.map(\.width)
        if let barColumn { constraints.append(barColumn.width) }
        let spans = Layout(.horizontal, constraints, spacing: spacing).split(cellsArea)

        for (i, column) in columns.enumerated() {
            write(column.title, in: spans[i], y: area.y, alignment: column.alignment, style: headerStyle, grid: &grid)
        }
        if let barColumn {
            write(barColumn.title, in: spans[columns.count], y: area.y, alignment: barColumn.alignment,
                  style: headerStyle, grid: &grid)
        }
        for line in 0..<min(bodyRows, rows.count - state.offset) {
            let index = state.offset + line
            let row = rows[index]
            let y = area.y + 1 + line
            let isSelected = index == state.selected
            let style = isSelected ? selectedStyle : Style.plain
            if isSelected {
                grid.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: style)
                grid.write(marks.selected, x: area.x, y: y, style: style, clip: area)
            }
            for (i, column) in columns.enumerated() where i < row.cells.count {
                write(row.cells[i], in: spans[i], y: y, alignment: column.alignment, style: style, grid: &grid)
            }
            if barColumn != nil, let bar = row.bar {
                drawBar(bar, in: spans[columns.count], y: y, style: isSelected ? style : Style(.bar), grid: &grid)
            }
        }
    }

    /// A cell's text: right-aligned numbers stay flush right when they fit;
    /// anything too wide is cut at the right with the ellipsis.
    private func write(_ text: String, in span: Rect, y: Int, alignment: Alignment, style: Style, grid: inout Grid) {
        let width = TextWidth.columns(of: text)
        let x = alignment == .right && width < span.width ? span.maxX - width : span.x
        grid.write(text, x: x, y: y, width: span.maxX - x, ellipsis: marks.ellipsis, style: style)
    }

    /// `proportion` of the span's width in eighths of a cell.
    private func drawBar(_ proportion: Double, in span: Rect, y: Int, style: Style, grid: inout Grid) {
        guard proportion.isFinite else { return }
        let eighths = Int((min(1, max(0, proportion)) * Double(span.width * 8)).rounded())
        for cell in 0..<span.width {
            let part = min(8, max(0, eighths - cell * 8))
            if part == 0 { break }
            grid.put(marks.barEighths[part], x: span.x + cell, y: y, style: style)
        }
    }
}
