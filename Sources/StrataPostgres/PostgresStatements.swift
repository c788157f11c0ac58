import Foundation
import StrataData

/// The SQL strata sends for a plan. Every identifier is quoted, the zone
/// is a literal of a name strata knows, and times in ranges are
/// parameters (`$1`, `$2`: UTC seconds). Instants are grouped by a UTC
/// grid (`cell`) whose cells strata puts in its own buckets, as the file
/// loader cuts them; intervals by `date_trunc(unit, time, zone)`.
struct PostgresStatements {
    let plan: PostgresPlan
    let relation: PostgresRelation
    /// Engines without `date_trunc(unit, time, zone)` (PostgreSQL before 12
    /// and those derived from it): intervals' buckets from `AT TIME ZONE` and arithmetic.
    let fallback: Bool
    /// The server has `date_bin` (PostgreSQL 14 and later).
    var binsDates = true

    var zone: String { PostgresRelation.literal(Self.zoneName(plan.calendar.zone)) }
    var column: String { PostgresRelation.quoted(plan.timeColumn) }
    /// The time as a `timestamptz`.
    var time: String { instant(column, kind: plan.timeKind) }
    var series: String { plan.seriesColumn.map { "coalesce(\(PostgresRelation.quoted($0))::text, '')" } ?? "''" }

    /// The statement `sql` writes over `rows`, its FROM item: the rows the
    /// filter passes, whose operands are numbered after `own`, the
    /// statement's own parameters (`$1`, `$2`, …), and bound after them.
    func statement(_ own: [String], _ sql: (_ rows: String) -> String) -> PostgresStatement {
        guard let filter = plan.filter else { return PostgresStatement(sql: sql(relation.fromItem), parameters: own) }
        let rows = "(SELECT * FROM \(relation.fromItem) WHERE \(filter.condition(first: own.count + 1))) AS strata_rows"
        return PostgresStatement(sql: sql(rows), parameters: own + filter.parameters)
    }

    /// Every row, passed or not: what `--where` is said to have passed some of.
    var allRows: String { "SELECT count(*) FROM \(relation.fromItem)" }

    /// `value` (of a time column of `kind`) as a `timestamptz`.
    func instant(_ value: String, kind: PostgresPlan.TimeKind) -> String {
        switch kind {
        case .instant: value
        case .naive: firstInstant(local: value)
        case .date: firstInstant(local: "\(value)::timestamp")
        }
    }

    /// A local time in the zone (a `timestamp`) as a `timestamptz`. One the
    /// clock shows twice (when it goes back) is its first instant, as files
    /// read it and as a day starts; PostgreSQL alone would take the second.
    func firstInstant(local: String) -> String {
        let second = "(\(local) AT TIME ZONE \(zone))", first = "(\(second) - interval '1 hour')"
        return "(CASE WHEN \(first) AT TIME ZONE \(zone) = \(local) THEN \(first) ELSE \(second) END)"
    }

    /// The UTC second the bucket of `unit` (minute, hour or day) of `instant` (the time unless said) starts at.
    func bucketStart(_ unit: TimeUnit, of instant: String? = nil) -> String {
        let time = instant ?? self.time
        guard fallback else { return "extract(epoch FROM date_trunc('\(min(unit, .day).name)', \(time), \(zone)))::int8" }
        if unit >= .day { return "extract(epoch FROM date_trunc('day', \(time) AT TIME ZONE \(zone)) AT TIME ZONE \(zone))::int8" }
        // The zone's offset at the time, in seconds; the bucket is cut on the local clock's grid.
        let offset = "extract(epoch FROM (\(time) AT TIME ZONE \(zone)) - (\(time) AT TIME ZONE 'UTC'))"
        let width = unit == .minute ? 60 : 3600
        return "(floor((extract(epoch FROM \(time)) + \(offset)) / \(width)) * \(width) - \(offset))::int8"
    }

