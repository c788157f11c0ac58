/// Picks the time, value and series columns of a table-like input (CSV,
/// TSV, or the fields of JSON Lines) from the options and a sample, and
/// detects the time format: the decisions made once per input.
struct ColumnPicker {
    let file: String
    /// Column names: the header, `column N`, or JSON paths.
    let names: [String]
    /// Data rows of the sample (without the header).
    let sample: Sample
    let options: ReadOptions
    let pattern: StrftimePattern?
    /// `column` for tables, `field` for JSON.
    let noun: String
    /// The delimiter is `;` or tab, so `1,5` may be a number.
    var decimalCommaAllowed = false
    /// For syslog times in the sample (they have no year).
    var years = SyslogYears.until(0)
    /// Day and month order read further on than the sample (`InputPlanner.settleDayMonth`).
    var dayMonthOrder: NumericDate.Order?

    /// Value columns of one kind may be read as series (`sideBySide`): a delimited file's, whose rows the loop reads so.
    var readsColumnsAsSeries = false
    /// About how many rows the input holds (a regular file's size over the
    /// head's bytes a row); nil when that is not known (a pipe as it comes).
    var inputRows: Int?
    /// Reads the input on from its top, past the header, as far as the
    /// sample's window, handing `body` a batch of records at a time; true
    /// when the input ended there. For series columns the sample cannot
    /// judge (`SeriesRule.needsMoreRows`); nil reads on nowhere.
    var readOn: ((_ body: (Sample) -> Void) throws(ReadError) -> Bool)?

    /// Why columns that hold numbers are no values, by what the input says
    /// of them rather than by their names (a Zeek log's `port` fields).
    var notValues: [Int: String] = [:]

    /// Each other value column costs an accumulator: a wide file loads this many.
    static let otherValuesLimit = 32

    var columnCount: Int { max(names.count, sample.maxColumns) }

    func name(_ c: Int) -> String { c < names.count && !names[c].isEmpty ? names[c] : "column \(c + 1)" }

    /// For hints: what to write after `--value` for column `c`, its name or number, ready for a shell.
    func argument(_ c: Int) -> String { c < names.count && !names[c].isEmpty ? ShellWord.quoted(names[c]) : "\(c + 1)" }

    /// For notes: `column "date"`, `column 2` (no header), `field "event.ts"`.
    func label(_ c: Int) -> String {
        c < names.count && !names[c].isEmpty ? "\(noun) \"\(names[c])\"" : "\(noun) \(c + 1)"
    }

    /// A column by header name (exact, then ignoring case) or 1-based index.
    func resolve(_ spec: String, option: String) throws(ReadError) -> Int {
        let s = spec.trimmingCharacters(in: " ")
        if let i = names.firstIndex(of: s) { return i }
        if let i = names.firstIndex(where: { $0.lowercased() == s.lowercased() }) { return i }
        if !s.isEmpty, s.allSatisfy(\.isASCII), s.allSatisfy(\.isNumber), let n = Int(s) {
            guard n >= 1, n <= columnCount else {
                throw .columnOutOfRange(file: file, option: option, index: n, count: columnCount)
            }
            return n - 1
        }
        throw .unknownColumn(file: file, option: option, column: spec, available: names)
    }

