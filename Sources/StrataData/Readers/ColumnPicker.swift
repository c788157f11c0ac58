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

    static let preferredTimeNames = ["time", "date", "timestamp", "datetime", "ts"]

    var columnCount: Int { max(names.count, sample.maxColumns) }

    func name(_ c: Int) -> String { c < names.count && !names[c].isEmpty ? names[c] : "column \(c + 1)" }

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

    func plan() throws(ReadError) -> (RowPlan, [String]) {
        var notes: [String] = []
        let series = try options.seriesColumn.map { spec throws(ReadError) in try resolve(spec, option: "--series") }
        var value: Int?
        if !options.countOnly, let spec = options.valueColumn { value = try resolve(spec, option: "--value") }

        // The time.
        var time: RowPlan.Time
        var format: TimeFormat
        if let spec = options.timeColumn {
            if let c = try? resolve(spec, option: "--time") {
                time = .column(c)
            } else if spec.contains("+") {
                let parts = spec.split(separator: "+", maxSplits: 1).map(String.init)
                time = .joined(try resolve(parts[0], option: "--time"), try resolve(parts[1], option: "--time"))
            } else {
                time = .column(try resolve(spec, option: "--time"))
            }
            format = try detectFormat(time, explicit: true)
        } else {
            (time, format) = try autoTime(excluding: [value, series].compactMap { $0 })
        }
        let timeName: String
        switch time {
        case .column(let c): timeName = name(c)
        case .joined(let a, let b): timeName = "\(name(a))+\(name(b))"
        }
        switch time {
        case .column(let c): notes.append("time: \(label(c)), format \(format.description)")
        case .joined(let a, let b): notes.append("time: \(label(a)) and \(label(b)) joined, format \(format.description)")
        }

        // The value: the first other numeric column.
        if !options.countOnly && options.valueColumn == nil {
            let used: Set<Int> = {
                switch time {
                case .column(let c): Set([c] + (series.map { [$0] } ?? []))
                case .joined(let a, let b): Set([a, b] + (series.map { [$0] } ?? []))
                }
            }()
            value = (0..<columnCount).first { !used.contains($0) && isNumeric(sample.column($0)) }
        }
        if let value {
            notes.append("value: \(label(value))")
        } else {
            notes.append("value: none, counting rows")
        }
        if let series { notes.append("series: \(label(series))") }
        let plan = RowPlan(time: time, format: format, timeName: timeName, value: value,
                           valueName: value.map(name) ?? LoadResult.countedRows, series: series, seriesName: series.map(name) ?? "")
        return (plan, notes)
    }

    /// More than half of the non-empty values are finite numbers.
    func isNumeric(_ values: [Field]) -> Bool {
        let present = values.filter { !ByteText.trimmed($0).isEmpty }
        guard !present.isEmpty else { return false }
        return present.count { ValueParser.parse($0) != nil } * 2 > present.count
    }

    /// The values of a time source in the sample (joined ones are built).
    private func values(_ time: RowPlan.Time) -> (Sample, Int) {
        switch time {
        case .column(let c):
            return (sample, c)
        case .joined(let a, let b):
            let joined = Sample()
            for r in 0..<sample.count {
                joined.append([Array(ByteText.trimmed(sample.value(r, a))) + [ByteText.space] + Array(ByteText.trimmed(sample.value(r, b)))])
            }
            return (joined, 0)
        }
    }

    private func outcome(_ time: RowPlan.Time, allowAnyEpoch: Bool, majority: Bool = true) -> TimeFormatDetector.Outcome {
        let (s, c) = values(time)
        let column = s.column(c)
        if let pattern {
            let present = column.filter { !ByteText.trimmed($0).isEmpty }
            let parsed = present.count { pattern.parse(ByteText.trimmed($0)) != nil }
            return parsed > 0 && (parsed * 2 > present.count || !majority) ? .format(.pattern(pattern), parsed: parsed) : .none
        }
        return TimeFormatDetector.detect(column, allowAnyEpoch: allowAnyEpoch, majority: majority)
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
        case .column(let c), .joined(let c, _): c
        }
    }

    /// The format of a column the user named as the time.
    private func detectFormat(_ time: RowPlan.Time, explicit: Bool) throws(ReadError) -> TimeFormat {
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
    /// column with dates written as text, then plausible epoch numbers.
    private func autoTime(excluding used: [Int]) throws(ReadError) -> (RowPlan.Time, TimeFormat) {
        let candidates = (0..<columnCount).filter { !used.contains($0) }
        let lower = candidates.map { name($0).lowercased() }
        var order: [(Int, Bool)] = []   // (column, named like a time)
        for preferred in Self.preferredTimeNames {
            for (k, c) in candidates.enumerated() where lower[k] == preferred { order.append((c, true)) }
        }
        for (k, c) in candidates.enumerated() where !order.contains(where: { $0.0 == c }) && Self.looksLikeTimeName(lower[k]) {
            order.append((c, true))
        }
        for (c, _) in order {
            if let f = try format(of: outcome(.column(c), allowAnyEpoch: true), .column(c)) {
                return (joinClock(c, f), joinedFormat(c, f))
            }
        }
        // Text dates before epoch numbers, in column order.
        var epochColumn: (Int, TimeFormat)?
        for c in candidates where !order.contains(where: { $0.0 == c }) {
            guard let f = try format(of: outcome(.column(c), allowAnyEpoch: false), .column(c)) else { continue }
            if case .epoch = f {
                if epochColumn == nil { epochColumn = (c, f) }
                continue
            }
            return (joinClock(c, f), joinedFormat(c, f))
        }
        if let (c, f) = epochColumn { return (.column(c), f) }
        let list = names.isEmpty ? "" : " (\(noun)s: \(names.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")))"
        throw .noTimeColumn(file: file, detail: "no \(noun) holds times strata can read\(list); name one with --time (and --time-format)")
    }

    static func looksLikeTimeName(_ n: String) -> Bool {
        n.contains("time") || n.contains("date") || n.hasSuffix("_at") || n.hasSuffix(" at") || n == "when" || n == "day"
            || n.hasSuffix("_ts") || n == "@timestamp"
    }

    /// A date-only column next to a `time` column of clock times: join them.
    private func clockColumn(for dateColumn: Int, _ f: TimeFormat) -> Int? {
        guard pattern == nil, f.isDateOnly else { return nil }
        return (0..<columnCount).first { c in
            c != dateColumn && name(c).lowercased().contains("time")
                && sample.column(c).allSatisfy { v in
                    let t = ByteText.trimmed(v)
                    var shape = TimeShape(), style = TextualDate.Style()
                    return !t.isEmpty && TextualDate.clock(t, 0, shape: &shape, style: &style).map { $0.1 == t.count } ?? false
                }
        }
    }

    private func joinClock(_ c: Int, _ f: TimeFormat) -> RowPlan.Time {
        clockColumn(for: c, f).map { .joined(c, $0) } ?? .column(c)
    }

    private func joinedFormat(_ c: Int, _ f: TimeFormat) -> TimeFormat {
        guard let t = clockColumn(for: c, f),
              case .format(let joined, _) = outcome(.joined(c, t), allowAnyEpoch: false) else { return f }
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
