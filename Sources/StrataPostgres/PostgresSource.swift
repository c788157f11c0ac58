import Foundation
import StrataData

/// A PostgreSQL table or query as a `Source`: each of the four queries is
/// one statement, and the aggregation runs in the database. Only a card's
/// rows come back raw, at most `limit` of them.
public final class PostgresSource: Source, @unchecked Sendable {
    let connection: PostgresConnection
    private let relation: PostgresRelation
    private let plan: PostgresPlan
    private let statements: PostgresStatements
    private let startLevel: Level?
    /// How the source is named on screen and in notes: the table, or `query`.
    public let name: String
    /// Every series' name, as the periods numbered them; set by `coarse`.
    private var seriesNames: [String] = []
    private let lock = NSLock()

    /// Makes the picks (see `PostgresPlan`) over a connection.
    /// - Parameter forcesFallback: build buckets as for engines without `date_trunc(unit, time, zone)` (tests).
    public init(_ connection: PostgresConnection, relation: PostgresRelation, options: ReadOptions, setup: LoadSetup,
                forcesFallback: Bool = false) throws(ReadError) {
        self.connection = connection
        self.relation = relation
        name = relation.name
        plan = try PostgresPlan.make(connection, relation, name: name, options: options, setup: setup)
        statements = PostgresStatements(plan: plan, relation: relation, fallback: forcesFallback || connection.serverVersion < 120_000)
        startLevel = setup.startLevel
    }

    public func describe() throws(ReadError) -> SourceDescription {
        SourceDescription(sourceName: name, timeName: plan.timeColumn, valueNames: plan.valueNames, seriesColumn: plan.seriesColumn,
                          holdsIntervals: false, calendar: plan.calendar, levels: plan.levels,
                          aggregate: plan.valueColumns.isEmpty ? .count : plan.profile.aggregate, notes: plan.notes)
    }

    /// One `GROUP BY` at the base unit the levels need; whole when it returns, so no update follows.
    public func coarse(update: @escaping @Sendable (BackgroundLoad.Update) -> Void) throws(ReadError) -> LoadResult {
        let unit = plan.baseUnit(startLevel: startLevel)
        let (columns, names, rows) = try buckets(unit, range: nil)
        lock.withLock { seriesNames = names }
        var result = LoadResult(accumulator: columns[0], sourceName: name, valueName: plan.valueNames[0], seriesNames: names)
        result.otherValues = zip(plan.valueNames.dropFirst(), columns.dropFirst()).map { ($0, $1) }
        result.notes = plan.notes
        result.timeName = plan.timeColumn
        result.seriesColumn = plan.seriesColumn
        result.levels = plan.levels
        result.profile = plan.profile
        (result.rowsRead, result.accepted) = (rows, rows)
        return result
    }

    public func fine(from start: Int64, to end: Int64, unit: TimeUnit, progress: ((Double) -> Bool)? = nil) throws(ReadError) -> FineBuckets? {
        let known = lock.withLock { seriesNames }
        let (columns, _, _) = try buckets(min(unit, .day), range: start..<max(start, end), seriesOrder: known)
        let calendar = plan.calendar
        let buckets = columns.map { column in
            (0..<max(1, known.count)).map { s in
                // Days merge into the weeks, months or years asked for.
                var merged: [(ordinal: Int, stats: Stats)] = []
                let series = column.sortedBuckets(series: s)
                for (ordinal, stats) in zip(series.ordinals, series.stats) {
                    let target = calendar.ordinal(of: unit, at: calendar.start(of: column.baseUnit, ordinal: ordinal))
                    if merged.last?.ordinal == target { merged[merged.count - 1].stats.merge(stats) } else { merged.append((target, stats)) }
                }
                return merged.map { SubBucket(start: max(calendar.start(of: unit, ordinal: $0.ordinal), start),
                                              end: min(calendar.start(of: unit, ordinal: $0.ordinal + 1), end), stats: $0.stats) }
            }
        }
        return FineBuckets(range: start..<max(start, end), unit: unit, valueNames: plan.valueNames,
                           seriesNames: known, buckets: buckets)
    }

    public func rows(from start: Int64, to end: Int64, series: Int, limit: Int) throws(ReadError) -> [RawRow] {
        let known = lock.withLock { seriesNames }
        var parameters = [String(start), String(end)]
        if series > 0, series <= known.count { parameters.append(known[series - 1]) }
        let result = try connection.query(statements.rows(bySeries: parameters.count == 3, limit: limit), parameters)
        return (0..<result.rowCount).map { r in
            RawRow(file: name, line: r + 1, text: (0..<result.columnCount).map { result.text(r, $0) ?? "" }.joined(separator: ","))
        }
    }

    /// The buckets of `unit` (over `range`, or all), one accumulator per
    /// value column, with the series named in order of their first instant
    /// (as a file sorted by time names them), and the rows counted.
    /// - Parameter seriesOrder: the numbering to keep; a series not in it is left out.
    private func buckets(_ unit: TimeUnit, range: Range<Int64>?,
                         seriesOrder: [String]? = nil) throws(ReadError) -> ([Accumulator], [String], Int) {
        let parameters = range.map { [String($0.lowerBound), String($0.upperBound)] } ?? []
        let result = try connection.query(statements.buckets(unit, ranged: range != nil), parameters)
        var names = seriesOrder ?? []
        if seriesOrder == nil && plan.seriesColumn != nil {
            var first: [String: Double] = [:]
            for r in 0..<result.rowCount {
                let key = result.text(r, 1) ?? "", t = result.double(r, 2) ?? .infinity
                first[key] = Swift.min(first[key] ?? .infinity, t)
            }
            names = first.keys.sorted { (first[$0]!, $0) < (first[$1]!, $1) }
        }
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var columns = plan.valueNames.map { _ in Accumulator(calendar: plan.calendar, baseUnit: unit) }
        var rows = 0
        for r in 0..<result.rowCount {
            guard let start = result.int64(r, 0) else { continue }
            let series: Int
            if plan.seriesColumn == nil {
                series = 0
            } else if let known = index[result.text(r, 1) ?? ""] {
                series = known
            } else {
                continue
            }
            for k in columns.indices {
                let stats: Stats
                if plan.valueColumns.isEmpty {
                    let count = Int(result.int64(r, 3) ?? 0)
                    stats = Stats(count: count, sum: Double(count), min: 1, max: 1)
                } else {
                    let c = 3 + 4 * k
                    let count = Int(result.int64(r, c) ?? 0)
                    stats = count == 0 ? Stats() : Stats(count: count, sum: result.double(r, c + 1) ?? 0,
                                                        min: result.double(r, c + 2) ?? 0, max: result.double(r, c + 3) ?? 0)
                }
                if k == 0 { rows += stats.count }
                guard columns[k].add(stats, bucketStart: start, series: series) else {
                    let at = plan.calendar.localTime(at: start).date.isoString
                    throw .unreadable(file: name, reason: "the server's rules for the zone \(plan.calendar.zone.displayName) "
                                      + "start a \(unit.name) at \(at) where strata's do not; --tz UTC avoids it")
                }
            }
        }
        return (columns, names, rows)
    }
}
