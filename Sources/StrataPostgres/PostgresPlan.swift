import Foundation
import StrataData

/// What strata picked from a table's or query's columns, as a file's
/// reader picks from its sample: the time (a `timestamptz`, `timestamp` or
/// `date`), the values (numeric types, not ids or codes by name), the
/// series (text with few distinct values, each time having one row per
/// value), the zone and the levels; with the notes that say each pick.
struct PostgresPlan {
    /// How the time column's values become instants.
    enum TimeKind {
        /// `timestamptz`: already instants.
        case instant
        /// `timestamp`: local times in the zone.
        case naive
        /// `date`: local midnights in the zone.
        case date
    }

    var timeColumn: String
    var timeKind: TimeKind
    /// Empty when counting rows; for intervals, those beside the duration.
    var valueColumns: [String]
    /// The value columns of type `real` (float4), widened to float8 row by row.
    var realColumns: Set<String> = []
    var seriesColumn: String?
    var calendar: CalendarSystem
    var levels: [Level]
    var profile: SampleProfile
    /// The first and last time in the relation (for intervals, the first start and the last end), when it has rows.
    var span: ClosedRange<Int64>?
    var notes: [String]
    /// Where each row's interval ends; nil when the rows are instants.
    var end: End? = nil
    /// The text the timeline writes in an interval's block (`--label`, or picked).
    var labelColumn: String? = nil
    /// Interval rows: where the duration is among the values, the first unless `--value` named one (then the last).
    var durationColumn = 0
    /// Interval rows: how each value counts in the periods an interval overlaps, as `valueNames` orders them.
    var shares: [IntervalShare] = []
    /// `--where`: the rows every statement reads but the sample (picks are made from every row, as a file's are).
    var filter: PostgresFilter? = nil
    /// The columns a filter may name (by name or number, as a CSV's header), for the app's prompt.
    var filterFields = FilterFields()
    /// The columns that can split the rows into series (`g`): text with few
    /// names in the sample, or whole numbers with a dozen values at most (a status code).
    var breakdowns: [String] = []

    /// The names of the values as `SourceDescription.valueNames` has them.
    var valueNames: [String] {
        guard end == nil else {
            var names = valueColumns
            names.insert(ColumnNames.intervalDuration, at: durationColumn)
            return names
        }
        return valueColumns.isEmpty ? [ColumnNames.countedRows] : valueColumns
    }

    /// The base unit the levels (and `--level`) need, within `budget` bytes
    /// (`BucketBudget`: coarser when they would not fit; a page's finer bars
    /// are then a range query). Intervals' are their bars', each one filled
    /// over the span (two years of minutes, for an hour level, are a million:
    /// hours then, as a file's base is made coarser as it reads).
    func baseUnit(startLevel: Level?, budget: Int64?) -> TimeUnit {
        let needed = levels + (startLevel.map { [$0] } ?? [])
        guard end == nil else {
            return BucketBudget.baseUnit(for: needed, budget: budget, span: span, gap: nil, columns: valueNames.count,
                                         fine: Level.intervalBaseUnit(for: needed))
        }
        return BucketBudget.baseUnit(for: needed, budget: budget, span: span, gap: profile.typicalGap, columns: valueNames.count)
    }

    /// Rows sampled for the spacing and the series: the first ones by time.
    static let sampleRows = 1000

