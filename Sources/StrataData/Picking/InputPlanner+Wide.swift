extension InputPlanner {
    /// Cells of the sample the picker is handed, at most, when a wide table is read long.
    static let wideSampleCells = 20_000

    /// The plan of a table whose header names its times (`WideTable`), or
    /// nil when it does not: its sample's cells turned into rows of time,
    /// series and value, so the column picker makes every other decision
    /// (the aggregate, the series, the zone, the notes) as for a long table.
    func prepareWide(names: [String], data: Sample) throws(ReadError) -> RowPlan? {
        guard options.timeColumn == nil, options.valueColumn == nil else { return nil }
        let seriesOff = options.seriesColumn?.lowercased() == "none" || options.seriesPerFile
        var namedSeries: [Int]?
        if let spec = options.seriesColumn, !seriesOff {
            // The columns joined as the note names them (`Province/State+Country/Region`), or one.
            let picker = ColumnPicker(file: file, names: names, sample: data, options: options, pattern: pattern, noun: "column")
            let parts = names.contains(spec) ? [spec] : spec.split(separator: "+").map(String.init)
            namedSeries = try parts.map { (part) throws(ReadError) in try picker.resolve(part, option: "--series") }
        }
        guard var wide = WideTable.detect(names: names, sample: data, series: namedSeries, pattern: pattern, now: now, years: years) else { return nil }
        if seriesOff { wide = wide.withoutSeries }
        let timeName = "time", seriesName = wide.seriesColumns.isEmpty ? nil : wide.seriesName
        let long = Sample()
        let rows = min(data.count, max(1, Self.wideSampleCells / wide.timeColumns.count))
        for r in 0..<rows {
            var key = ByteBuffer()
            defer { key.free() }
            wide.seriesKey({ c in c < data.fieldCount(r) ? data.value(r, c) : nil }, into: &key)
            for (k, c) in wide.timeColumns.enumerated() {
                long.append([wide.timeNames[k], Array(key.bytes), Array(data.value(r, c))])
            }
        }
        var pick = options
        pick.timeColumn = timeName
        if !options.countOnly { pick.valueColumn = wide.valueName }
        pick.seriesColumn = seriesName ?? options.seriesColumn
        // The cells are the one value: counted (`--count`), they are not loaded again as another.
        pick.loadsOtherValues = false
        var headerPattern = pattern
        if case .pattern(let p) = wide.format { headerPattern = p }
        let picker = ColumnPicker(file: file, names: [timeName, seriesName ?? "series", wide.valueName], sample: long,
                                  options: pick, pattern: headerPattern, noun: "column", years: years)
        let notesBefore = notes.count
        var plan = try adopt(picker)
        plan.format = wide.format
        plan.wide = wide
        // The picker's time note names a column that is not in the file: the shape says where the times are.
        if let at = notes.indices.dropFirst(notesBefore).first(where: { notes[$0].hasPrefix("time: column") }) {
            notes[at] = "time: the header's names, format \(wide.format.description)"
        }
        if let at = notes.indices.dropFirst(notesBefore).first(where: { notes[$0].hasPrefix("value: column") }) {
            notes[at] = "value: the cells, \"\(wide.valueName)\""
        }
        if !options.countOnly && profile.aggregate == .sum && profile.aggregateReason.isEmpty {
            // Said as a mean's reason is: the cells of one indicator may as well be a level the names do not tell.
            profile.aggregateReason = "\"\(wide.valueName)\" is a quantity: its cells are whole numbers or vary, counts"
        }
        notes.insert(wide.note, at: notesBefore)
        // A filter and the record view name the file's own columns; a row's series is its series columns.
        fieldNames = names
        breakdowns = []
        return plan
    }
}

extension ReadError {
    /// A long reading's refusal that a wide one may answer: no time column,
    /// or a `--series` of joined columns as a wide table's note names them.
    var leavesWideToTry: Bool {
        switch self {
        case .noTimeColumn: true
        case .unknownColumn(_, let option, let column, _): option == "--series" && column.contains("+")
        default: false
        }
    }
}
