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
    /// Empty when counting rows.
    var valueColumns: [String]
    var seriesColumn: String?
    var calendar: CalendarSystem
    var levels: [Level]
    var profile: SampleProfile
    /// The first and last time in the relation, when it has rows.
    var span: ClosedRange<Int64>?
    var notes: [String]

    /// The names of the values as `SourceDescription.valueNames` has them.
    var valueNames: [String] { valueColumns.isEmpty ? [LoadResult.countedRows] : valueColumns }

    /// The base unit the levels (and `--level`) need, within `budget` bytes
    /// (`BucketBudget`: coarser when they would not fit; a page's finer bars are then a range query).
    func baseUnit(startLevel: Level?, budget: Int64?) -> TimeUnit {
        BucketBudget.baseUnit(for: levels + (startLevel.map { [$0] } ?? []), budget: budget, span: span, gap: profile.typicalGap,
                              columns: valueNames.count)
    }

    /// Type OIDs (`pg_type.oid`, fixed since PostgreSQL 7).
    private enum TypeID {
        static let times: [UInt32: TimeKind] = [1184: .instant, 1114: .naive, 1082: .date]
        /// int2, int4, int8, float4, float8, numeric, money is not one (it is text with a currency).
        static let numbers: Set<UInt32> = [21, 23, 20, 700, 701, 1700]
        /// text, varchar, bpchar, name, and `"char"`.
        static let texts: Set<UInt32> = [25, 1043, 1042, 19, 18]
    }

    /// Rows sampled for the spacing and the series: the first ones by time.
    static let sampleRows = 1000

    /// Picks from the catalog (a query's result columns) and a sample of the first rows by time.
    static func make(_ connection: PostgresConnection, _ relation: PostgresRelation, name: String,
                     options: ReadOptions, setup: LoadSetup) throws(ReadError) -> PostgresPlan {
        let header = try connection.query("SELECT * FROM \(relation.fromItem) LIMIT 0")
        let columns = (0..<header.columnCount).map { (name: header.name($0), type: header.type($0)) }
        let names = columns.map(\.name)
        func find(_ spec: String, option: String) throws(ReadError) -> Int {
            if let exact = names.firstIndex(of: spec) ?? names.firstIndex(where: { $0.lowercased() == spec.lowercased() }) {
                return exact
            }
            if let index = Int(spec) {
                guard index >= 1 && index <= names.count else {
                    throw .columnOutOfRange(file: name, option: option, index: index, count: names.count)
                }
                return index - 1
            }
            throw .unknownColumn(file: name, option: option, column: spec, available: names)
        }
        var notes: [String] = []

        // The time.
        let time: Int
        if let spec = options.timeColumn {
            time = try find(spec, option: "--time")
            guard TypeID.times[columns[time].type] != nil else {
                throw .badQuery(source: name, reason: "--time \"\(names[time])\": not a timestamp, timestamptz or date column")
            }
        } else {
            guard let first = columns.firstIndex(where: { TypeID.times[$0.type] != nil }) else {
                throw .noTimeColumn(file: name, detail: "no timestamp, timestamptz or date column (columns: \(names.map { "\"\($0)\"" }.joined(separator: ", ")))")
            }
            time = first
        }
        let timeKind = TypeID.times[columns[time].type]!
        notes.append("time: column \"\(names[time])\", \(timeKind == .instant ? "timestamptz" : timeKind == .naive ? "timestamp" : "date")")

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
        let statements = PostgresStatements(plan: plan, relation: relation, fallback: false)

        // A sample of the first rows by time, with every text column, for the series and the spacing.
        let texts = columns.indices.filter { $0 != time && TypeID.texts.contains(columns[$0].type) }
        let sample = try connection.query(statements.sample(columns: texts.map { names[$0] }, limit: sampleRows))
        let times = (0..<sample.rowCount).map { sample.double($0, 0).map { Int64($0.rounded(.down)) } }
        func keys(_ k: Int) -> [String] { (0..<sample.rowCount).map { sample.text($0, k + 1) ?? "" } }

        // The series.
        var series: Int?
        if let spec = options.seriesColumn, spec.lowercased() != "none" {
            series = try find(spec, option: "--series")
        } else if options.seriesColumn == nil {
            series = texts.indices.first { isSeries(keys($0), times: times) }.map { texts[$0] }
        }
        let seriesKeys = series.map { s in texts.firstIndex(of: s).map(keys) ?? [] }
        plan.profile = SampleProfile(times: times, offsets: times.map { _ in nil }, seriesKeys: seriesKeys?.isEmpty == false ? seriesKeys : nil)

        // The values.
        let used = Set([time] + (series.map { [$0] } ?? []))
        let numeric = columns.indices.filter { !used.contains($0) && TypeID.numbers.contains(columns[$0].type) }
        let candidates = numeric.filter { Aggregate.refusal(forValueNamed: names[$0]) == nil }
        var value: Int?
        if let spec = options.valueColumn {
            value = try find(spec, option: "--value")
            guard TypeID.numbers.contains(columns[value!].type) else {
                throw .badQuery(source: name, reason: "--value \"\(names[value!])\": not a numeric column")
            }
        } else if !options.countOnly, let first = candidates.first {
            if plan.profile.looksLikeEvents {
                notes.append("value: none, counting rows (rows look like events: times repeat or come irregularly; --value \(names[first]) sums a column)")
            } else {
                value = first
            }
        }
        if let value {
            notes.append("value: column \"\(names[value])\"")
        } else if !notes.contains(where: { $0.hasPrefix("value:") }) {
            let passed = numeric.first.flatMap { c in Aggregate.refusal(forValueNamed: names[c]).map { "\"\(names[c])\" \($0); --value \(names[c]) sums it" } }
            notes.append("value: none, counting rows" + (options.countOnly ? "" : passed.map { " (\($0))" } ?? ""))
        }
        if let series {
            notes.append("series: column \"\(names[series])\"\(options.seriesColumn == nil ? " (each time has one row per \(names[series]); --series none turns this off)" : "")")
        }
        let others = candidates.filter { $0 != value }
        if !others.isEmpty { notes.append("other values: \(others.map { "\"\(names[$0])\"" }.joined(separator: ", "))") }
        plan.valueColumns = value.map { [names[$0]] + others.map { names[$0] } } ?? []
        plan.seriesColumn = series.map { names[$0] }
        plan.profile.aggregate = value.map { Aggregate.suggested(forValueNamed: names[$0]) } ?? .count

        // The levels: from the sample's spacing and the whole span.
        let span = try connection.query(statements.span())
        if let first = span.double(0, 0), let last = span.double(0, 1) {
            plan.span = Int64(first.rounded(.down))...max(Int64(first.rounded(.down)), Int64(last.rounded(.down)))
        }
        if let levels = setup.levels {
            plan.levels = levels
        } else {
            let finest = LevelPicker.finest(forGap: plan.profile.typicalGap)
            if let span = plan.span {
                plan.levels = LevelPicker.levels(from: finest, first: span.lowerBound, last: span.upperBound, calendar: calendar)
            } else {
                plan.levels = Level.defaultSet
            }
            let gap = plan.profile.typicalGap.map { " (times about \(LevelPicker.describe($0)) apart; --levels overrides)" } ?? ""
            notes.append("levels: \(plan.levels.map(\.rawValue).joined(separator: ","))\(gap)")
        }
        if let start = setup.startLevel, !plan.levels.contains(start) {
            plan.levels = (plan.levels + [start]).sorted()
            notes.append("levels: \(start.rawValue) added for --level")
        }
        plan.notes = notes
        return plan
    }

    /// A series column, as a file's sample tells one (`SeriesRule`), of the rows sampled in time order.
    private static func isSeries(_ keys: [String], times: [Int64?]) -> Bool {
        let timed = keys.indices.filter { times[$0] != nil }
        guard timed.count >= 4 else { return false }
        return SeriesRule.sharesTimes(keys: timed.map { keys[$0] }, times: timed.map { times[$0]! }) == true
    }
}
