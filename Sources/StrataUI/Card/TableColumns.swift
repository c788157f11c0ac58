import StrataData

/// The card's sub-bucket table: a label column, `count sum min max mean`
/// with exact numbers right-aligned, and an inline bar of the current
/// aggregate in what width is left. Every column stays: when the numbers
/// in full do not fit, the gaps close to one column, then the numbers
/// read short (`1.2M`); only if even those do not fit are columns left
/// out from the right, and an ellipsis in the header says so. Counted
/// rows are each worth 1: their sum, min, max and mean repeat the count,
/// so the table shows `count` alone. A sub-bucket a load is still reading
/// shows `…` for every number and a dimmed bar: its numbers are not final.
/// A load that keeps sketches (`--agg pNN`) adds `p50 p95 p99` after `mean`.
struct TableColumns {
    /// What each of `names` shows: the percentiles only in a load that keeps sketches.
    static let aggregates: [Aggregate] = [.count, .sum, .min, .max, .mean] + Aggregate.shownPercentiles
    static let names = aggregates.map(\.rawValue)
    /// The columns before the percentiles.
    static let plainColumns = 5
    /// The cursor's gutter before the label.
    static let gutter = 2

    /// How a cell's number reads: in full, or short as on the charts.
    enum Form { case exact, short }

    /// The ways to lay the numbers out, roomiest first.
    static let fits: [(form: Form, gap: Int)] = [(.exact, 2), (.exact, 1), (.short, 1)]

    let buckets: [SubBucket]
    /// Per sub-bucket: whether a load still reads its rows.
    let pending: [Bool]
    let ellipsis: String
    let aggregate: Aggregate
    /// How each of `names` reads: an interval's seconds as durations, whatever the bars show.
    let formats: [ValueFormat]
    let form: Form
    /// Columns between cells.
    let gap: Int
    let labelWidth: Int
    /// The numeric columns shown, by index into `names`, with their widths.
    let columns: [(index: Int, width: Int)]
    /// Drawn in the header after the last column when some are left out.
    let leftOut: String?
    let barWidth: Int
    let barScale: Double

    init(content: CardContent, aggregate: Aggregate, value: Int, countsRows: Bool, width: Int, ellipsis: String,
         dataset: Dataset) {
        let buckets = content.page.buckets
        self.buckets = buckets
        // Still being read: from the source a page at a time, or by the load.
        let bars = dataset.barsReadiness(of: content.page)
        let pending = content.page.buckets.map { bucket in !bars.isReady || !dataset.readiness(of: bucket.start..<bucket.end).isReady }
        self.pending = pending
        self.ellipsis = ellipsis
        self.aggregate = aggregate
        let formats = Self.aggregates.map { ValueFormat(dataset: dataset, aggregate: $0, value: value) }
        self.formats = formats
        labelWidth = max(TextWidth.columns(of: content.page.subUnit.name),
                         content.labels.map { TextWidth.columns(of: $0) }.max() ?? 0)
        let available = countsRows ? [0] : Array(Self.names.indices.prefix(dataset.keepsSketches ? Self.names.count : Self.plainColumns))
        func widths(_ form: Form) -> [Int] {
            available.map { i in
                zip(buckets, pending).reduce(TextWidth.columns(of: Self.names[i])) { widest, bucket in
                    max(widest, TextWidth.columns(of: bucket.1 ? ellipsis : Self.cell(bucket.0, column: i, format: formats[i], form: form)))
                }
            }
        }
        let labelled = Self.gutter + labelWidth
        let fit = Self.fits.first { fit in labelled + widths(fit.form).reduce(0) { $0 + fit.gap + $1 } <= width } ?? Self.fits.last!
        let gap = fit.gap
        form = fit.form
        self.gap = gap
        let all = widths(fit.form)
        // Left out from the right, keeping room for the ellipsis that says so.
        let room = labelled + all.reduce(0) { $0 + gap + $1 } <= width ? width : width - gap - TextWidth.columns(of: ellipsis)
        var columns: [(index: Int, width: Int)] = []
        var used = labelled
        for (i, w) in zip(available, all) {
            guard used + gap + w <= room else { break }
            columns.append((i, w))
            used += gap + w
        }
        self.columns = columns
        leftOut = columns.count < all.count ? ellipsis : nil
        let barRoom = width - used - gap
        barWidth = leftOut == nil && barRoom >= 4 ? min(barRoom, 40) : 0
        barScale = buckets.compactMap { $0.plotted(aggregate).map(abs) }.max() ?? 0
    }

    /// A cell's text: the count, or a number blank for an empty sub-bucket (count 0).
    static func cell(_ bucket: SubBucket, column: Int, format: ValueFormat, form: Form) -> String {
        let stats = bucket.stats
        let number: Double? = switch column {
        case 0: Double(stats.count)
        case _ where stats.isEmpty: nil
        case 1: stats.sum
        case 2: stats.min
        case 3: stats.max
        case 4: stats.mean
        default: bucket.value(aggregates[column])
        }
        guard let number else { return "" }
        return form == .exact ? format.exact(number) : format.humane(number)
    }

    func drawHeader(into grid: inout Grid, y: Int, x: Int, unit: TimeUnit) {
        let style = Style(.muted, bold: true)
        var column = x + Self.gutter
        grid.write(unit.name, x: column, y: y, style: style)
        column += labelWidth
        for (index, width) in columns {
            column += gap
            let name = Self.names[index]
            grid.write(name, x: column + width - TextWidth.columns(of: name), y: y, style: style)
            column += width
        }
        if let leftOut { grid.write(leftOut, x: column + gap, y: y, style: style) }
        if barWidth > 0 { grid.write(aggregate.rawValue, x: column + gap, y: y, style: style) }
    }

    func drawRow(_ item: Int, label: String, into grid: inout Grid, row: Rect, glyphs: Glyphs, selected: Bool) {
        let bucket = buckets[item]
        let text = selected ? Style(.plain, bold: true) : (bucket.stats.isEmpty ? Style.muted : .plain)
        var x = row.x + Self.gutter
        grid.write(label, x: x, y: row.y, style: selected ? Style(.accent, bold: true) : text, clip: row)
        x += labelWidth
        for (index, width) in columns {
            x += gap
            let cell = pending[item] ? ellipsis : Self.cell(bucket, column: index, format: formats[index], form: form)
            grid.write(cell, x: x + width - TextWidth.columns(of: cell), y: row.y, style: text, clip: row)
            x += width
        }
        guard barWidth > 0, barScale > 0, let value = bucket.plotted(aggregate) else { return }
        let eighths = Int((abs(value) / barScale * Double(barWidth * 8)).rounded())
        let blocks = glyphs.eighths.map { $0.unicodeScalars.first! }
        x += gap
        for i in 0..<barWidth {
            let part = min(8, max(0, eighths - i * 8))
            guard part > 0 else { break }
            // Full cells, then one partial cell drawn as the block of its height (`▄` reads as "half").
            grid.put(blocks[part], x: x + i, y: row.y, style: Style(value < 0 ? .negative : .bar, dim: pending[item]))
        }
    }
}
