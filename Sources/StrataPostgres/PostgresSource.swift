import Foundation
import StrataData

/// A PostgreSQL table or query as a `Source`: each of its queries (the
/// load's periods, a page's bars, a card's rows, a window's intervals, the
/// percentiles of a page or a level) is one statement, and the aggregation
/// runs in the database. Only a card's rows come back raw, at most `limit`
/// of them. The reads after the load go through `link`, which opens a
/// lost connection again.
public final class PostgresSource: Source, @unchecked Sendable {
    let connection: PostgresConnection
    private let linkToServer: SourceLink
    private let plan: PostgresPlan
    private let statements: PostgresStatements
    private let startLevel: Level?
    /// How the source is named on screen and in notes: the table, or `query`.
    public let name: String
    /// Every series' name, as the periods numbered them; set by `coarse`.
    private var seriesNames: [String] = []
    /// Intervals: the longest there is, once `coarse` has counted them (until then the longest kept).
    private var reach: Int64 = 0
    private let lock = NSLock()
    /// `--memory`: what the periods kept may take (`BucketBudget`).
    private let budget: Int64?
    /// Intervals: the longest kept (`IntervalRule.longestKept`), as files keep them.
    private let longest: Int64
    /// How many series a load keeps apart, its largest, the others folded into the rest, as a file's:
    /// `SeriesRule.cap` for a series column found, not named; a breakdown's (`g`) own; nil: every one.
    private let foldCap: Int?
    /// The load folded the series: one not kept apart goes to the last, the rest.
    private var foldedIntoRest = false
    /// `--agg pNN`, `--percentiles`: answered per period by the server (`answeredPercentiles`).
    private let percentiles: [Aggregate]

    /// Makes the picks (see `PostgresPlan`) over a connection.
    /// - Parameter forcesFallback: build buckets as for engines without `date_trunc(unit, time, zone)` (tests).
    public init(_ connection: PostgresConnection, relation: PostgresRelation, options: ReadOptions, setup: LoadSetup,
                forcesFallback: Bool = false) throws(ReadError) {
        self.connection = connection
        linkToServer = SourceLink { () throws(ReadError) in try connection.reconnect() }
        budget = options.memoryBudget
        foldCap = options.seriesCap ?? (options.seriesColumn == nil ? SeriesRule.cap : nil)
        name = relation.name
        plan = try PostgresPlan.make(connection, relation, name: name, options: options, setup: setup)
        statements = PostgresStatements(plan: plan, relation: relation, fallback: forcesFallback || connection.serverVersion < 120_000,
                                        binsDates: !forcesFallback && connection.serverVersion >= 140_000)
        startLevel = setup.startLevel
        // Intervals have none, a file's nor a table's: the runner refuses them for both.
        percentiles = options.keepsSketches && plan.end == nil ? options.percentiles : []
        longest = IntervalRule.longestKept(usual: plan.profile.typicalDuration, baseUnit: plan.baseUnit(startLevel: startLevel, budget: budget))
        reach = longest
    }

    public var link: SourceLink? { linkToServer }

    public func describe() throws(ReadError) -> SourceDescription {
        SourceDescription(sourceName: name, timeName: plan.timeColumn, valueNames: plan.valueNames, seriesColumn: plan.seriesColumn,
                          holdsIntervals: plan.end != nil, calendar: plan.calendar, levels: plan.levels,
                          aggregate: plan.profile.aggregate, notes: plan.notes)
    }