    func plan() throws(ReadError) -> (RowPlan, [String], SampleProfile) {
        var notes: [String] = []
        let seriesOff = options.seriesColumn?.lowercased() == "none" || options.seriesPerFile
        var seriesWhy: String?
        var series = try options.seriesColumn.flatMap { spec throws(ReadError) in
            seriesOff ? nil : try resolve(spec, option: "--series")
        }
        var value: Int?
        if !options.countOnly, let spec = options.valueColumn { value = try resolve(spec, option: "--value") }

        // Where intervals end (none for instants), then the time (their start).
        var end = try intervalEnd(excluding: [value, series].compactMap { $0 })
        var time: RowPlan.Time
        var format: TimeFormat
        if let spec = options.timeColumn {
            time = try explicitTime(spec)
            format = try detectFormat(time, explicit: true)
        } else {
            (time, format) = try autoTime(excluding: [value, series, end?.0.column].compactMap { $0 })
        }
        if end == nil { end = pairedEnd(time, format, excluding: [value, series].compactMap { $0 }) }
        let timeColumns: [Int]
        switch time {
        case .column(let c): timeColumns = [c]
        case .joined(let a, let b, _): timeColumns = [a, b]
        case .parts(let cs): timeColumns = cs
        }
        let timeName = timeColumns.map(name).joined(separator: "+")
        switch time {
        case .column(let c): notes.append("time: \(label(c)), format \(format.description)")
        case .joined(let a, let b, let form):
            let hours = form == .hour(first: 1) ? " (hours 1 to 24, each ending then: 1 is 00:00 to 01:00)" : form == .hour(first: 0) ? " (whole hours)" : ""
            notes.append("time: \(label(a)) and \(label(b)) joined\(hours), format \(format.description)")
        case .parts(let cs): notes.append("time: parts \(cs.map { "\"\(name($0))\"" }.joined(separator: "+")) combined")
        }

        let decimalComma = usesDecimalComma(excluding: timeColumns)
        if decimalComma { notes.append("numbers: decimal commas (1,5)") }
        if let value, !isNumeric(sample.column(value), decimalComma: decimalComma) {
            let example = sample.column(value).first { !ByteText.trimmed($0).isEmpty }
            if let example {
                throw .notNumbers(file: file, column: name(value), example: String(decoding: ByteText.trimmed(example), as: UTF8.self),
                                  hint: ValueParser.writesDecimalComma(example) == true && !decimalCommaAllowed
                                      ? "decimal commas are read only when the delimiter is ; or tab" : nil)
            }
        }

        // What the sample's times say: series, events or readings, the zone, the spacing.
        let times = sampleTimes(time, format)
        if let note = epochIn1970Note(time, format, times) { notes.append(note) }
        if case .pattern(let p) = format, p.hasTwoDigitYear {
            notes.append("time: two-digit years read as \(p.latestTwoDigitYear - 99)–\(p.latestTwoDigitYear) (one after now is in the century before)")
        }
        if let (end, note) = end {
            notes.append(note)
            if series == nil && !seriesOff && options.seriesColumn == nil {
                series = intervalSeries(sampleIntervals(time, format, end), excluding: timeColumns + [end.column], decimalComma: decimalComma)
            }
        } else if series == nil && !seriesOff && options.seriesColumn == nil {
            if let (column, why) = try detectSeries(time, format, times: times, excluding: timeColumns + [value].compactMap { $0 }, decimalComma: decimalComma) {
                series = column
                seriesWhy = why
            }
        }
        var profile = SampleProfile(times: times.map { $0?.0 }, offsets: times.map { $0?.1 },
                                    seriesKeys: series.map { c in (0..<sample.count).map { sample.text($0, c) } }, runs: sample.segments)
        if let (zone, word) = timeColumns.reversed().lazy.compactMap({ ZoneAbbreviation.offset(inName: self.name($0)) }).first {
            profile.zoneInName = zone
            profile.zoneInNameSource = "the time's \(noun) name \"\(word)\""
        }
        if let (end, _) = end {
            profile.typicalDuration = IntervalRule.typicalLength(sampleIntervals(time, format, end))
        }