    /// Picks from the catalog (a query's result columns) and a sample of the first rows by time.
    static func make(_ connection: PostgresConnection, _ relation: PostgresRelation, name: String,
                     options: ReadOptions, setup: LoadSetup) throws(ReadError) -> PostgresPlan {
        let columns = PostgresColumns(try connection.query("SELECT * FROM \(relation.fromItem) LIMIT 0"), source: name)
        let names = columns.names
        var notes: [String] = []
        // `--where`'s names, checked before any statement uses them.
        let filter = try options.filter.map { (filter) throws(ReadError) in try PostgresFilter(filter, columns: columns) }

        // Where intervals end, when a flag or a column's name says (before the time: their start is the time).
        let flagged = [options.seriesColumn, options.valueColumn, options.timeColumn].compactMap { $0 }.compactMap { try? columns.find($0, option: "") }
        var end = try namedEnd(columns, options: options, excluding: flagged)

        // The time.
        let time: Int
        if let spec = options.timeColumn {
            time = try columns.findTime(spec, option: "--time")
        } else {
            guard let first = columns.indices.first(where: { columns.timeKind($0) != nil && $0 != end?.column }) else {
                throw .noTimeColumn(file: name, detail: "no timestamp, timestamptz or date column (columns: \(names.map { "\"\($0)\"" }.joined(separator: ", ")))")
            }
            time = first
        }
        let timeKind = columns.timeKind(time)!
        notes.append("time: column \"\(names[time])\", \(PostgresColumns.describe(timeKind))")

        // The zone: --tz, else the session's (what psql shows these times in).
        var zone = setup.zone ?? setup.fallbackZone
        if setup.zone == nil {
            let shown = try connection.query("SHOW TimeZone").text(0, 0) ?? ""
            if let rules = ZoneRules(named: shown) {
                zone = rules
                notes.append("zone: \(rules.displayName) (the session's TimeZone; --tz overrides)")
            } else {
                notes.append("zone: \(zone.displayName) (the session's TimeZone \"\(shown)\" is not one strata knows; --tz overrides)")
            }
        }
        let calendar = CalendarSystem(zone: zone, weekStart: setup.weekStart)
        var plan = PostgresPlan(timeColumn: names[time], timeKind: timeKind, valueColumns: [], seriesColumn: nil, calendar: calendar,
                                levels: [], profile: SampleProfile(times: [], offsets: []), notes: [])
        plan.end = end?.end
        plan.filter = filter

        // A sample of the first rows by time: every other time column (a
        // second one may end the intervals), a duration, and every text column.
        let otherTimes = columns.indices.filter { $0 != time && columns.timeKind($0) != nil }
        let texts = columns.indices.filter { $0 != time && columns.isText($0) }
        let wholes = columns.indices.filter { $0 != time && columns.isWhole($0) }
        let sample = try PostgresSample(connection, PostgresStatements(plan: plan, relation: relation, fallback: false),
                                        times: otherTimes.map { (names[$0], columns.timeKind($0)!) }, texts: (texts + wholes).map { names[$0] })
        let times = sample.times
        if end == nil, let (c, typical) = pairedEnd(columns, options: options, time: time, sample: sample, candidates: otherTimes) {
            let before = IntervalRule.endingBefore(starts: sample.times, ends: sample.instants(names[c]))
            let order = IntervalRule.pairedOrder(start: "\"\(names[time])\"", typical: typical, endingBefore: before)
            end = (c, .time(names[c], columns.timeKind(c)!),
                   "end: column \"\(names[c])\"\(wholeDays(columns.timeKind(c)!)) (\(order): rows are intervals; --end none counts the starts instead)")
        }
        func keys(_ c: Int) -> [String] { (texts + wholes).firstIndex(of: c).map { sample.texts($0) } ?? [] }
        plan.filterFields = FilterFields(names: names, numbered: true)
        plan.breakdowns = (texts + wholes).sorted().filter { Self.splits(keys($0), whole: columns.isWhole($0)) }.map { names[$0] }

        // The series.
        var series: Int?
        if let spec = options.seriesColumn, spec.lowercased() != "none" {
            series = try columns.find(spec, option: "--series")
        } else if options.seriesColumn == nil {
            if let end {
                let intervals = sample.intervals(end.end)
                series = IntervalRule.seriesColumn(among: texts.filter { $0 != end.column }, keys: keys, intervals: intervals)
            } else {
                series = texts.first { isSeries(keys($0), times: times) }
            }
        }
        let seriesKeys = series.map(keys)
        plan.profile = SampleProfile(times: times, offsets: times.map { _ in nil }, seriesKeys: seriesKeys?.isEmpty == false ? seriesKeys : nil)

        if let end {
            plan.end = end.end
            notes.append(end.note)
            plan.profile.typicalDuration = IntervalRule.typicalLength(sample.intervals(end.end))
            let label = try intervalLabel(columns, options: options, texts: texts, excluding: [time, end.column] + (series.map { [$0] } ?? []),
                                          sample: sample)
            plan.labelColumn = label.map { names[$0] }
            try pickIntervalValues(columns, options: options, excluding: [time, end.column] + [series, label].compactMap { $0 },
                                   plan: &plan, notes: &notes)
            if let series {
                notes.append("series: column \"\(names[series])\"\(options.seriesColumn == nil ? " (no two of its intervals overlap; --series none turns this off)" : "")")
            }
            if let label { notes.append("label: column \"\(names[label])\"\(options.labelColumn == nil ? " (--label picks another)" : "")") }
        } else {
            try pickValues(columns, options: options, excluding: [time] + (series.map { [$0] } ?? []), plan: &plan, notes: &notes)
            if let series {
                notes.append("series: column \"\(names[series])\"\(options.seriesColumn == nil ? " (each time has one row per \(names[series]); --series none turns this off)" : "")")
            }
            if plan.valueColumns.count > 1 { notes.append("other values: \(plan.valueColumns.dropFirst().map { "\"\($0)\"" }.joined(separator: ", "))") }
        }
        plan.seriesColumn = series.map { names[$0] }

        // The levels: from the sample's spacing (or the intervals' length) and the whole span.
        let spanStatements = PostgresStatements(plan: plan, relation: relation, fallback: false)
        let span = try connection.query(spanStatements.span())
        if let first = span.double(0, 0), let last = span.double(0, 1) {
            plan.span = Int64(first.rounded(.down))...max(Int64(first.rounded(.down)), Int64(last.rounded(.down)))
        }
        if let levels = setup.levels {
            plan.levels = levels
        } else {
            let finest = plan.profile.typicalDuration.map(LevelPicker.finest(forLength:)) ?? LevelPicker.finest(forGap: plan.profile.typicalGap)
            if let span = plan.span {
                plan.levels = LevelPicker.levels(from: finest, first: span.lowerBound, last: span.upperBound, calendar: calendar)
            } else {
                plan.levels = Level.defaultSet
            }
            notes.append(LevelPicker.note(plan.levels, gap: plan.profile.typicalGap, length: plan.profile.typicalDuration))
        }
        if let start = setup.startLevel, !plan.levels.contains(start) {
            plan.levels = (plan.levels + [start]).sorted()
            notes.append("levels: \(start.rawValue) added for --level")
        }
        plan.notes = notes
        return plan
    }

    /// Whether a column of `keys` (its sample, NULL empty) can split the rows,
    /// as a file's column can (`ColumnPicker.breakdownCandidates`): text with
    /// two names or more, each of two rows or more on average; whole numbers
    /// of 24 rows or more with two to twelve values.
    private static func splits(_ keys: [String], whole: Bool) -> Bool {
        let names = Set(keys).count
        guard whole else { return names >= 2 && names * 2 <= keys.count }
        let numbers = keys.filter { !$0.isEmpty }
        return numbers.count >= 24 && (2...12).contains(Set(numbers).count)
    }

    /// `--value`'s column, which must hold numbers.
    private static func namedValue(_ columns: PostgresColumns, options: ReadOptions) throws(ReadError) -> Int? {
        guard let spec = options.valueColumn else { return nil }
        let value = try columns.find(spec, option: "--value")
        guard columns.isNumber(value) else {
            throw .badQuery(source: columns.source, reason: "--value \"\(columns.names[value])\": not a numeric column")
        }
        return value
    }

    /// Interval rows' values, as a file's: `--value`'s first, else the
    /// duration; then every other number not an id or a code, and the
    /// duration last when `--value` named the first. Each is a level
    /// weighted by its intervals' time in a period or a quantity counted at
    /// their starts, by its name alone (the database has no sample of it).
    private static func pickIntervalValues(_ columns: PostgresColumns, options: ReadOptions, excluding used: [Int],
                                           plan: inout PostgresPlan, notes: inout [String]) throws(ReadError) {
        let names = columns.names
        let value = options.countOnly ? nil : try namedValue(columns, options: options)
        let others = columns.indices.filter { !used.contains($0) && $0 != value && columns.isNumber($0) && ColumnNames.refusal(ofValue: names[$0]) == nil }
        plan.valueColumns = ((value.map { [$0] } ?? []) + others).map { names[$0] }
        plan.durationColumn = value == nil ? 0 : plan.valueColumns.count
        let kinds = plan.valueColumns.map { ValueKind.byName($0) ?? ValueKind(aggregate: .sum, reason: "") }
        plan.shares = kinds.map { IntervalShare(kind: $0.aggregate) }
        plan.shares.insert(.overlap, at: plan.durationColumn)
        if let value {
            notes.append(IntervalRule.valueNote("column \"\(names[value])\"", share: plan.shares[0]))
            (plan.profile.aggregate, plan.profile.aggregateReason) = (kinds[0].aggregate, kinds[0].reason)
        } else {
            notes.append("value: the time each interval spends in a bar, in seconds")
            plan.profile.aggregate = .sum
        }
        if plan.valueNames.count > 1 { notes.append(IntervalRule.otherValuesNote(Array(plan.valueNames.dropFirst()), shares: Array(plan.shares.dropFirst()))) }
    }

    /// The value column and the others (numbers, not ids or codes by name),
    /// or none when counting rows, with the notes that say so.
    private static func pickValues(_ columns: PostgresColumns, options: ReadOptions, excluding used: [Int],
                                   plan: inout PostgresPlan, notes: inout [String]) throws(ReadError) {
        let names = columns.names
        let numeric = columns.indices.filter { !used.contains($0) && columns.isNumber($0) }
        let candidates = numeric.filter { ColumnNames.refusal(ofValue: names[$0]) == nil }
        var value = try namedValue(columns, options: options)
        if value == nil, !options.countOnly, let first = candidates.first {
            if !plan.profile.looksLikeEvents {
                value = first
            } else if options.asksValues {
                // A mean or a percentile of counted rows is 1: it is asked of a time taken (latency) before an amount.
                value = candidates.first { ValueKind.describesEachRow(names[$0]) } ?? first
            } else {
                notes.append("value: none, counting rows (rows look like events: times repeat or come irregularly; --value \(ShellWord.quoted(names[first])) sums a column)")
            }
        }
        if let value {
            notes.append("value: column \"\(names[value])\"")
        } else if !notes.contains(where: { $0.hasPrefix("value:") }) {
            let passed = numeric.first.flatMap { c in ColumnNames.refusal(ofValue: names[c]).map { "\"\(names[c])\" \($0); --value \(ShellWord.quoted(names[c])) sums it" } }
            notes.append("value: none, counting rows" + (options.countOnly ? "" : passed.map { " (\($0))" } ?? ""))
        }
        let others = candidates.filter { $0 != value }
        plan.valueColumns = value.map { [names[$0]] + others.map { names[$0] } } ?? []
        plan.realColumns = Set(((value.map { [$0] } ?? []) + others).filter(columns.isReal).map { names[$0] })
        let kind = value.map { ValueKind.byName(names[$0]) ?? ValueKind(aggregate: .sum, reason: "") }
        plan.profile.aggregate = kind?.aggregate ?? .count
        plan.profile.aggregateReason = kind?.reason ?? ""
    }

    /// A series column, as a file's sample tells one (`SeriesRule`), of the rows sampled in time order,
    /// of any count of names: past the cap the load keeps the largest apart (`PostgresSource.coarse`).
    private static func isSeries(_ keys: [String], times: [Int64?]) -> Bool {
        let timed = keys.indices.filter { times[$0] != nil }
        guard timed.count >= 4 else { return false }
        return SeriesRule.sharesTimes(keys: timed.map { keys[$0] }, times: timed.map { times[$0]! }, most: .max) == true
    }
}