    /// The first rows by time: their instants, then those of the other
    /// `times` (columns and their kinds), then an interval's length in
    /// seconds when it ends by a duration, then `texts` as text.
    func sample(times: [(name: String, kind: PostgresPlan.TimeKind)], texts: [String], limit: Int) -> String {
        let instants = times.map { ", extract(epoch FROM \(instant(PostgresRelation.quoted($0.name), kind: $0.kind)))::float8" }.joined()
        var length = ""
        if case .duration? = plan.end { length = ", (\(endSeconds) - \(startSeconds))::float8" }
        let texts = texts.map { ", \(PostgresRelation.quoted($0))::text" }.joined()
        return "SELECT extract(epoch FROM \(time))::float8\(instants)\(length)\(texts) FROM \(relation.fromItem) WHERE \(column) IS NOT NULL "
            + "ORDER BY \(column) LIMIT \(limit)"
    }

    /// The first and last instants (an index on the time answers it at
    /// once); for intervals, the first start and the last end of those
    /// kept, by their usual length (the sample's: the base unit is not known yet).
    func span() -> PostgresStatement {
        statement([]) { rows in
            guard plan.end == nil else {
                let longest = IntervalRule.longestKept(usual: plan.profile.typicalDuration, baseUnit: .day)
                return "SELECT min(s)::float8, max(e)::float8 FROM \(spans(rows, longest: longest)) WHERE kept"
            }
            return "SELECT extract(epoch FROM \(instant("min(\(column))", kind: plan.timeKind)))::float8, "
                + "extract(epoch FROM \(instant("max(\(column))", kind: plan.timeKind)))::float8 FROM \(rows)"
        }
    }

    /// Per cell of `grid` and series: its start (UTC seconds), the series
    /// and the first instant in it (only when there is a series column),
    /// then count, sum, min and max of each value, and last the rows
    /// (`count(*)`: a row with no value is read all the same, as a file's is). The cells are UTC (the session's `TimeZone` is UTC for
    /// the statement: `PostgresConnection.stream(inUTC:)`), so the server's
    /// zone rules play no part; strata adds each into its own bucket. The
    /// start is converted once per group, and only a `real` value is cast
    /// (per row: its own sum rounds at `real`'s precision); the others'
    /// aggregates come as the server writes them. Without a series a row is
    /// no more than that: the bytes the server sends stay near the size of
    /// the aggregates (`make bench` measures them). Unranged, rows with no
    /// time form one more group, whose start is NULL: they are counted as
    /// skipped, in the same statement.
    /// - Parameter range: only `[$1, $2)`, these UTC seconds.
    func buckets(_ grid: UTCGrid, range: Range<Int64>?) -> PostgresStatement {
        let aggregates = plan.valueColumns.isEmpty
            ? "count(*)"
            : plan.valueColumns.map { name in
                let value = PostgresRelation.quoted(name) + (plan.realColumns.contains(name) ? "::float8" : "")
                return "count(\(value)), sum(\(value)), min(\(value)), max(\(value))"
            }.joined(separator: ", ") + ", count(*)"
        let cell = cell(grid)
        let keys = plan.seriesColumn == nil ? cell : "\(cell), 2"
        let order = plan.seriesColumn == nil ? "1" : "1, 2"
        let seriesItems = plan.seriesColumn == nil ? "" : "\(series), extract(epoch FROM min(\(time)))::float8, "
        return statement(range.map { [String($0.lowerBound), String($0.upperBound)] } ?? []) { rows in
            "SELECT extract(epoch FROM \(cell))::int8, \(seriesItems)\(aggregates) FROM \(rows) "
                + (range == nil ? "" : "WHERE \(self.range) ") + "GROUP BY \(keys) ORDER BY \(order)"
        }
    }

    /// The start of the time's cell of `grid`, a `timestamptz`: the two-argument
    /// `date_trunc` (in UTC) where the grid is UTC's minutes, hours or days,
    /// the cheapest; else `date_bin` (PostgreSQL 14), else arithmetic on the epoch.
    func cell(_ grid: UTCGrid) -> String {
        let units: [Int64: String] = [60: "minute", 3600: "hour", 86_400: "day"]
        if grid.origin == 0, let unit = units[grid.stride] { return "date_trunc('\(unit)', \(time))" }
        if binsDates { return "date_bin('\(grid.stride) seconds', \(time), to_timestamp(\(grid.origin)))" }
        return "to_timestamp(floor((extract(epoch FROM \(time)) - \(grid.origin)) / \(grid.stride)) * \(grid.stride) + \(grid.origin))"
    }

