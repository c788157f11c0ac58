extension RowReaders {
    /// A wide table's records (`WideTable`): each cell under a time-named
    /// column a row, at the time of its column's name, in the series of
    /// its record's series columns. An empty cell (or `NA`) is no row; a
    /// cell that is not a number is one skipped row, located at the cell.
    /// A loop of its own: a long table's row loop is not touched.
    static func wide(_ scanner: RecordScanner, _ plan: RowPlan, _ wide: WideTable, parser: inout TimeParser, sink: inout RowSink,
                     recordsBeforeRows: Int, cancel: CancelFlag?) throws(ReadError) {
        sink.prepare(for: plan)
        let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: plan.width)
        values.initialize(repeating: .nan)
        // The indices in `timeColumns` of a record's cells that hold a value: each cell is looked at once.
        let held = UnsafeMutableBufferPointer<Int>.allocate(capacity: wide.timeColumns.count)
        var key = ByteBuffer()
        defer {
            values.deallocate()
            held.deallocate()
            key.free()
        }
        let times = wide.timeNames.map { name in name.withUnsafeBufferPointer { parser.parse($0) } }
        let file = scanner.stream.name
        var loop = RecordLoop(recordsToPass: recordsBeforeRows, cancel: cancel)
        while try loop.next(scanner, &sink) {
            var cells = 0
            for (k, c) in wide.timeColumns.enumerated() where c < scanner.fieldCount && !ValueParser.isNoValue(scanner.field(c)) {
                held[cells] = k
                cells += 1
            }
            let field = { (c: Int) -> Field? in c < scanner.fieldCount ? scanner.field(c) : nil }
            guard sink.passes(plan.filter, text: scanner.recordBytes, field: field) else {
                // Its rows are its cells, all filtered out with it.
                sink.rowsRead += cells - 1
                sink.filteredOut += cells - 1
                continue
            }
            // A record with no cell that holds a value is no row.
            guard cells > 0 else {
                sink.rowsRead -= 1
                continue
            }
            // The record was counted as one row: each cell past its first is one more.
            sink.rowsRead += cells - 1
            wide.seriesKey(field, into: &key)
            var series = 0
            if plan.series != nil {
                guard let s = sink.series.index(of: key.bytes) else {
                    let at = scanner.location(ofField: wide.seriesColumns[0])
                    let reason = "series \(ByteText.quoted(key.bytes)) is past the limit of \(SeriesTable.limit) series"
                    for _ in 0..<cells { try sink.skip(SkippedRow(file: file, line: at.line, column: at.column, reason: reason)) }
                    continue
                }
                series = s
            }
            // One record for the row index and a card: its rows are its cells, over the times they span.
            var from = Int64.max, to = Int64.min
            for k in held[..<cells] {
                if let t = times[k] { (from, to) = (min(from, t), max(to, t)) }
            }
            if from <= to { sink.noteRecord(from: from, to: to, series: series) }
            for k in held[..<cells] {
                let c = wide.timeColumns[k], cell = scanner.field(c)
                guard let seconds = times[k] else {
                    let at = scanner.location(ofField: c)
                    let reason = wide.timeNames[k].withUnsafeBufferPointer { "time \(ByteText.quoted($0)) in the header \(parser.refusal($0))" }
                    try sink.skip(SkippedRow(file: file, line: at.line, column: at.column, reason: reason))
                    continue
                }
                // With no value column, each cell is a row counted.
                if plan.value == nil {
                    values[0] = 1
                } else if let value = plan.value(cell) {
                    values[0] = value
                } else {
                    let at = scanner.location(ofField: c)
                    let name = String(decoding: wide.timeNames[k], as: UTF8.self)
                    try sink.skip(SkippedRow(file: file, line: at.line, column: at.column, reason: ValueParser.reason(cell, column: name)))
                    continue
                }
                sink.acceptNoted(seconds: seconds, series: series, values: values)
            }
        }
    }
}
