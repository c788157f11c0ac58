import Foundation

public enum ExportFormat: String, CaseIterable, Sendable {
    case csv, json
}

/// `--export csv|json`: one row per period of each level, from the first
/// to the last period with data (empty ones with count 0), with the
/// columns `level,period,start,end,count,sum,min,max,mean` and, when the
/// data has series, a `series` column first and each series' own rows.
/// A sum past the largest double is infinite: CSV writes `inf` (as
/// spreadsheets and `float()` read it), JSON `null` (JSON has no infinity).
/// A level of more than `allPeriodsLimit` periods (hours over centuries)
/// writes only its periods with rows, and says so. A percentile asked for
/// (`--agg p99`, or p50, p90, p95 and p99 with `--percentiles`) is one more
/// column after `mean`, named after it (`ExportSketches` gives each period's).
public enum Exporter {
    static let columns = ["level", "period", "start", "end", "count", "sum", "min", "max", "mean"]
    /// Periods a level's export writes empty ones among: a million hours is 114 years.
    public static let allPeriodsLimit = 1_000_000

    /// The export as one string (CSV ends with a newline; JSON is an array,
    /// one object per line).
    public static func export(_ dataset: Dataset, format: ExportFormat, levels: [Level], percentiles: [Aggregate] = []) -> String {
        var out = ""
        _ = write(dataset, format: format, levels: levels, percentiles: percentiles, to: &out)
        return out
    }

    public static func csv(_ dataset: Dataset, levels: [Level]) -> String {
        export(dataset, format: .csv, levels: levels)
    }

    public static func json(_ dataset: Dataset, levels: [Level]) -> String {
        export(dataset, format: .json, levels: levels)
    }

    /// What an export wrote besides its rows: how many, and the notes for
    /// stderr (a level whose empty periods were left out, percentiles a pipe cannot give).
    public struct Written: Equatable, Sendable {
        /// Rows after the header: a period of a level, or of a series in it.
        public var rows = 0
        public var notes: [String] = []
    }

    /// Streams the export, row by row, to `out` (e.g. standard output).
    @discardableResult
    public static func write<Out: TextOutputStream>(_ dataset: Dataset, format: ExportFormat, levels: [Level], percentiles: [Aggregate] = [],
                                                    to out: inout Out) -> Written {
        var written = Written()
        // Series 0 is all of them together; with named series, export those instead.
        let seriesIndexes = dataset.series.count > 1 ? Array(1..<dataset.series.count) : [0]
        let withSeries = dataset.series.count > 1
        let keys = (withSeries ? ["series"] : []) + columns + percentiles.map(\.rawValue)
        var sketches = ExportSketches(dataset: dataset, percentiles: percentiles)
        var readBack = ExportReadBack(dataset: dataset)
        var first = true
        switch format {
        case .csv: out.write(keys.joined(separator: ",") + "\n")
        case .json: out.write("[")
        }
        for level in levels where dataset.levels.contains(level) {
            let sparse = dataset.count(level) > allPeriodsLimit
            if sparse {
                written.notes.append("export: the \(level.rawValue) level spans \(dataset.count(level)) periods; only those with rows are written "
                             + "(past \(allPeriodsLimit) periods, empty ones are left out)")
            }
            for s in seriesIndexes {
                var next: Int? = 0
                while let index = next, index < dataset.count(level) {
                    next = sparse ? dataset.index(level, withDataFrom: index, forward: true, series: s) : index + 1
                    let ordinal = dataset.ordinal(level, index: index)
                    let read = dataset.keepsPeriods(of: level, series: s) ? dataset.stats(level, index: index, series: s)
                        : readBack.stats(level, index: index, series: s)
                    let stats = read ?? Stats()
                    // A sparse level writes periods with rows: a series' not kept steps by every series' with rows.
                    if sparse && read?.isEmpty == true { continue }
                    let (from, to) = (dataset.calendar.start(of: level.unit, ordinal: ordinal), dataset.calendar.end(of: level.unit, ordinal: ordinal))
                    let start = dataset.calendar.localTime(at: from)
                    let end = dataset.calendar.localTime(at: to)
                    var cells: [Cell] = []
                    if withSeries { cells.append(.text(dataset.series[s].name)) }
                    cells += [.text(level.rawValue), .text(dataset.calendar.periodID(level, ordinal: ordinal)),
                              .text(start.isoString), .text(end.isoString), .number(Double(stats.count))]
                    if read == nil {
                        cells[cells.count - 1] = .empty
                        cells += [.empty, .empty, .empty, .empty]
                    } else if stats.isEmpty {
                        cells += [.empty, .empty, .empty, .empty]
                    } else {
                        cells += [.number(stats.sum), .number(stats.min), .number(stats.max), .number(stats.mean!)]
                    }
                    if !percentiles.isEmpty {
                        let sketch = sketches.sketch(level, from: from, to: to, series: s, stats: stats)
                        cells += percentiles.map { stats.value($0, sketch: sketch).map(Cell.number) ?? .empty }
                    }
                    switch format {
                    case .csv:
                        out.write(cells.map(\.csv).joined(separator: ",") + "\n")
                    case .json:
                        let fields = zip(keys, cells).map { "\(jsonString($0)):\($1.json)" }
                        out.write((first ? "\n" : ",\n") + "{" + fields.joined(separator: ",") + "}")
                    }
                    first = false
                    written.rows += 1
                }
            }
        }
        if format == .json { out.write(first ? "]\n" : "\n]\n") }
        readBack.close()
        written.notes += readBack.notes + sketches.notes
        return written
    }

    enum Cell {
        case text(String), number(Double), empty

        var csv: String {
            switch self {
            case .text(let s): csvField(s)
            case .number(let v): formatNumber(v)
            case .empty: ""
            }
        }

        var json: String {
            switch self {
            case .text(let s): jsonString(s)
            case .number(let v): v.isFinite ? formatNumber(v) : "null"
            case .empty: "null"
            }
        }
    }

    /// Plain numbers: integers exactly (`1234`), others with 15 significant
    /// digits (enough to hide the noise of summing decimals, as in
    /// 0.1 + 0.2) and no exponent unless the magnitude is extreme.
    public static func formatNumber(_ v: Double) -> String {
        if v == 0 { return "0" }
        if !v.isFinite { return v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf") }
        if v == v.rounded(), abs(v) < 1e18 { return String(Int64(v)) }
        let magnitude = abs(v)
        guard magnitude >= 1e-6, magnitude < 1e15 else { return String(format: "%.15g", v) }
        let exponent = Int(floor(log10(magnitude)))
        var s = String(format: "%.\(max(0, 14 - exponent))f", v)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// RFC 4180: quoted when it holds a comma, a quote or a line break.
    /// Control characters from the data (an escape sequence in a series
    /// name) are written as their visible pictures (`␛`), never raw, so a
    /// terminal showing the export cannot be driven by it.
    static func csvField(_ raw: String) -> String {
        let s = visible(raw)
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// C0 controls but tab and line breaks as U+2400's pictures, DEL as `␡`, C1 controls as `�`.
    static func visible(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: out.append(scalar)
            case 0x00..<0x20: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out.append("\u{2421}")
            case 0x80..<0xA0: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value)) || (0x7F..<0xA0).contains(scalar.value)
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u" + String(scalar.value, radix: 16).leftPadded(4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
