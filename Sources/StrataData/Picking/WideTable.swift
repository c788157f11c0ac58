/// A table read wide: its times are column names (World Bank's `1960`,
/// `1961`…; Johns Hopkins' `1/22/20`…), one series a row. Every cell
/// under a time-named column is a row of its own: its time the column's
/// name, its series the row's identifying text, its value the cell.
struct WideTable: Sendable, Equatable {
    /// The columns named as times, in the order of the header, and their names.
    let timeColumns: [Int]
    let timeNames: [[UInt8]]
    let format: TimeFormat
    /// The text columns whose values, joined, name a row's series.
    let seriesColumns: [Int]
    let seriesName: String
    /// What the cells hold: a text column's one value (`Population, total`), else `value`.
    let valueName: String

    /// Joins the texts of several series columns (`New South Wales, Australia`).
    static let seriesJoint: [UInt8] = Array(", ".utf8)

    /// The wide reading of a table whose long reading found no time, or nil
    /// when the header does not name times: three or more names at its end
    /// (past a trailing empty one) that one format reads, in time order,
    /// and at least half of the names. `series`: the columns `--series` named.
    static func detect(names: [String], sample: Sample, series: [Int]?, pattern: StrftimePattern?, now: Int64, years: SyslogYears) -> WideTable? {
        let fields = names.map(trimmed)
        var end = fields.count
        while end > 0 && fields[end - 1].isEmpty { end -= 1 }
        // The longest run of names at the end that reads as times of one format.
        for start in 0..<max(0, end - 2) where fields[start..<end].allSatisfy({ !$0.isEmpty }) && (end - start) * 2 >= end {
            let run = Sample()
            for name in fields[start..<end] { run.append([name]) }
            guard let format = format(of: run.column(0), pattern: pattern, now: now) else { continue }
            var parser = TimeParser(format: format, zone: .utc, years: years)
            let times = run.column(0).map { parser.parse($0) }
            guard times.allSatisfy({ $0 != nil }) else { continue }
            let steps = zip(times.dropFirst(), times).map { $0.0! - $0.1! }
            guard steps.allSatisfy({ $0 > 0 }) || steps.allSatisfy({ $0 < 0 }) else { continue }
            return table(names: names, timeColumns: Array(start..<end), format: format, sample: sample, series: series)
        }
        return nil
    }

    /// Day-first and month-first dates with two-digit years (`1/22/20`, as
    /// Johns Hopkins writes them), which no column is read as unasked:
    /// a header of them in time order is evidence enough.
    static let twoDigitYearDates = ["%m/%d/%y", "%d/%m/%y"]

    /// The one format that reads every name: `--time-format`'s, else the
    /// detector's, else a date with a two-digit year.
    private static func format(of names: [Field], pattern: StrftimePattern?, now: Int64) -> TimeFormat? {
        if let pattern { return names.allSatisfy { pattern.parse($0) != nil } ? .pattern(pattern) : nil }
        if case .format(let format, let parsed) = TimeFormatDetector.detect(names, allowAnyEpoch: false), parsed == names.count { return format }
        for text in twoDigitYearDates {
            var pattern = try! StrftimePattern(text)
            pattern.latestTwoDigitYear = CivilDate(dayNumber: Int(floorDiv64(now, 86_400))).year
            if names.allSatisfy({ pattern.parse($0) != nil }) { return .pattern(pattern) }
        }
        return nil
    }

    private static func table(names: [String], timeColumns: [Int], format: TimeFormat, sample: Sample, series: [Int]?) -> WideTable {
        var identifying: [Int] = [], constant: [String] = []
        for c in 0..<(timeColumns.first ?? 0) {
            let texts = (0..<sample.count).map { c < sample.fieldCount($0) ? ByteText.trimmed(sample.value($0, c)) : Field(start: nil, count: 0) }
            let present = texts.filter { !$0.isEmpty }
            // Numbers beside the times (Lat, Long) are neither values nor names.
            guard !present.isEmpty, present.contains(where: { ValueParser.parse($0) == nil }) else { continue }
            let distinct = Set(present.map { Array($0) })
            if distinct.count == 1 && present.count == texts.count {
                constant.append(String(decoding: present[0], as: UTF8.self))
            } else {
                identifying.append(c)
            }
        }
        // One column alone when its values tell every row apart (`Country Name`), else all joined.
        let unique = identifying.first { c in
            let keys = (0..<sample.count).map { c < sample.fieldCount($0) ? sample.text($0, c) : "" }
            return !keys.contains("") && Set(keys).count == keys.count
        }
        let seriesColumns = series ?? unique.map { [$0] } ?? identifying
        return WideTable(timeColumns: timeColumns, timeNames: timeColumns.map { trimmed(names[$0]) },
                         format: format, seriesColumns: seriesColumns,
                         seriesName: seriesColumns.map { names[$0] }.joined(separator: "+"),
                         valueName: constant.first ?? "value")
    }

    /// Read with no series (`--series none`).
    var withoutSeries: WideTable {
        WideTable(timeColumns: timeColumns, timeNames: timeNames, format: format, seriesColumns: [], seriesName: "", valueName: valueName)
    }

    private static func trimmed(_ name: String) -> [UInt8] {
        Array(name.utf8).withUnsafeBufferPointer { Array(ByteText.trimmed($0)) }
    }

    /// A row's series: its series columns' texts, the empty ones left out, joined.
    func seriesKey(_ field: (Int) -> Field?, into key: inout ByteBuffer) {
        key.removeAll()
        for c in seriesColumns {
            guard let text = field(c).map(ByteText.trimmed), !text.isEmpty else { continue }
            if key.count > 0 { Self.seriesJoint.withUnsafeBufferPointer { key.append($0) } }
            key.append(text)
        }
    }

    /// What is said on stderr: `shape: wide, 65 columns named as times (1960 … 2024), one series per row by "Country Name"`.
    var note: String {
        let first = String(decoding: timeNames.first ?? [], as: UTF8.self), last = String(decoding: timeNames.last ?? [], as: UTF8.self)
        let by = seriesColumns.isEmpty ? "no series" : "one series per row by \"\(seriesName)\""
        return "shape: wide, \(timeColumns.count) columns named as times (\(first) … \(last)), \(by)"
    }
}
