extension InputPlanner {
    /// The plan of a log whose `#` directives name its fields (W3C extended,
    /// Zeek): its rows read as a table's under those names, split by the
    /// directives' separator, the `#` lines wherever they are passed over
    /// (`RecordScanner.Mode.directives`); nil when no row follows them. A
    /// row is an event, as a log line is: a duration on it is a value.
    func prepareDirectives(_ scanner: RecordScanner, _ directives: LogDirectives) throws(ReadError) -> RecordPlan? {
        scanner.mode = .directives(directives.separator, fields: directives.key)
        let rows = try sampleRecords(scanner, count: Self.sampleRows, spread: true)
        guard rows.count > 0 else {
            if let error = onlyOversized() { throw error }
            return nil
        }
        // Zeek's markers of no value are empty cells to the picker, as `-` is to every reader.
        let data = Sample()
        for segment in rows.segments {
            data.beginSegment()
            for r in segment {
                data.append(rows.row(r).map { directives.absentMarkers.contains(Array($0)) ? [] : Array($0) })
            }
        }
        var picker = ColumnPicker(file: file, names: directives.names, sample: data, options: eventOptions, pattern: pattern, noun: "field", years: years)
        picker.inputRows = inputRows
        picker.notValues = directives.notValues
        notes.append(directives.note)
        var plan = try adopt(picker)
        plan.absentMarkers = directives.absentMarkers
        return .delimited(plan, hasHeader: false, preamble: 0)
    }
}
