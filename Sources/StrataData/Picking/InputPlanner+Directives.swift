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
        let data = Self.blanking(directives.absentMarkers, in: rows)
        var picker = ColumnPicker(file: file, names: directives.names, sample: data, options: eventOptions, pattern: pattern, noun: "field", years: years)
        picker.inputRows = inputRows
        picker.notValues = directives.notValues
        notes.append(directives.note)
        var plan = try adopt(picker)
        plan.absentMarkers = directives.absentMarkers
        return .delimited(plan, hasHeader: false, preamble: 0)
    }

    /// The sample with Zeek's markers of no value as empty cells to the
    /// picker, as `-` is to every reader; the sample itself when there are none.
    private static func blanking(_ markers: [[UInt8]], in rows: Sample) -> Sample {
        guard !markers.isEmpty else { return rows }
        let data = Sample()
        for segment in rows.segments {
            data.beginSegment()
            for r in segment {
                let row = rows.row(r)
                data.append(row.map { field in markers.contains { $0.elementsEqual(field) } ? Field(rebasing: field[0..<0]) : field })
            }
        }
        return data
    }
}
