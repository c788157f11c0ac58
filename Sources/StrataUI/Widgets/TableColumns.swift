import StrataData

/// The card's sub-bucket table: a label column, `count sum min max mean`
/// with exact numbers right-aligned, and an inline bar of the current
/// aggregate in what width is left. Columns that do not fit are dropped
/// from the right, the bar first.
struct TableColumns {
    static let names = ["count", "sum", "min", "max", "mean"]
    static let gap = 2
    /// The cursor's gutter before the label.
    static let gutter = 2

    let stats: [Stats]
    let aggregate: Aggregate
    /// Sum, min, max and mean as durations for interval data.
    let format: ValueFormat
    let labelWidth: Int
    /// The numeric columns shown, by index into `names`, with their widths.
    let columns: [(index: Int, width: Int)]
    let barWidth: Int
    let barScale: Double

    init(content: CardContent, aggregate: Aggregate, format: ValueFormat, width: Int) {
        stats = content.page.buckets.map(\.stats)
        self.aggregate = aggregate
        self.format = format
        labelWidth = max(TextWidth.columns(of: content.page.subUnit.name),
                         content.labels.map { TextWidth.columns(of: $0) }.max() ?? 0)
        var columns: [(index: Int, width: Int)] = []
        var used = Self.gutter + labelWidth
        for (i, name) in Self.names.enumerated() {
            let widest = stats.map { TextWidth.columns(of: Self.cell($0, column: i, format: format)) }.max() ?? 0
            let w = max(TextWidth.columns(of: name), widest)
            guard used + Self.gap + w <= width else { break }
            columns.append((i, w))
            used += Self.gap + w
        }
        self.columns = columns
        let room = width - used - Self.gap
        barWidth = room >= 4 ? min(room, 40) : 0
        barScale = stats.compactMap { $0.value(aggregate).map(abs) }.max() ?? 0
    }

    /// A cell's text: exact numbers, blank for an empty sub-bucket (count 0).
    static func cell(_ stats: Stats, column: Int, format: ValueFormat) -> String {
        if column == 0 { return NumberFormat.exact(Double(stats.count)) }
        guard !stats.isEmpty else { return "" }
        switch column {
        case 1: return format.exact(stats.sum)
        case 2: return format.exact(stats.min)
        case 3: return format.exact(stats.max)
        default: return stats.mean.map(format.exact) ?? ""
        }
    }

    func drawHeader(into grid: inout Grid, y: Int, x: Int, unit: TimeUnit) {
        let style = Style(.muted, bold: true)
        var column = x + Self.gutter
        grid.write(unit.name, x: column, y: y, style: style)
        column += labelWidth
        for (index, width) in columns {
            column += Self.gap
            let name = Self.names[index]
            grid.write(name, x: column + width - TextWidth.columns(of: name), y: y, style: style)
            column += width
        }
        if barWidth > 0 { grid.write(aggregate.rawValue, x: column + Self.gap, y: y, style: style) }
    }

    func drawRow(_ item: Int, label: String, into grid: inout Grid, row: Rect, glyphs: Glyphs, selected: Bool) {
        let stats = stats[item]
        let text = selected ? Style(.plain, bold: true) : (stats.isEmpty ? Style.muted : .plain)
        var x = row.x + Self.gutter
        grid.write(label, x: x, y: row.y, style: selected ? Style(.accent, bold: true) : text, clip: row)
        x += labelWidth
        for (index, width) in columns {
            x += Self.gap
            let cell = Self.cell(stats, column: index, format: format)
            grid.write(cell, x: x + width - TextWidth.columns(of: cell), y: row.y, style: text, clip: row)
            x += width
        }
        guard barWidth > 0, barScale > 0, let value = stats.value(aggregate) else { return }
        let eighths = Int((abs(value) / barScale * Double(barWidth * 8)).rounded())
        let blocks = glyphs.eighths.map { $0.unicodeScalars.first! }
        x += Self.gap
        for i in 0..<barWidth {
            let part = min(8, max(0, eighths - i * 8))
            guard part > 0 else { break }
            // Full cells, then one partial cell drawn as the block of its height (`▄` reads as "half").
            grid.put(blocks[part], x: x + i, y: row.y, style: Style(value < 0 ? .negative : .bar))
        }
    }
}
