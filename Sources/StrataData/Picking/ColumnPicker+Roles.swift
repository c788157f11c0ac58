/// What the columns of a sample are for, beyond the time: values, series,
/// or neither (parts of a time, ids, codes, constants).
extension ColumnPicker {
    /// A column whose values can be a value: numeric, and not a part of a
    /// time, a time, an id, a code or a constant.
    func isValue(_ c: Int, decimalComma: Bool) -> Bool {
        isNumeric(sample.column(c), decimalComma: decimalComma) && numberRefusal(c) == nil
    }

    /// Why a numeric column is not taken for a value (`is an id`), for the
    /// note when no column is; nil when it is a value.
    func numberRefusal(_ c: Int) -> String? {
        if let refusal = notValues[c] { return refusal }
        let n = name(c).lowercased()
        if ColumnNames.looksLikeTime(n) && !holdsDurations(c, named: n) { return "is a part of the time" }
        if let refusal = ColumnNames.refusal(ofValue: name(c)) { return refusal }
        let present = sample.column(c).map { String(decoding: ByteText.trimmed($0), as: UTF8.self) }.filter { !$0.isEmpty }
        if present.count >= 2 && Set(present).count == 1 { return "holds one value throughout" }
        // Five or more consecutive integers, one per row (in each run of rows the sample
        // read in a row): a row number, unless the column says it is the value.
        let runs = sample.segments.map { rows in
            rows.map { String(decoding: ByteText.trimmed(sample.value($0, c)), as: UTF8.self) }.filter { !$0.isEmpty }
        }
        let integers = runs.map { $0.compactMap { Int($0) } }
        if n != "value", integers.map(\.count) == runs.map(\.count), let first = integers.first, first.count >= 5,
           integers.allSatisfy({ run in zip(run.dropFirst(), run).allSatisfy { $0 - $1 == 1 } }) {
            return "counts \(first[0]), \(first[1]), \(first[2])… like a row number"
        }
        return nil
    }

    /// A column named like a time that holds whole numbers no clock has
    /// (`air_time` 227, 160: minutes past 59) and no epoch, or fractions
    /// below an epoch's (`request_time` 0.072 seconds): durations, a value.
    /// `dep_time` 517 (05:17) stays a clock.
    private func holdsDurations(_ c: Int, named n: String) -> Bool {
        guard ColumnNames.words(n).contains("time") else { return false }
        let present = sample.column(c).map(ByteText.trimmed).filter { !$0.isEmpty }
        let decimals = present.compactMap { ValueParser.plainDecimal($0) }
        if !decimals.isEmpty, decimals.count == present.count, decimals.allSatisfy({ (0..<1e8).contains($0) }),
           decimals.contains(where: { $0.rounded() != $0 }) { return true }
        let numbers = present.compactMap { Int(String(decoding: $0, as: UTF8.self)) }
        guard !numbers.isEmpty, numbers.count == present.count, numbers.allSatisfy({ (0..<100_000_000).contains($0) }) else { return false }
        return numbers.contains { $0 % 100 >= 60 || $0 > 2400 }
    }

    /// Decimal commas: allowed by the delimiter, and the sample's numbers
    /// (outside the time) write them while none writes a decimal point.
    func usesDecimalComma(excluding used: [Int]) -> Bool {
        guard decimalCommaAllowed else { return false }
        var comma = 0, point = 0
        for c in 0..<columnCount where !used.contains(c) {
            for v in sample.column(c) {
                switch ValueParser.writesDecimalComma(v) {
                case true?: comma += 1
                case false?: point += 1
                case nil: break
                }
            }
        }
        return comma > 0 && point == 0
    }

    /// Each sample row's (or each of `rows`') UTC instant (naive times read
    /// as UTC: only gaps matter here) and its written offset.
    func sampleTimes(_ time: RowPlan.Time, _ format: TimeFormat, of rows: Sample? = nil) -> [(Int64, Int32?)?] {
        let (s, c) = values(time, of: rows)
        var parser = TimeParser(format: format, zone: .utc, years: years)
        return s.column(c).map { f in
            parser.parse(f).map { ($0, SampleProfile.offset(of: ByteText.trimmed(f), format: format)) }
        }
    }

    /// The columns that can split the rows into series (`g`), as `detectSeries`
    /// looks at them: text that is no date part, or whole-number codes (a
    /// status), whose sample repeats a few names: two at least, each on two
    /// rows on average at least (an id or a message is on one each).
    func breakdownCandidates(excluding used: Set<String>, decimalComma: Bool) -> [String] {
        (0..<columnCount).filter { c in
            guard !used.contains(name(c)), !ColumnNames.isDatePart(name(c)) else { return false }
            let keys = (0..<sample.count).map { sample.text($0, c) }
            let names = Set(keys).count
            guard names >= 2, names * 2 <= keys.count, !keys.allSatisfy(Self.namesADatePart) else { return false }
            return !isNumeric(sample.column(c), decimalComma: decimalComma) || holdsCodes(c, decimalComma: decimalComma)
        }.map(name)
    }