    /// One `GROUP BY` at the base unit the levels need (for intervals, of
    /// that unit and every coarser one); whole when it returns, so no update follows.
    public func coarse(update: @escaping @Sendable (BackgroundLoad.Update) -> Void) throws(ReadError) -> LoadResult {
        let unit = plan.baseUnit(startLevel: startLevel, budget: budget)
        var skippedBy: [PostgresStatements.SkipReason: Int] = [:]
        let (found, foundNames, rows): ([Accumulator], [String], Int)
        var timeless = 0, pastLimit = 0
        if plan.end == nil {
            (found, foundNames, rows, timeless, pastLimit) = try buckets(unit, range: nil)
        } else {
            (found, foundNames, rows, skippedBy) = try intervalPeriods(unit)
        }
        let cap = plan.end == nil && plan.seriesColumn != nil ? foldCap.flatMap { foundNames.count > $0 ? $0 : nil } : nil
        let (columns, names) = cap.map { fold(found, foundNames, keeping: $0 - 1, unit: unit) } ?? (found, foundNames)
        var notes = plan.notes
        let together = columns[0].mergesSeriesBase
            ? BucketBudget.seriesTogether(kept: unit, seriesUnit: columns[0].seriesUnit, series: foundNames.count, readBackFrom: "the table") : nil
        if let together { notes.append(together.note) }
        if let cap, let column = plan.seriesColumn { notes.append(SeriesRule.foldNote(count: foundNames.count, column: column, cap: cap)) }
        let skipped = skippedBy.values.reduce(0, +) + timeless + pastLimit
        // `--where`: every row, passed or not, is one more count (without the filter), as a file reads them all.
        let read = plan.filter == nil ? rows + skipped : Int(try connection.query(statements.allRows).int64(0, 0) ?? 0)
        // As a file with no row that has a time: an empty table, a query with no rows, times all NULL.
        guard rows > 0 else {
            if read > rows + skipped {
                let also = skipped > 0 ? ", \(skipped) skipped" : ""
                throw .noValidRows(file: name, detail: "no row passes --where (\(CountText.grouped(read)) rows read\(also))")
            }
            let detail = skipped > 0 ? "no row with a valid time (\(skipped) row\(skipped == 1 ? "" : "s") read, all skipped: \(timeless > 0 ? "no time in \"\(plan.timeColumn)\"" : "no interval kept"))"
                : "no rows"
            throw .noValidRows(file: name, detail: detail)
        }
        let longestSeen = (0..<max(1, names.count)).map { columns[plan.durationColumn].intervalTotal(series: $0) }.filter { $0.count > 0 }.map(\.max).max()
        lock.withLock {
            seriesNames = names
            foldedIntoRest = cap != nil
            if let longestSeen { reach = Int64(longestSeen) }
        }
        var result = LoadResult(accumulator: columns[0], sourceName: name, valueName: plan.valueNames[0], seriesNames: names)
        result.otherValues = zip(plan.valueNames.dropFirst(), columns.dropFirst()).map { ($0, $1) }
        result.notes = notes
        result.budgetNotice = together?.notice
        result.timeName = plan.timeColumn
        result.seriesColumn = plan.seriesColumn
        result.levels = plan.levels
        result.profile = plan.profile
        result.link = linkToServer
        (result.filterFields, result.breakdowns) = (plan.filterFields, plan.breakdowns)
        (result.rowsRead, result.accepted, result.skipped, result.filteredOut) = (read, rows, skipped, read - rows - skipped)
        if timeless > 0 { result.notes.append("skipped \(timeless) row\(timeless == 1 ? "" : "s") with no time in \"\(plan.timeColumn)\"") }
        result.answersPercentiles = !percentiles.isEmpty && !plan.valueColumns.isEmpty
        if pastLimit > 0, let column = plan.seriesColumn {
            result.notes.append("series: more than \(SeriesRule.loadLimit) names in \"\(column)\": the first "
                + "\(SeriesRule.loadLimit) (by their first period, then name) are kept, the \(pastLimit) rows of the others skipped")
        }
        if skipped > timeless + pastLimit {
            let why: [(PostgresStatements.SkipReason, String)] = [(.noEnd, "with no end"), (.endBeforeStart, "ending before they start"),
                                                                   (.tooLong, "lasting over \(LevelPicker.describe(longest))")]
            let counts = why.compactMap { reason, text in skippedBy[reason].map { "\($0) \(text)" } }
            result.notes.append("intervals: skipped \(skipped) row\(skipped == 1 ? "" : "s"): \(counts.joined(separator: ", "))")
        }
        return result
    }

    /// One range `GROUP BY` by minute, hour or day; days merge into coarser
    /// units here. A statement tells no share done: `progress` is not
    /// called, and `PostgresConnection.cancel` is what stops it.
    public func fine(from start: Int64, to end: Int64, unit: TimeUnit, progress: ((Double) -> Bool)? = nil) throws(ReadError) -> FineBuckets? {
        try linkToServer.read { () throws(ReadError) in try fineBuckets(from: start, to: end, unit: unit) }
    }

    public func rows(from start: Int64, to end: Int64, series: Int, limit: Int) throws(ReadError) -> [RawRow] {
        try linkToServer.read { () throws(ReadError) in try rawRows(from: start, to: end, series: series, limit: limit) }
    }

    /// The intervals overlapping `[start, end)`, by the series `coarse`
    /// numbered, with their labels. A statement tells no share done:
    /// `progress` is not called, and `PostgresConnection.cancel` is what stops it.
    /// Each record's line is where its row comes in the rows of its series
    /// overlapping it (`rows`, in the same order), so a block's card finds its row.
    public func intervals(from start: Int64, to end: Int64, progress: ((Double) -> Bool)?) throws(ReadError) -> IntervalIndex? {
        try linkToServer.read { () throws(ReadError) in try intervalIndex(from: start, to: end) }
    }

    private func fineBuckets(from start: Int64, to end: Int64, unit: TimeUnit) throws(ReadError) -> FineBuckets {
        let known = lock.withLock { seriesNames }
        if plan.end != nil { return try intervalBuckets(from: start, to: end, unit: unit, seriesOrder: known) }
        let (columns, _, _, _, _) = try buckets(min(unit, .day), range: start..<max(start, end), seriesOrder: known)
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

    private func rawRows(from start: Int64, to end: Int64, series: Int, limit: Int) throws(ReadError) -> [RawRow] {
        let known = lock.withLock { seriesNames }
        let named = series > 0 && series <= known.count ? known[series - 1] : nil
        // An empty range holds no row (though an interval may span its instant).
        guard start < end || plan.end == nil else { return [] }
        let statement = plan.end == nil ? statements.rows(from: start, to: end, series: named, limit: limit)
            : statements.intervalRows(from: start, to: end, series: named, limit: limit, longest: longest, reach: lock.withLock { reach })
        let result = try connection.query(statement)
        return (0..<result.rowCount).map { r in
            RawRow(file: name, line: r + 1, text: (0..<result.columnCount).map { result.text(r, $0) ?? "" }.joined(separator: ","))
        }
    }

    private func intervalIndex(from start: Int64, to end: Int64) throws(ReadError) -> IntervalIndex {
        guard plan.end != nil else { throw .unreadable(file: name, reason: "its rows are instants, not intervals") }
        let known = lock.withLock { seriesNames }
        // An empty range holds no interval (though one may span its instant), as a file's read of it finds none.
        guard start < end else { return IntervalIndex(bySeries: [], labels: [], seriesCount: known.count, inputs: [name]) }
        let number = Dictionary(uniqueKeysWithValues: known.enumerated().map { ($1, $0) })
        var labels: [String] = [], labelNumbers: [String: UInt32] = [:]
        var bySeries = [[IntervalIndex.Record]](repeating: [], count: max(1, known.count))
        let result = try connection.query(statements.intervals(from: start, to: end, longest: longest, reach: lock.withLock { reach }))
        for r in 0..<result.rowCount {
            guard let s = result.int64(r, 0), let e = result.int64(r, 1) else { continue }
            // A series the load did not see (rows added since) has no row in the timeline.
            guard let series = plan.seriesColumn == nil ? 0 : number[result.text(r, 2) ?? ""] else { continue }
            let label = result.text(r, 3) ?? ""
            let id = labelNumbers[label] ?? {
                labels.append(label)
                labelNumbers[label] = UInt32(labels.count - 1)
                return UInt32(labels.count - 1)
            }()
            bySeries[series].append(IntervalIndex.Record(start: s, end: e, label: id, line: 0, input: 0))
        }
        let unnumbered = IntervalIndex(bySeries: bySeries, labels: labels, seriesCount: known.count, inputs: [name])
        let numbered = unnumbered.bySeries.enumerated().map { s, records in
            records.enumerated().map { i, record in
                var record = record
                let overlapping = unnumbered.overlapping(series: s, from: record.start, to: max(record.end, record.start + 1))
                record.line = UInt32(1 + overlapping.count { $0 < i })
                return record
            }
        }
        return IntervalIndex(bySeries: numbered, labels: labels, seriesCount: known.count, inputs: [name])
    }

    /// The buckets of `unit` (over `range`, or all), one accumulator per
    /// value column, with the series named in order of their first instant
    /// (as a file sorted by time names them), and the rows counted. The
    /// rows are added as they arrive, each series under the number of its
    /// first appearance, then renumbered.
    /// - Parameter seriesOrder: the numbering to keep; a series not in it is
    ///   left out. Without it (a load), the series after the first
    ///   `SeriesRule.loadLimit` in the statement's order (by first bucket, then name) are.
    /// The buckets, their series, the rows in them, the rows with no time (NULL) and those of series left out, skipped.
    private func buckets(_ unit: TimeUnit, range: Range<Int64>?,
                         seriesOrder: [String]? = nil) throws(ReadError) -> ([Accumulator], [String], Int, Int, Int) {
        var columns = plan.valueNames.map { _ in Accumulator(calendar: plan.calendar, baseUnit: unit) }
        // The whole table's: past the budget every series' buckets are kept together, as a file's are.
        if range == nil, let budget, plan.seriesColumn != nil {
            for k in columns.indices { columns[k].keepSeries(within: BucketBudget.buckets(within: budget) / columns.count) }
        }
        var order = PostgresSeriesOrder(limit: seriesOrder == nil ? SeriesRule.loadLimit : nil)
        var rows = 0, timeless = 0, pastLimit = 0, cells = 0
        let span = range.map { $0.lowerBound...max($0.lowerBound, $0.upperBound - 1) } ?? plan.span ?? 0...0
        let grid = UTCGrid(unit: unit, zone: plan.calendar.zone, over: span)
        let calendar = plan.calendar
        try connection.stream(statements.buckets(grid, range: range), inUTC: true) { result throws(ReadError) in
            guard let cell = result.int64(0, 0) else {
                timeless += rowCount(result)
                return
            }
            // The cell lies inside one bucket: the grid holds every bucket's start over the span.
            let ordinal = calendar.ordinal(of: unit, at: cell)
            guard calendar.start(of: unit, ordinal: ordinal + 1) >= cell + grid.stride else { throw offGrid(unit, at: cell) }
            let start = calendar.start(of: unit, ordinal: ordinal)
            guard let series = self.series(result, at: 1, order: &order) else {
                pastLimit += rowCount(result)
                return
            }
            rows += rowCount(result)
            cells += 1
            for k in columns.indices {
                let stats = bucketStats(result, column: k)
                guard columns[k].add(stats, bucketStart: start, series: series) else { throw disagreement(unit, at: start) }
                // Counted now and then: a count sums every series' buckets.
                if cells % 8192 == 0 { columns[k].keepWithinBaseLimit() }
            }
        }
        for k in columns.indices { columns[k].keepWithinBaseLimit() }
        // One decision for every value column: one with fewer rows (NULLs) may not have passed the budget.
        if let most = columns.filter(\.mergesSeriesBase).max(by: { $0.seriesUnit < $1.seriesUnit }) {
            for k in columns.indices { columns[k].keepSeries(like: most) }
        }
        let (renumbered, names) = renumber(columns, order, seriesOrder: seriesOrder, unit: unit)
        return (renumbered, names, rows, timeless, pastLimit)
    }

    /// One statement over `[start, end)`: the first value's percentiles of
    /// each period of `unit` in it, cut to the range (and of the whole range
    /// when `whole`), of each series `coarse` numbered and all together,
    /// the asked ones and the stats line's, as the server answers them
    /// (`percentile_cont`, exact). A folded load's rest is asked as the
    /// series not kept apart. Read when a screen first shows them, through `link`.
    public func percentiles(of unit: TimeUnit, from start: Int64, to end: Int64, whole: Bool) throws(ReadError) -> AnsweredPercentiles? {
        guard !percentiles.isEmpty, !plan.valueColumns.isEmpty else { return nil }
        return try linkToServer.read { () throws(ReadError) in try answeredPercentiles(of: unit, from: start, to: max(start, end), whole: whole) }
    }

    private func answeredPercentiles(of unit: TimeUnit, from start: Int64, to end: Int64, whole: Bool) throws(ReadError) -> AnsweredPercentiles {
        let (names, folds) = lock.withLock { (seriesNames, foldedIntoRest) }
        var answered = AnsweredPercentiles(unit: unit, range: start..<end, seriesCount: names.count)
        guard start < end else { return answered }
        let tenths = Set(percentiles.map(\.tenths) + Aggregate.shownPercentiles.map(\.tenths)).sorted()
        let fractions = "{" + tenths.map { String(Double($0) / 1000) }.joined(separator: ",") + "}"
        let calendar = plan.calendar
        var starts = [start]
        var next = calendar.start(of: unit, ordinal: calendar.ordinal(of: unit, at: start) + 1)
        while next < end {
            starts.append(next)
            next = calendar.start(of: unit, ordinal: calendar.ordinal(of: unit, at: next) + 1)
        }
        let kept = folds ? Array(names.dropLast()) : names
        let number = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0 + 1) })
        var parameters = [String(start), String(end), "{" + (starts + [end]).map(String.init).joined(separator: ",") + "}", fractions]
        if plan.seriesColumn != nil { parameters.append(PostgresStatements.textArray(kept)) }
        try connection.stream(statements.percentiles(parameters, folds: folds, whole: whole)) { result throws(ReadError) in
            let ofRange = result.int64(0, 0) == 1, together = result.int64(0, 1) == 1
            // A series not kept apart (NULL) is the rest's, the last.
            let name = result.text(0, 3)
            guard let series = together ? 0 : name == nil ? names.count : number[name!] else { return }
            let period = result.int64(0, 2).map { Int($0) - 1 }
            guard ofRange || period.map(starts.indices.contains) ?? false else { return }
            let values = (result.text(0, 5) ?? "").trimmingCharacters(in: ["{", "}"]).split(separator: ",").map { Double($0) }
            let answers = Dictionary(uniqueKeysWithValues: zip(tenths, values).compactMap { t, v in v.map { (t, $0) } })
            answered.insert(QuantileSketch(answers: answers, count: Int(result.int64(0, 4) ?? 0)), series: series,
                            start: ofRange ? nil : starts[period!])
        }
        return answered
    }

    /// Interval rows: the periods of `unit` (the base) and of every coarser
    /// unit, each interval counted once in each it overlaps, and every
    /// interval once, whole; of every value, one accumulator each, as
    /// `buckets` returns them, with the rows skipped.
    private func intervalPeriods(_ unit: TimeUnit) throws(ReadError)
        -> ([Accumulator], [String], Int, [PostgresStatements.SkipReason: Int]) {
        var accumulator = intervalAccumulator(unit)
        // Past the budget every series' base periods are kept together, as a file's are.
        if let budget, plan.seriesColumn != nil { accumulator.keepSeries(within: BucketBudget.buckets(within: budget)) }
        var order = PostgresSeriesOrder()
        var rows = 0, cells = 0, skipped: [PostgresStatements.SkipReason: Int] = [:]
        let units = (unit.rawValue...TimeUnit.coarsest.rawValue).compactMap(TimeUnit.init(rawValue:))
        let first = plan.seriesColumn == nil ? 2 : 4
        try connection.stream(statements.intervalPeriods(units: units, longest: longest)) { result throws(ReadError) in
            guard let code = result.int64(0, 0), let start = result.int64(0, 1) else { return }
            let values = plan.shares.indices.map { aggregateStats(result, from: first + 4 * $0) }
            // Skipped rows are keyed by why, in the start's place, and counted by the duration.
            if code == -2 {
                skipped[PostgresStatements.SkipReason(rawValue: Int(start)) ?? .tooLong, default: 0] += values[plan.durationColumn].count
                return
            }
            // Intervals number every series (no limit), so each has one.
            guard let series = self.series(result, at: 2, order: &order) else { return }
            guard let periodUnit = TimeUnit(rawValue: Int(code)) else {
                for (k, stats) in values.enumerated() { accumulator.add(intervalTotal: stats, series: series, column: k) }
                rows += values[plan.durationColumn].count
                return
            }
            for (k, stats) in values.enumerated() {
                guard accumulator.add(intervals: stats, unit: periodUnit, periodStart: start, series: series, column: k) else {
                    throw disagreement(periodUnit, at: start)
                }
            }
            cells += 1
            if cells % 8192 == 0 { accumulator.keepWithinBaseLimit() }
        }
        accumulator.keepWithinBaseLimit()
        let (renumbered, names) = renumber([accumulator], order, seriesOrder: nil, unit: unit)
        return (plan.shares.indices.map { renumbered[0].column($0) }, names, rows, skipped)
    }

    /// An accumulator of interval rows with a column for every value, counted as the plan's shares say.
    private func intervalAccumulator(_ unit: TimeUnit) -> Accumulator {
        var accumulator = Accumulator(calendar: plan.calendar, baseUnit: unit)
        accumulator.countIntervals(plan.shares)
        return accumulator
    }

    /// Interval rows: the periods of `unit` in `[start, end)`, each
    /// interval's part inside the range counted once in each it overlaps.
    private func intervalBuckets(from start: Int64, to end: Int64, unit: TimeUnit, seriesOrder: [String]) throws(ReadError) -> FineBuckets {
        var accumulator = intervalAccumulator(unit)
        var order = PostgresSeriesOrder()
        let first = plan.seriesColumn == nil ? 1 : 3
        // An empty range holds no part of any interval (though one may span its instant).
        if start < end {
            try connection.stream(statements.intervalBuckets(unit, from: start, to: end, longest: longest, reach: lock.withLock { reach })) {
                result throws(ReadError) in
                guard let periodStart = result.int64(0, 0) else { return }
                guard let series = self.series(result, at: 1, order: &order) else { return }
                for k in plan.shares.indices {
                    guard accumulator.add(intervals: aggregateStats(result, from: first + 4 * k), unit: unit, periodStart: periodStart, series: series, column: k)
                    else { throw disagreement(unit, at: periodStart) }
                }
            }
        }
        let (renumbered, names) = renumber([accumulator], order, seriesOrder: seriesOrder, unit: unit)
        return FineBuckets(renumbered[0], range: start..<max(start, end), valueNames: plan.valueNames, seriesNames: names)
    }

    /// The series of a row whose series name and first instant are at `column` and the next (0 without a series column);
    /// nil for a series past `order`'s limit.
    private func series(_ result: PostgresResult, at column: Int, order: inout PostgresSeriesOrder) -> Int? {
        guard plan.seriesColumn != nil else { return 0 }
        return order.number(result.text(0, column) ?? "", instant: result.double(0, column + 1) ?? .infinity)
    }

    /// Keeps the `count` largest series of `columns` apart, largest first,
    /// and puts the others into one, the rest, as a file's load does.
    private func fold(_ columns: [Accumulator], _ names: [String], keeping count: Int, unit: TimeUnit) -> ([Accumulator], [String]) {
        var sized = columns[0]
        sized.flush()
        let kept = Array(sized.seriesBySize(count: names.count).prefix(count))
        var map = Array(repeating: kept.count, count: names.count)
        for (k, s) in kept.enumerated() { map[s] = k }
        let folded = columns.map { column in
            var target = Accumulator(calendar: plan.calendar, baseUnit: unit)
            target.merge(column, seriesMap: map)
            return target
        }
        return (folded, kept.map { names[$0] } + [SeriesRule.restName])
    }

    /// `columns` with their series renumbered as `order` says (`seriesOrder` kept when given), and the series' names.
    private func renumber(_ columns: [Accumulator], _ order: PostgresSeriesOrder, seriesOrder: [String]?,
                          unit: TimeUnit) -> ([Accumulator], [String]) {
        // No series seen (a range without rows): nothing to renumber.
        guard plan.seriesColumn != nil, !order.isEmpty else { return (columns, seriesOrder ?? []) }
        let rest = seriesOrder != nil && lock.withLock { foldedIntoRest } ? seriesOrder!.count - 1 : nil
        let (names, map) = order.renumbering(keeping: seriesOrder, rest: rest)
        let renumbered = columns.map { column in
            var target = Accumulator(calendar: plan.calendar, baseUnit: unit)
            target.merge(column, seriesMap: map)
            return target
        }
        return (renumbered, names)
    }

    /// The error when a cell of the grid holds two buckets' rows: the zone's
    /// offset changed where the span the grid was made for did not reach
    /// (rows added after the load read it).
    private func offGrid(_ unit: TimeUnit, at cell: Int64) -> ReadError {
        let at = plan.calendar.localTime(at: cell).date.isoString
        return .unreadable(file: name, reason: "rows at \(at) lie outside the span strata read at the start, where the zone "
                           + "\(plan.calendar.zone.displayName) cuts a \(unit.name) elsewhere; open the table again")
    }

    /// The error when the server starts a period where strata's calendar does not.
    private func disagreement(_ unit: TimeUnit, at start: Int64) -> ReadError {
        let at = plan.calendar.localTime(at: start).date.isoString
        return .unreadable(file: name, reason: "the server's rules for the zone \(plan.calendar.zone.displayName) "
                           + "start a \(unit.name) at \(at) where strata's do not; --tz UTC avoids it")
    }

    /// The count, sum, min and max in a row's columns from `c` on.
    private func aggregateStats(_ result: PostgresResult, from c: Int) -> Stats {
        let count = Int(result.int64(0, c) ?? 0)
        guard count > 0 else { return Stats() }
        return Stats(count: count, sum: result.double(0, c + 1) ?? 0, min: result.double(0, c + 2) ?? 0, max: result.double(0, c + 3) ?? 0)
    }

    /// A bucket's rows, value or not: its last column.
    private func rowCount(_ result: PostgresResult) -> Int { Int(result.int64(0, result.columnCount - 1) ?? 0) }

    /// The stats of value column `k` in a bucket's row (`count(*)` when counting rows).
    private func bucketStats(_ result: PostgresResult, column k: Int) -> Stats {
        if plan.valueColumns.isEmpty {
            let count = Int(result.int64(0, statements.firstAggregateColumn) ?? 0)
            return Stats(count: count, sum: Double(count), min: 1, max: 1)
        }
        return aggregateStats(result, from: statements.firstAggregateColumn + 4 * k)
    }
}
