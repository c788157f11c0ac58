import Foundation
import StrataData

/// Interval rows (`--end`, `--duration`, or picked as files pick them, by
/// `IntervalRule`): where each ends, and which text labels its block.
extension PostgresPlan {
    /// Where each row's interval ends.
    enum End: Equatable {
        /// A time column, read as the time column is.
        case time(String, TimeKind)
        /// A length after the start: an `interval`, or a number of seconds.
        case duration(String, isInterval: Bool)

        var column: String {
            switch self {
            case .time(let name, _), .duration(let name, _): name
            }
        }
    }

    /// What the end note adds for a `date` end: each date is its whole day,
    /// ending where the next begins, as a file's dates alone are.
    static func wholeDays(_ kind: TimeKind) -> String { kind == .date ? ", to the end of each day" : "" }

    /// `--end` or `--duration`, else the first column named like an end
    /// (a time) or a duration (an `interval` or a number), with the note
    /// that says so; nil when the rows are instants (`--end none` says they are).
    static func namedEnd(_ columns: PostgresColumns, options: ReadOptions,
                         excluding used: [Int]) throws(ReadError) -> (column: Int, end: End, note: String)? {
        if options.endsNone { return nil }
        let names = columns.names
        if let spec = options.endColumn {
            let c = try columns.findTime(spec, option: "--end")
            return (c, .time(names[c], columns.timeKind(c)!), "end: column \"\(names[c])\", \(PostgresColumns.describe(columns.timeKind(c)!))"
                        + wholeDays(columns.timeKind(c)!))
        }
        if let spec = options.durationColumn {
            let c = try columns.find(spec, option: "--duration")
            guard columns.isInterval(c) || columns.isNumber(c) else {
                throw .badQuery(source: columns.source, reason: "--duration \"\(names[c])\": not an interval or numeric column")
            }
            return (c, .duration(names[c], isInterval: columns.isInterval(c)), "duration: column \"\(names[c])\" (\(Self.describeDuration(columns, c)))")
        }
        for c in columns.indices where !used.contains(c) {
            let lower = names[c].lowercased()
            if IntervalRule.endNames.contains(lower), let kind = columns.timeKind(c) {
                return (c, .time(names[c], kind), "end: column \"\(names[c])\", \(PostgresColumns.describe(kind))\(wholeDays(kind)) "
                        + "(rows are intervals; --end or --duration picks another)")
            }
            if IntervalRule.durationNames.contains(lower), columns.isInterval(c) || columns.isNumber(c) {
                return (c, .duration(names[c], isInterval: columns.isInterval(c)),
                        "duration: column \"\(names[c])\" (\(Self.describeDuration(columns, c)); rows are intervals; --end or --duration picks another)")
            }
        }
        return nil
    }

    private static func describeDuration(_ columns: PostgresColumns, _ c: Int) -> String {
        columns.isInterval(c) ? "an interval" : "seconds"
    }

    /// A second time column that ends what the time column starts, as
    /// files pick one (`IntervalRule.pairedLength`), with its typical
    /// length; not looked for when a flag says what the rows are (`--value`
    /// picks a value of the intervals, and keeps them).
    static func pairedEnd(_ columns: PostgresColumns, options: ReadOptions, time: Int, sample: PostgresSample,
                          candidates: [Int]) -> (column: Int, typical: Int64)? {
        guard !options.endsNone, options.endColumn == nil, options.durationColumn == nil, !options.countOnly else { return nil }
        for c in candidates where c != time {
            if let typical = IntervalRule.pairedLength(starts: sample.times, ends: sample.instants(columns.names[c])) { return (c, typical) }
        }
        return nil
    }

    /// `--label`, or the first text column not otherwise used that has some text in the sample.
    static func intervalLabel(_ columns: PostgresColumns, options: ReadOptions, texts: [Int], excluding used: [Int],
                              sample: PostgresSample) throws(ReadError) -> Int? {
        if let spec = options.labelColumn { return try columns.find(spec, option: "--label") }
        return texts.indices.first { k in
            !used.contains(texts[k]) && sample.texts(k).contains { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }.map { texts[$0] }
    }
}
