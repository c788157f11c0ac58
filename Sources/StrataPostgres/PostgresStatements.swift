import Foundation
import StrataData

/// The SQL strata sends for a plan. Every identifier is quoted, the zone
/// is a literal of a name strata knows, and times in ranges are
/// parameters (`$1`, `$2`: UTC seconds). Buckets start where
/// `date_trunc(unit, time, zone)` puts them: hours and minutes absolute,
/// days local, as the file loader cuts them.
struct PostgresStatements {
    let plan: PostgresPlan
    let relation: PostgresRelation
    /// Engines without `date_trunc(unit, time, zone)` (PostgreSQL before 12
    /// and those derived from it): the same buckets from `AT TIME ZONE` and arithmetic.
    let fallback: Bool

    private var zone: String { PostgresRelation.literal(Self.zoneName(plan.calendar.zone)) }
    private var column: String { PostgresRelation.quoted(plan.timeColumn) }
    /// The time as a `timestamptz`.
    private var time: String { instant(column) }
    private var series: String { plan.seriesColumn.map { "coalesce(\(PostgresRelation.quoted($0))::text, '')" } ?? "''" }
    private var from: String { relation.fromItem }

    /// `value` (of the time column's type) as a `timestamptz`. A local
    /// time the clock shows twice (when it goes back) is its first instant,
    /// as files read it; PostgreSQL alone would take the second.
    private func instant(_ value: String) -> String {
        let local: String
        switch plan.timeKind {
        case .instant: return value
        case .naive: local = value
        case .date: local = "\(value)::timestamp"
        }
        let second = "(\(local) AT TIME ZONE \(zone))", first = "(\(second) - interval '1 hour')"
        return "(CASE WHEN \(first) AT TIME ZONE \(zone) = \(local) THEN \(first) ELSE \(second) END)"
    }

    /// The UTC second the time's bucket of `unit` (minute, hour or day) starts at.
    private func bucketStart(_ unit: TimeUnit) -> String {
        guard fallback else { return "extract(epoch FROM date_trunc('\(min(unit, .day).name)', \(time), \(zone)))::int8" }
        if unit >= .day { return "extract(epoch FROM date_trunc('day', \(time) AT TIME ZONE \(zone)) AT TIME ZONE \(zone))::int8" }
        // The zone's offset at the time, in seconds; the bucket is cut on the local clock's grid.
        let offset = "extract(epoch FROM (\(time) AT TIME ZONE \(zone)) - (\(time) AT TIME ZONE 'UTC'))"
        let width = unit == .minute ? 60 : 3600
        return "(floor((extract(epoch FROM \(time)) + \(offset)) / \(width)) * \(width) - \(offset))::int8"
    }

    /// The first rows by time, their instants then `columns` as text.
    func sample(columns: [String], limit: Int) -> String {
        let texts = columns.map { ", \(PostgresRelation.quoted($0))::text" }.joined()
        return "SELECT extract(epoch FROM \(time))::float8\(texts) FROM \(from) WHERE \(column) IS NOT NULL ORDER BY \(column) LIMIT \(limit)"
    }

    /// The first and last instants (an index on the time answers it at once).
    func span() -> String {
        "SELECT extract(epoch FROM \(instant("min(\(column))")))::float8, extract(epoch FROM \(instant("max(\(column))")))::float8 FROM \(from)"
    }

    /// Per bucket of `unit` and series: its start, the series and the first
    /// instant in it (only when there is a series column), then count, sum,
    /// min and max of each value (`count(*)` when counting). Without a
    /// series a row is no more than that: the bytes the server sends stay
    /// near the size of the aggregates (`make bench` measures them).
    /// - Parameter ranged: only `[$1, $2)`.
    func buckets(_ unit: TimeUnit, ranged: Bool) -> String {
        let aggregates = plan.valueColumns.isEmpty
            ? "count(*)"
            : plan.valueColumns.map { name in
                let value = "\(PostgresRelation.quoted(name))::float8"
                return "count(\(value)), sum(\(value)), min(\(value)), max(\(value))"
            }.joined(separator: ", ")
        let keys = plan.seriesColumn == nil ? "1" : "1, 2"
        let seriesItems = plan.seriesColumn == nil ? "" : "\(series), extract(epoch FROM min(\(time)))::float8, "
        return "SELECT \(bucketStart(unit)), \(seriesItems)\(aggregates) FROM \(from) "
            + "WHERE \(ranged ? range : "\(column) IS NOT NULL") GROUP BY \(keys) ORDER BY \(keys)"
    }

    /// The column of `buckets`' rows the first value's count is in.
    var firstAggregateColumn: Int { plan.seriesColumn == nil ? 1 : 3 }

    /// Up to `limit` rows of `[$1, $2)` in time order, every column as text; of series `$3` when `bySeries`.
    func rows(bySeries: Bool, limit: Int) -> String {
        "SELECT * FROM \(from) WHERE \(range)\(bySeries ? " AND \(series) = $3" : "") ORDER BY \(column) LIMIT \(limit)"
    }

    private var range: String { "\(time) >= to_timestamp($1) AND \(time) < to_timestamp($2)" }

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