    /// The series column and why: a text column with 2 values or more (past
    /// `SeriesRule.cap` the load keeps the largest apart), each
    /// time at most once under each (one row per time per series), and not
    /// a part of the date (`weekday`, `Mon`): a time is shared by several of
    /// its values (stations read at once), or each value's rows are readings
    /// at a steady pace whose spans overlap (stations read at their own
    /// minutes). Both hold whatever the rows' order: sorted by time, by the
    /// column, or shuffled. Events that merely carry a label (sales of four
    /// stores, days labelled with their weather) are neither. Where the
    /// sample holds too many names to tell, rows read on do (`seriesOfMany`).
    func detectSeries(_ time: RowPlan.Time, _ format: TimeFormat, times: [(Int64, Int32?)?], excluding used: [Int],
                      decimalComma: Bool) throws(ReadError) -> (column: Int, why: String)? {
        let timed = (0..<sample.count).filter { times[$0] != nil }
        guard timed.count >= 4 else { return nil }
        var undecided: [Int] = []
        for c in 0..<columnCount where !used.contains(c) && !isNumeric(sample.column(c), decimalComma: decimalComma) {
            let keys = timed.map { sample.text($0, c) }, instants = timed.map { times[$0]!.0 }
            guard !ColumnNames.isDatePart(name(c)), !keys.allSatisfy(Self.namesADatePart) else { continue }
            guard let sharesTimes = SeriesRule.sharesTimes(keys: keys, times: instants, most: .max) else {
                if SeriesRule.needsMoreRows(keys: keys, times: instants) { undecided.append(c) }
                continue
            }
            if sharesTimes { return (c, "each time has one row per \(name(c))") }
            if Self.interleavesAsReadings(keys: keys, times: instants) {
                return (c, "each \(name(c))'s rows are readings at a steady pace, side by side in time")
            }
        }
        let shuffled = SampleProfile.isShuffled(timed.map { times[$0]!.0 })
        return try seriesOfMany(undecided, time, format, shuffled: shuffled)
    }

    /// The first of `columns`, whose names a sample cannot judge, that rows
    /// read on show as readings side by side (`SeriesRule.coversTimes`). A
    /// shuffled input's rows read on are a random part of it, standing for
    /// its `inputRows`; a sorted one's stand for themselves (a run of times),
    /// as do all the rows of an input that ends among them.
    private func seriesOfMany(_ columns: [Int], _ time: RowPlan.Time, _ format: TimeFormat,
                              shuffled: Bool) throws(ReadError) -> (column: Int, why: String)? {
        guard !columns.isEmpty, let readOn else { return nil }
        var keys = columns.map { _ in [String]() }, instants: [Int64] = []
        let ended = try readOn { batch in
            for (r, t) in sampleTimes(time, format, of: batch).enumerated() {
                guard let (instant, _) = t else { continue }
                instants.append(instant)
                for k in columns.indices { keys[k].append(batch.text(r, columns[k])) }
            }
        }
        let estimated = shuffled && !ended
        guard let inputRows = estimated ? inputRows.map({ max($0, instants.count) }) : instants.count else { return nil }
        for (k, c) in columns.enumerated() where SeriesRule.coversTimes(keys: keys[k], times: instants, inputRows: inputRows) {
            let names = SeriesRule.distinctCount(keys[k], of: inputRows), distinctTimes = SeriesRule.distinctCount(instants, of: inputRows)
            let about = estimated ? "about " : ""
            return (c, "each of \(about)\(Int(names.rounded())) names has a row at most of \(about)\(Int(distinctTimes.rounded())) times, "
                    + "as \(instants.count) rows read on show")
        }
        return nil
    }

    /// Each key's own times are steady, and the keys' spans overlap.
    static func interleavesAsReadings(keys: [String], times: [Int64]) -> Bool {
        var byKey: [String: [Int64]] = [:]
        for (key, t) in zip(keys, times) { byKey[key, default: []].append(t) }
        var pace = Regularity()
        var latestStart = Int64.min, earliestEnd = Int64.max
        for own in byKey.values {
            let distinct = Array(Set(own)).sorted()
            pace.add(distinct)
            latestStart = max(latestStart, distinct.first!)
            earliestEnd = min(earliestEnd, distinct.last!)
        }
        return pace.isSteady && latestStart < earliestEnd
    }

    /// `Mon`, `monday`, `Jan`, `january`: a weekday's or a month's name.
    static func namesADatePart(_ text: String) -> Bool {
        datePartNames.contains(text.lowercased())
    }

    private static let datePartNames: Set<String> = Set(
        (CalendarSystem.weekdayNames + CalendarSystem.monthNames + CalendarSystem.longMonthNames).map { $0.lowercased() }
            + ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "sept", "tues", "thur", "thurs"])

    /// Columns named as parts of a time, year first (needed), in the order
    /// year, month, day, hour, minute, stopping at the first part missing.
    func timeParts(among candidates: [Int]) -> [Int]? {
        var found: [TimePart: Int] = [:]
        for c in candidates {
            if let part = TimePart(name: name(c)), found[part] == nil { found[part] = c }
        }
        var parts: [Int] = []
        for part in TimePart.allCases {
            guard let c = found[part] else { break }
            parts.append(c)
        }
        return parts.isEmpty ? nil : parts
    }
}
