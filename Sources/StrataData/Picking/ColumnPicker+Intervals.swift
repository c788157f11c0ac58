/// Interval rows: where each row ends (`--end`, `--duration`, or a column
/// named like an end), which column splits them into the timeline's rows,
/// and which text labels their blocks.
extension ColumnPicker {
    /// The end named on the command line, or the first column named like
    /// one whose sample reads as ends; nil: the rows are instants.
    func intervalEnd(excluding used: [Int]) throws(ReadError) -> (RowPlan.End, note: String)? {
        if options.endsNone { return nil }
        if let spec = options.endColumn {
            let c = try resolve(spec, option: "--end")
            let f = try detectFormat(.column(c), explicit: true)
            return (.time(c, f), endNote(c, f))
        }
        if let spec = options.durationColumn {
            let c = try resolve(spec, option: "--duration")
            guard readsAsDurations(c, majority: false) else {
                let example = sample.column(c).first { !ByteText.trimmed($0).isEmpty }.map { ByteText.quoted(ByteText.trimmed($0)) }
                throw .notDurations(file: file, column: name(c), example: example ?? "\"\"")
            }
            return (.duration(c), "duration: \(label(c)) (seconds, 90m, 1h30m or 01:30:00)")
        }
        for c in 0..<columnCount where !used.contains(c) {
            let lower = name(c).lowercased()
            if IntervalRule.endNames.contains(lower), case .format(let f, _) = TimeFormatDetector.detect(sample.column(c), allowAnyEpoch: false) {
                return (.time(c, f), endNote(c, f) + " (rows are intervals; --end or --duration picks another)")
            }
            if IntervalRule.durationNames.contains(lower), readsAsDurations(c, majority: true) {
                return (.duration(c), "duration: \(label(c)) (rows are intervals; --end or --duration picks another)")
            }
        }
        return nil
    }

    /// A second time column that ends what the time column starts: never
    /// before it in the sample, and typically far shorter after it than the
    /// sample's times span (`departure`/`arrival`). Not looked for when a
    /// flag says what the rows are (`--end`, `--duration`, `--count`);
    /// `--value` picks a value of the intervals, and keeps them.
    func pairedEnd(_ time: RowPlan.Time, _ format: TimeFormat, excluding used: [Int]) -> (RowPlan.End, note: String)? {
        guard case .column(let start) = time, !options.endsNone, options.endColumn == nil, options.durationColumn == nil,
              !options.countOnly else { return nil }
        let starts = sampleTimes(time, format).map { $0?.0 }
        for c in 0..<columnCount where c != start && !used.contains(c) {
            guard case .format(let f, _) = TimeFormatDetector.detect(sample.column(c), allowAnyEpoch: false) else { continue }
            let ends = sampleTimes(.column(c), f).map { $0?.0 }
            guard let typical = IntervalRule.pairedLength(starts: starts, ends: ends) else { continue }
            let order = IntervalRule.pairedOrder(start: label(start), typical: typical, endingBefore: IntervalRule.endingBefore(starts: starts, ends: ends))
            return (.time(c, f), endNote(c, f) + " (\(order): rows are intervals; --end none counts the starts instead)")
        }
        return nil
    }

    /// `end: column "to", format YYYY-MM-DD`, and that a date alone ends
    /// with its day (a poll in the field 1–3 January covers three days).
    private func endNote(_ c: Int, _ f: TimeFormat) -> String {
        "end: \(label(c)), format \(f.description)" + (f.namesDaysAlone ? ", to the end of each day" : "")
    }

    /// Some of the sample's cells read as durations; with `majority`, most
    /// of its rows have one: a row with no duration (`-`, empty) would be
    /// skipped, so a column mostly without one is a value, not the rows' lengths.
    private func readsAsDurations(_ c: Int, majority: Bool) -> Bool {
        let read = sample.column(c).count { if case .seconds = DurationParser.parse($0) { true } else { false } }
        return read > 0 && (!majority || read * 2 > sample.count)
    }

    /// Each sample row's interval in UTC seconds (naive times read as UTC), nil when it does not read.
    func sampleIntervals(_ time: RowPlan.Time, _ format: TimeFormat, _ end: RowPlan.End) -> [(Int64, Int64)?] {
        let starts = sampleTimes(time, format).map { $0?.0 }
        switch end {
        case .time(let c, let f):
            // Naive times read as UTC: a date alone ends a day later.
            let daysAlone = f.namesDaysAlone
            let ends = sampleTimes(.column(c), f).enumerated().map { r, e in
                e.map { daysAlone && f.isDateAlone(sample.value(r, c)) ? $0.0 + 86_400 : $0.0 }
            }
            return zip(starts, ends).map { s, e in s.flatMap { s in e.map { (s, $0) } } }
        case .duration(let c):
            return starts.enumerated().map { r, s in
                guard let s, case .seconds(let d) = DurationParser.parse(sample.value(r, c)) else { return nil }
                return (s, s + d)
            }
        }
    }

    /// The timeline's rows: the text column with 2 to 1,000 values in the
    /// sample, repeated, under which no two intervals overlap (a channel
    /// airs one programme at a time, a machine runs one job), of the fewest
    /// values where several are.
    func intervalSeries(_ intervals: [(Int64, Int64)?], excluding used: [Int], decimalComma: Bool) -> Int? {
        let texts = (0..<columnCount).filter { !used.contains($0) && !isNumeric(sample.column($0), decimalComma: decimalComma) }
        return IntervalRule.seriesColumn(among: texts, keys: { c in (0..<sample.count).map { sample.text($0, c) } }, intervals: intervals)
    }

    /// `--label`, or the first text column not otherwise used (a title, a job name).
    func intervalLabel(excluding used: [Int], decimalComma: Bool) throws(ReadError) -> Int? {
        if let spec = options.labelColumn { return try resolve(spec, option: "--label") }
        return (0..<columnCount).first { c in
            !used.contains(c) && !isNumeric(sample.column(c), decimalComma: decimalComma)
                && sample.column(c).contains { !ByteText.trimmed($0).isEmpty }
        }
    }
}