        // The value: the first numeric column that is not a time, a part of
        // one, an id, a code or a constant; none for events.
        if end == nil && !options.countOnly && options.valueColumn == nil {
            let used = Set(timeColumns + [series].compactMap { $0 })
            let candidates = (0..<columnCount).filter { !used.contains($0) && isValue($0, decimalComma: decimalComma) }
            let first = candidates.first
            if first != nil, profile.looksLikeEvents {
                // The hint names a measure (latency_ms, bytes) before a code (status 200, 404, 500).
                let measure = candidates.first { !holdsCodes($0, decimalComma: decimalComma) } ?? candidates[0]
                if options.asksValues {
                    // Every row counts 1: a mean or a percentile of that is 1. What is asked is the
                    // measure's: a time taken (request_time) before an amount (bytes).
                    value = candidates.first { !holdsCodes($0, decimalComma: decimalComma) && ValueKind.describesEachRow(name($0)) } ?? measure
                } else {
                    notes.append("value: none, counting rows (rows look like events: times repeat or come irregularly; --value \(argument(measure)) sums a column)")
                }
            } else {
                value = first
            }
        }
        // Value columns that add up to about 100 in every row: shares, each with the others and their total.
        let shareOf = shares(excluding: Set(timeColumns + [series].compactMap { $0 }), decimalComma: decimalComma)
        // Value columns of one kind side by side: series, one per column.
        var sideBySide: [Int] = []
        if let first = value, readsColumnsAsSeries, series == nil, !seriesOff, options.valueColumn == nil, options.loadsOtherValues {
            let steady = !profile.looksLikeEvents
            sideBySide = self.sideBySide(from: first, excluding: Set(timeColumns), kind: { c in
                ValueKind.call(name: self.name(c), runs: self.valueRuns(c, times: times, series: nil, decimalComma: decimalComma), steady: steady,
                               shareOf: shareOf[c])
            }, decimalComma: decimalComma) ?? []
        }
        // Whether a value column is a level or a quantity, by its name and its sample in time order.
        let kind = { (c: Int) in
            ValueKind.call(name: self.name(c), runs: self.valueRuns(c, times: times, series: series, decimalComma: decimalComma),
                           steady: !profile.looksLikeEvents, shareOf: shareOf[c])
        }
        // An interval's value column counts as its share says; the duration is no column of the input.
        let share = { (c: Int?) in c.map { IntervalShare(kind: kind($0).aggregate) } ?? .overlap }
        if end != nil {
            notes.append(value.map { IntervalRule.valueNote(label($0), share: share($0)) } ?? "value: the time each interval spends in a bar, in seconds")
        } else if !sideBySide.isEmpty {
            let left = (0..<columnCount).filter { !sideBySide.contains($0) && !timeColumns.contains($0) && isValue($0, decimalComma: decimalComma) }
            notes.append("series: the columns \(sideBySide.map { "\"\(name($0))\"" }.joined(separator: ", ")) (one kind of value side by side; "
                + "--value NAME picks one, --series none reads the first\(left.isEmpty ? "" : " and the others") as before)"
                + (left.isEmpty ? "" : "; \(left.map { "\"\(name($0))\"" }.joined(separator: ", ")) left out"))
        } else if let value {
            notes.append("value: \(label(value))")
        } else if options.countOnly {
            notes.append("value: none, counting rows")
        } else if !notes.contains(where: { $0.hasPrefix("value:") }) {
            // Say which number was passed over, and why, so a wrong guess is one flag away.
            let used = Set(timeColumns + [series].compactMap { $0 })
            let passed = (0..<columnCount).lazy.filter { !used.contains($0) && self.isNumeric(self.sample.column($0), decimalComma: decimalComma) }
                .compactMap { c in self.numberRefusal(c).map { "\"\(self.name(c))\" \($0); --value \(self.argument(c)) sums it" } }.first
            // Asked for a mean or a percentile, say why each row is worth 1.
            let why = passed ?? (options.asksValues ? "no column holds numbers: --agg reads each row as 1" : nil)
            notes.append("value: none, counting rows" + (why.map { " (\($0))" } ?? ""))
        }
        if let series {
            let why = end != nil ? "no two of its intervals overlap" : seriesWhy ?? "each time has one row per \(name(series))"
            notes.append("series: \(label(series))\(options.seriesColumn == nil ? " (\(why); --series none turns this off)" : "")")
        }
        var labelColumn: Int?
        if end != nil {
            labelColumn = try intervalLabel(excluding: timeColumns + [end?.0.column, series, value].compactMap { $0 }, decimalComma: decimalComma)
        }
        // Every other value column is loaded too, so the UI can switch to it.
        var others: [Int] = []
        if options.loadsOtherValues && sideBySide.isEmpty {
            let used = Set(timeColumns + [series, value, end?.0.column, labelColumn].compactMap { $0 })
            others = (0..<columnCount).filter { !used.contains($0) && isValue($0, decimalComma: decimalComma) }
            if others.count > Self.otherValuesLimit {
                notes.append("values: the first \(Self.otherValuesLimit) of \(others.count) other numeric columns loaded")
                others = Array(others.prefix(Self.otherValuesLimit))
            }
        }
        // Interval rows' duration is a value too (nil), the first unless `--value` named one: choosing a value keeps them intervals.
        let intervalColumns: [Int?] = end == nil ? [] : others + (value == nil ? [] : [nil])
        let otherNames = end == nil ? others.map(name) : intervalColumns.map { $0.map(name) ?? ColumnNames.intervalDuration }
        if end != nil, !otherNames.isEmpty {
            notes.append(IntervalRule.otherValuesNote(otherNames, shares: intervalColumns.map(share)))
        } else if !otherNames.isEmpty {
            notes.append("other values: \(otherNames.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        if end == nil { profile.otherAggregates = others.map { kind($0).aggregate } }
        if let value {
            (profile.aggregate, profile.aggregateReason) = (kind(value).aggregate, kind(value).reason)
        } else {
            profile.aggregate = end != nil ? .sum : .count
        }
        if let labelColumn { notes.append("label: \(label(labelColumn))\(options.labelColumn == nil ? " (--label picks another)" : "")") }
        let shared = Self.sharedWords(sideBySide.map(name))
        let valueName = !sideBySide.isEmpty ? (shared.isEmpty ? ColumnNames.sideBySideValue : shared.joined(separator: " "))
            : value.map(name) ?? (end != nil ? ColumnNames.intervalDuration : ColumnNames.countedRows)
        var plan = RowPlan(time: time, format: format, timeName: timeName, value: value, valueName: valueName,
                           series: series, seriesName: series.map(name) ?? "", others: others, otherNames: otherNames,
                           end: end?.0, endName: end.map { name($0.0.column) } ?? "", label: labelColumn, decimalComma: decimalComma,
                           usualLength: profile.typicalDuration)
        if end != nil {
            plan.shares = ([value] + intervalColumns).map(share)
            plan.durationColumn = value == nil ? 0 : intervalColumns.count
        }
        if !sideBySide.isEmpty {
            (plan.sideBySide, plan.seriesName) = (sideBySide, ColumnNames.sideBySideSeries)
            plan.sideBySideNames = sideBySide.map(name)
        }
        return (plan, notes, profile)
    }

    /// `--time COL`, `--time DATE+TIME`, or `--time year+month+day+hour`.
    private func explicitTime(_ spec: String) throws(ReadError) -> RowPlan.Time {
        if let c = try? resolve(spec, option: "--time") { return .column(c) }
        guard spec.contains("+") else { return .column(try resolve(spec, option: "--time")) }
        var columns: [Int] = []
        for part in spec.split(separator: "+") { columns.append(try resolve(String(part), option: "--time")) }
        let parts = columns.map { TimePart(name: name($0)) }
        // Time parts when there are more than two or they are named so; else a date and a clock.
        if columns.count > 2 || parts.allSatisfy({ $0 != nil }) {
            guard parts.allSatisfy({ $0 != nil }) else { return .parts(columns) }
            return .parts(zip(columns, parts).sorted { $0.1! < $1.1! }.map(\.0))
        }
        return .joined(columns[0], columns[1], hourForm(columns[1]) ?? .clock)
    }

    /// More than half of the values that are there (not empty, not `NA`) are finite numbers.
    func isNumeric(_ values: [Field], decimalComma: Bool = false) -> Bool {
        let present = values.filter { !ValueParser.isNoValue($0) }
        guard !present.isEmpty else { return false }
        let parse = decimalComma ? ValueParser.parseDecimalComma : ValueParser.parse
        return present.count { parse($0) != nil } * 2 > present.count
    }

    /// A few whole numbers, each on many rows: a code or a category (an HTTP
    /// status), no amount to sum. At most 12 distinct in 24 values or more.
    func holdsCodes(_ c: Int, decimalComma: Bool) -> Bool {
        let parse = decimalComma ? ValueParser.parseDecimalComma : ValueParser.parse
        let numbers = sample.column(c).compactMap(parse)
        return numbers.count >= 24 && numbers.allSatisfy { $0 == $0.rounded() } && Set(numbers).count <= 12
    }

    /// A value column's sample numbers in time order, one run per series.
    private func valueRuns(_ value: Int, times: [(Int64, Int32?)?], series: Int?, decimalComma: Bool) -> [[Double]] {
        let parse = decimalComma ? ValueParser.parseDecimalComma : ValueParser.parse
        var runs: [String: [(Int64, Double)]] = [:]
        for r in 0..<sample.count {
            guard let t = times[r]?.0, let v = parse(sample.value(r, value)) else { continue }
            runs[series.map { sample.text(r, $0) } ?? "", default: []].append((t, v))
        }
        return runs.keys.sorted().map { key in runs[key]!.sorted { $0.0 < $1.0 }.map(\.1) }
    }

    /// Numbers read as epoch times that all fall in 1970 are likely
    /// something else: say so, and which date readings they would fit.
    private func epochIn1970Note(_ time: RowPlan.Time, _ format: TimeFormat, _ times: [(Int64, Int32?)?]) -> String? {
        guard case .epoch = format, case .column(let c) = time else { return nil }
        let instants = times.compactMap { $0?.0 }
        guard !instants.isEmpty, instants.allSatisfy({ (0..<31_536_000).contains($0) }) else { return nil }
        let present = sample.column(c).map(ByteText.trimmed).filter { !$0.isEmpty }
        let fits = NumberDate.fitting(present).map { "as \($0.reading.name), \($0.years)" }
        return "time: every \(label(c)) read as \(format.description) falls in 1970; these may not be times"
            + (fits.isEmpty ? "" : " (\(fits.joined(separator: "; ")))")
    }

    /// The values of a time source in the sample, or in `rows` of the same
    /// columns (joined ones are built).
    func values(_ time: RowPlan.Time, of rows: Sample? = nil) -> (Sample, Int) {
        let sample = rows ?? sample
        switch time {
        case .column(let c):
            return (sample, c)
        case .joined(let a, let b, let form):
            let joined = Sample()
            var buffer = ByteBuffer()
            defer { buffer.free() }
            for r in 0..<sample.count {
                ClockTime.join(date: sample.value(r, a), clock: sample.value(r, b), form: form, into: &buffer)
                joined.append([Array(buffer.bytes)])
            }
            return (joined, 0)
        case .parts(let cs):
            let built = Sample()
            var buffer = ByteBuffer()
            defer { buffer.free() }
            for r in 0..<sample.count {
                TimePart.build(count: cs.count, into: &buffer) { sample.value(r, cs[$0]) }
                built.append([Array(buffer.bytes)])
            }
            return (built, 0)
        }
    }

    private func outcome(_ time: RowPlan.Time, allowAnyEpoch: Bool, majority: Bool = true) -> TimeFormatDetector.Outcome {
        let namedAsTime: Bool
        if case .column(let c) = time { namedAsTime = ColumnNames.saysTime(name(c)) } else { namedAsTime = false }
        let (s, c) = values(time)
        let column = s.column(c)
        if let pattern {
            let present = column.filter { !ByteText.trimmed($0).isEmpty }
            let parsed = present.count { pattern.parse(ByteText.trimmed($0)) != nil }
            return parsed > 0 && (parsed * 2 > present.count || !majority) ? .format(.pattern(pattern), parsed: parsed) : .none
        }
        return TimeFormatDetector.detect(column, allowAnyEpoch: allowAnyEpoch, namedAsTime: allowAnyEpoch || namedAsTime,
                                         majority: majority, settled: dayMonthOrder ?? ColumnNames.dayMonthOrder(name(timeColumn(time))))
    }

    private func format(of outcome: TimeFormatDetector.Outcome, _ time: RowPlan.Time) throws(ReadError) -> TimeFormat? {
        switch outcome {
        case .format(let f, _): return f
        case .ambiguousDayMonth(let example):
            throw .ambiguousDates(file: file, column: name(timeColumn(time)), example: example)
        case .none: return nil
        }
    }

    private func timeColumn(_ t: RowPlan.Time) -> Int {
        switch t {
        case .column(let c), .joined(let c, _, _): c
        case .parts(let cs): cs[0]
        }
    }

    /// The format of a column the user named as the time.
    func detectFormat(_ time: RowPlan.Time, explicit: Bool) throws(ReadError) -> TimeFormat {
        if let f = try format(of: outcome(time, allowAnyEpoch: true, majority: !explicit), time) { return f }
        let (s, c) = values(time)
        let example = s.column(c).first { !ByteText.trimmed($0).isEmpty }.map { ByteText.quoted(ByteText.trimmed($0)) }
        let what = pattern.map { "do not match --time-format \"\($0.text)\"" } ?? "are not times in a format strata knows; give --time-format"
        if let example {
            throw .noTimeColumn(file: file, detail: "\(noun) \"\(name(timeColumn(time)))\": values like \(example) \(what)")
        }
        throw .noTimeColumn(file: file, detail: "\(noun) \"\(name(timeColumn(time)))\" is empty in the first rows")
    }

    /// The first column that holds times: named like a time first, then any
    /// other; in each, dates written as text before plausible epoch numbers;
    /// then columns of time parts (year, month, day…) combined.
    private func autoTime(excluding used: [Int]) throws(ReadError) -> (RowPlan.Time, TimeFormat) {
        let candidates = (0..<columnCount).filter { !used.contains($0) }
        let lower = candidates.map { name($0).lowercased() }
        var named: [Int] = []
        for preferred in ColumnNames.preferredTimes {
            for (k, c) in candidates.enumerated() where lower[k] == preferred { named.append(c) }
        }
        for (k, c) in candidates.enumerated() where !named.contains(c) && ColumnNames.looksLikeTime(lower[k]) {
            named.append(c)
        }
        // Columns named as parts of a time (`year`, `month`) are read together below, not one alone as a number.
        let parts = timeParts(among: candidates).map { $0.count > 1 ? Set($0) : [] } ?? []
        if let found = try firstTime(in: named, numbersAside: parts) { return found }
        if let found = try firstTime(in: candidates.filter { !named.contains($0) }, numbersAside: parts) { return found }
        if let parts = timeParts(among: candidates),
           case .format(let f, _) = outcome(.parts(parts), allowAnyEpoch: false) {
            return (.parts(parts), f)
        }
        let list = names.isEmpty ? "" : " (\(noun)s: \(names.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")))"
        throw .noTimeColumn(file: file, detail: "no \(noun) holds times strata can read\(list); name one with --time (and --time-format)")
    }

    /// The first of `columns` holding text times, else the first holding
    /// plausible epoch numbers (`dep_time` holding 517 is a clock, not
    /// seconds since 1970) or dates written as numbers (`19580329`).
    private func firstTime(in columns: [Int], numbersAside: Set<Int>) throws(ReadError) -> (RowPlan.Time, TimeFormat)? {
        var numbers: (RowPlan.Time, TimeFormat)?
        for c in columns {
            guard let f = try format(of: outcome(.column(c), allowAnyEpoch: false), .column(c)) else { continue }
            switch f {
            case .epoch, .number:
                if numbers == nil && !numbersAside.contains(c) { numbers = (.column(c), f) }
            default:
                return (joinClock(c, f), joinedFormat(c, f))
            }
        }
        return numbers
    }

    /// A date-only column's time of day, in a column of its own: one whose
    /// values are all clocks written with a colon (`14:05`, `24:00`, `2:05
    /// PM`), whatever its name; when the dates repeat (several rows a day),
    /// whole hours in a column named as the hour (`hour`, `HourEnding`,
    /// `HE`), or `HHMM` numbers (`656` is 06:56) when the column is named
    /// like a clock or a zone, or comes right after the dates.
    private func clockColumn(for dateColumn: Int, _ f: TimeFormat) -> (Int, ClockTime.Form)? {
        guard pattern == nil, f.isDateOnly else { return nil }
        let candidates = (0..<columnCount).filter { c in
            c != dateColumn && TimePart(name: name(c)) == nil && ColumnNames.refusal(ofValue: name(c)) == nil && !ColumnNames.saysDuration(name(c))
        }
        let present = { (c: Int) in self.sample.column(c).map(ByteText.trimmed).filter { !$0.isEmpty } }
        let colon = candidates.filter { c in
            let values = present(c)
            return !values.isEmpty && values.allSatisfy(ClockTime.isColonClock)
        }
        if let c = colon.first(where: { name($0).lowercased().contains("time") }) ?? colon.first { return (c, .clock) }
        let dates = sample.column(dateColumn).map(ByteText.trimmed)
        let dated = dates.filter { !$0.isEmpty }
        guard Set(dated.map(Array.init)).count < dated.count else { return nil }
        for c in 0..<columnCount where c != dateColumn {
            if let form = hourForm(c) { return (c, form) }
        }
        return candidates.first { c in
            let clocks = present(c).map(ClockTime.hhmm)
            guard !clocks.isEmpty, clocks.allSatisfy({ $0 != nil }) else { return false }
            if ColumnNames.saysClock(name(c)) { return true }
            // Unnamed, beside the date: a clock reaches past its first hour (a quantity of 1 to 9
            // beside each date is not 00:01 to 00:09).
            return c == dateColumn + 1 && Set(clocks.map { $0!.hour }).count > 1
        }.map { ($0, .clock) }
    }

    /// How column `c` numbers whole hours, when its name says it holds them
    /// (`hour`, `HourEnding`, `HE`) and its sample does: nil otherwise.
    private func hourForm(_ c: Int) -> ClockTime.Form? {
        guard ColumnNames.saysHour(name(c)) else { return nil }
        return ClockTime.hourForm(sample.column(c).map(ByteText.trimmed).filter { !$0.isEmpty }, endingByName: ColumnNames.saysHourEnding(name(c)))
    }

    private func joinClock(_ c: Int, _ f: TimeFormat) -> RowPlan.Time {
        clockColumn(for: c, f).map { .joined(c, $0.0, $0.1) } ?? .column(c)
    }

    private func joinedFormat(_ c: Int, _ f: TimeFormat) -> TimeFormat {
        guard let (t, form) = clockColumn(for: c, f),
              case .format(let joined, _) = outcome(.joined(c, t, form), allowAnyEpoch: false) else { return f }
        return joined
    }
}

extension TimeFormat {
    /// A format whose sample had dates without a time of day.
    var isDateOnly: Bool {
        switch self {
        case .iso(let d), .numeric(_, let d): !d.contains("HH")
        case .textual(let d): !d.contains("H:")
        default: false
        }
    }
}
