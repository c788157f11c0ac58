import Foundation
import StrataData

/// A PostgreSQL table or query as a `Source`: each of the four queries is
/// one statement, and the aggregation runs in the database. Only a card's
/// rows come back raw, at most `limit` of them.
public final class PostgresSource: Source, @unchecked Sendable {
    let connection: PostgresConnection
    private let plan: PostgresPlan
    private let statements: PostgresStatements
    private let startLevel: Level?
    /// How the source is named on screen and in notes: the table, or `query`.
    public let name: String
    /// Every series' name, as the periods numbered them; set by `coarse`.
    private var seriesNames: [String] = []
    private let lock = NSLock()
    /// `--memory`: what the periods kept may take (`BucketBudget`).
    private let budget: Int64?

    /// Makes the picks (see `PostgresPlan`) over a connection.
    /// - Parameter forcesFallback: build buckets as for engines without `date_trunc(unit, time, zone)` (tests).
    public init(_ connection: PostgresConnection, relation: PostgresRelation, options: ReadOptions, setup: LoadSetup,
                forcesFallback: Bool = false) throws(ReadError) {
        self.connection = connection
        budget = options.memoryBudget
        name = relation.name
        plan = try PostgresPlan.make(connection, relation, name: name, options: options, setup: setup)
        statements = PostgresStatements(plan: plan, relation: relation, fallback: forcesFallback || connection.serverVersion < 120_000)
        startLevel = setup.startLevel
    }

    public func describe() throws(ReadError) -> SourceDescription {
        SourceDescription(sourceName: name, timeName: plan.timeColumn, valueNames: plan.valueNames, seriesColumn: plan.seriesColumn,
                          holdsIntervals: false, calendar: plan.calendar, levels: plan.levels,
                          aggregate: plan.profile.aggregate, notes: plan.notes)
    }

    /// One `GROUP BY` at the base unit the levels need; whole when it returns, so no update follows.
    public func coarse(update: @escaping @Sendable (BackgroundLoad.Update) -> Void) throws(ReadError) -> LoadResult {
        let unit = plan.baseUnit(startLevel: startLevel, budget: budget)
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

    /// One range `GROUP BY` by minute, hour or day; days merge into coarser
    /// units here. A statement tells no share done: `progress` is not
    /// called, and `PostgresConnection.cancel` is what stops it.
    public func fine(from start: Int64, to end: Int64, unit: TimeUnit, progress: ((Double) -> Bool)? = nil) throws(ReadError) -> FineBuckets? {
        let known = lock.withLock { seriesNames }
        let (columns, _, _) = try buckets(min(unit, .day), range: start..<max(start, end), seriesOrder: known)
        let calendar = plan.calendar
        let buckets = columns.map { column in
            (0..<max(1, known.count)).map { s in
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

    /// Tables are read as instants (`Runner+Database` refuses `--end` and `--duration`): there are no intervals to ask for.
    public func intervals(from start: Int64, to end: Int64, progress: ((Double) -> Bool)?) throws(ReadError) -> IntervalIndex? {
        throw .unreadable(file: name, reason: "intervals are read from files only, not from a database yet")
    }

    /// The buckets of `unit` (over `range`, or all), one accumulator per
    /// value column, with the series named in order of their first instant
    /// (as a file sorted by time names them), and the rows counted. The
    /// rows are added as they arrive, each series under the number of its
    /// first appearance, then renumbered.
    /// - Parameter seriesOrder: the numbering to keep; a series not in it is left out.
    private func buckets(_ unit: TimeUnit, range: Range<Int64>?,
                         seriesOrder: [String]? = nil) throws(ReadError) -> ([Accumulator], [String], Int) {
        let parameters = range.map { [String($0.lowerBound), String($0.upperBound)] } ?? []
        var columns = plan.valueNames.map { _ in Accumulator(calendar: plan.calendar, baseUnit: unit) }
        var seen: [String: Int] = [:], keys: [String] = [], firstInstants: [Double] = []
        var rows = 0
        try connection.stream(statements.buckets(unit, ranged: range != nil), parameters) { result throws(ReadError) in
            guard let start = result.int64(0, 0) else { return }
            var series = 0
            if plan.seriesColumn != nil {
                let key = result.text(0, 1) ?? ""
                if let known = seen[key] {
                    series = known
                } else {
                    series = keys.count
                    seen[key] = series
                    keys.append(key)
                    firstInstants.append(.infinity)
                }
                firstInstants[series] = Swift.min(firstInstants[series], result.double(0, 2) ?? .infinity)
            }
            for k in columns.indices {
                let stats = bucketStats(result, column: k)
                if k == 0 { rows += stats.count }
                guard columns[k].add(stats, bucketStart: start, series: series) else {
                    let at = plan.calendar.localTime(at: start).date.isoString
                    throw .unreadable(file: name, reason: "the server's rules for the zone \(plan.calendar.zone.displayName) "
                                      + "start a \(unit.name) at \(at) where strata's do not; --tz UTC avoids it")
                }
            }
        }
        // No series seen (a range without rows): nothing to renumber.
        guard plan.seriesColumn != nil, !keys.isEmpty else { return (columns, seriesOrder ?? [], rows) }
        let names = seriesOrder ?? keys.indices.sorted { (firstInstants[$0], keys[$0]) < (firstInstants[$1], keys[$1]) }.map { keys[$0] }
        let number = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        // A series the numbering leaves out goes past the last, where no one reads it.
        let map = keys.map { number[$0] ?? names.count }
        let renumbered = columns.map { column in
            var target = Accumulator(calendar: plan.calendar, baseUnit: unit)
            target.merge(column, seriesMap: map)
            return target
        }
        return (renumbered, names, rows)
    }

    /// The stats of value column `k` in a bucket's row (`count(*)` when counting rows).
    private func bucketStats(_ result: PostgresResult, column k: Int) -> Stats {
        if plan.valueColumns.isEmpty {
            let count = Int(result.int64(0, statements.firstAggregateColumn) ?? 0)
            return Stats(count: count, sum: Double(count), min: 1, max: 1)
        }
        let c = statements.firstAggregateColumn + 4 * k
        let count = Int(result.int64(0, c) ?? 0)
        guard count > 0 else { return Stats() }
        return Stats(count: count, sum: result.double(0, c + 1) ?? 0, min: result.double(0, c + 2) ?? 0, max: result.double(0, c + 3) ?? 0)
    }
}