    /// The first value's percentiles at the fractions `$4` of the periods
    /// cut by `$3` (UTC seconds of consecutive period starts, the first
    /// `$1` and the last `$2`, the range's ends), as `percentile_cont`
    /// gives them (numpy's `linear`). The periods are strata's own, as
    /// instants: a binary search per row (`width_bucket`), whatever the
    /// zone. Per row: whether it is of the whole range, whether of every
    /// series together, the period's number (1 the first), the series
    /// (NULL: one folded into the rest), the count and the percentiles.
    /// - Parameters:
    ///   - folds: the series apart are `$5`, the names kept; the rows of
    ///     the others are the rest's when `folds`, else left out, as the load left them.
    ///   - whole: the whole range too, of each series and all together (a
    ///     page's period); one more sort of the rows, so not for a level's every period.
    func percentiles(_ own: [String], folds: Bool, whole: Bool) -> PostgresStatement {
        let value = PostgresRelation.quoted(plan.valueColumns[0])
        let period = "width_bucket(\(time), ARRAY(SELECT to_timestamp(b) FROM unnest($3::int8[]) AS b))"
        let bySeries = plan.seriesColumn != nil
        let key = bySeries ? ", CASE WHEN \(series) = ANY($5::text[]) THEN \(series) END AS k" : ""
        let kept = bySeries && !folds ? " AND \(series) = ANY($5::text[])" : ""
        let sets = bySeries ? (whole ? "(p, k), (p), (k), ()" : "(p, k), (p)") : (whole ? "(p), ()" : "(p)")
        let keyItems = bySeries ? "GROUPING(k), p, k" : "1, p, NULL"
        return statement(own) { rows in
            "SELECT GROUPING(p), \(keyItems), count(v), percentile_cont($4::float8[]) WITHIN GROUP (ORDER BY v) "
                + "FROM (SELECT \(period) AS p\(key), \(value)::float8 AS v FROM \(rows) "
                + "WHERE \(range) AND \(value) IS NOT NULL\(kept)) AS strata_values GROUP BY GROUPING SETS (\(sets))"
        }
    }

    /// The column of `buckets`' rows the first value's count is in.
    var firstAggregateColumn: Int { plan.seriesColumn == nil ? 1 : 3 }

    /// Up to `limit` rows of `[$1, $2)` (`from`, `to`) in time order, every column as text; of series `$3` when one is named.
    func rows(from: Int64, to: Int64, series name: String?, limit: Int) -> PostgresStatement {
        statement([String(from), String(to)] + (name.map { [$0] } ?? [])) { rows in
            "SELECT * FROM \(rows) WHERE \(range)\(name == nil ? "" : " AND \(series) = $3") ORDER BY \(column) LIMIT \(limit)"
        }
    }

    var range: String { "\(time) >= to_timestamp($1) AND \(time) < to_timestamp($2)" }

    /// `names` as a `text[]` parameter: each quoted, its `"` and `\\` escaped.
    static func textArray(_ names: [String]) -> String {
        "{" + names.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
            .joined(separator: ",") + "}"
    }

    /// The zone as PostgreSQL names it: the IANA name, or for a fixed
    /// offset a POSIX rule (whose sign is west of UTC: `<+0530>-05:30`).
    static func zoneName(_ zone: ZoneRules) -> String {
        guard zone.identifier.hasPrefix("GMT"), let fixed = TimeZone(identifier: zone.identifier) else { return zone.identifier }
        let seconds = fixed.secondsFromGMT()
        guard seconds != 0 else { return "UTC" }
        let minutes = abs(seconds) / 60
        let (hh, mm) = (String(format: "%02d", minutes / 60), String(format: "%02d", minutes % 60))
        return "<\(seconds < 0 ? "-" : "+")\(hh)\(mm)>\(seconds < 0 ? "+" : "-")\(hh):\(mm)"
    }
}
