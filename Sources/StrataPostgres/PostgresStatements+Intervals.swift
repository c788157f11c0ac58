import StrataData

/// The SQL for interval rows (a start and an end, or a duration). Each
/// period of every unit counts the intervals overlapping it, once each,
/// with the overlap in seconds as the value, as `Accumulator.add(start:end:series:)`
/// counts a file's: the server lists the periods each interval overlaps
/// (`generate_series`) and groups by them. Times are whole UTC seconds,
/// as files read them.
extension PostgresStatements {
    /// A row's start in UTC seconds.
    var startSeconds: String { "floor(extract(epoch FROM \(time)))::int8" }

    /// A row's end in UTC seconds: its end time's, or the start plus the
    /// duration (rounded, as a file's `5400.5` is); the start for instants.
    var endSeconds: String {
        switch plan.end {
        case .time(let name, let kind)?:
            return "floor(extract(epoch FROM \(instant(PostgresRelation.quoted(name), kind: kind))))::int8"
        case .duration(let name, let isInterval)?:
            let seconds = isInterval ? "extract(epoch FROM \(PostgresRelation.quoted(name)))" : PostgresRelation.quoted(name)
            return "(\(startSeconds) + round((\(seconds))::numeric)::int8)"
        case nil:
            return startSeconds
        }
    }

    /// The kept intervals as the FROM item `strata_spans(s, e, k, label)`:
    /// start, end, series and label. A row whose end is missing or before
    /// its start, or longer than `longest` seconds, is left out, as files
    /// skip it. `window`: only those overlapping `[$1, $2)` (an instant at
    /// `$1` counts), the start's bound written on the column so an index serves it.
    func spans(longest: Int64, window: Bool) -> String {
        let bound = window ? " AND \(time) < to_timestamp($2::int8)" : ""
        let overlap = window ? " AND s < $2::int8 AND (e > $1::int8 OR s >= $1::int8)" : ""
        return "(SELECT * FROM (SELECT \(startSeconds) AS s, \(endSeconds) AS e, \(series) AS k, \(label) AS label "
            + "FROM \(from) WHERE \(column) IS NOT NULL\(bound)) AS strata_all "
            + "WHERE e >= s AND e - s <= \(longest)\(overlap)) AS strata_spans"
    }

    /// Every period of every unit in `units` that each interval overlaps,
    /// with the whole interval as unit -1: per unit, period start and
    /// series, the series and its first start (only when there is a series
    /// column), then count, sum, min and max of the seconds.
    func intervalPeriods(units: [TimeUnit], longest: Int64) -> String {
        let pieces = ["SELECT -1, 0::int8, strata_spans.e - strata_spans.s"]
            + units.map { periods(of: $0, from: "strata_spans.s", to: "strata_spans.e") }
        return grouped(pieces, spans: spans(longest: longest, window: false), keyed: "p.unit, p.start")
    }

    /// The periods of `unit` that each interval overlapping `[$1, $2)`
    /// overlaps, of its part inside the range: per period start and series,
    /// as `intervalPeriods` (with no unit column).
    func intervalBuckets(_ unit: TimeUnit, longest: Int64) -> String {
        let part = periods(of: unit, from: "greatest(strata_spans.s, $1::int8)", to: "least(strata_spans.e, $2::int8)")
        return grouped([part], spans: spans(longest: longest, window: true), keyed: "p.start")
    }

    /// The intervals overlapping `[$1, $2)` in start order: start, end, series and label.
    func intervals(longest: Int64) -> String {
        "SELECT s, e, k, label FROM \(spans(longest: longest, window: true)) ORDER BY s, e, label"
    }

    /// Up to `limit` rows whose intervals overlap `[$1, $2)`, in the order
    /// of `intervals` (start, end, label), every column as text; of series `$3` when `bySeries`.
    func intervalRows(bySeries: Bool, limit: Int, longest: Int64) -> String {
        let e = endSeconds, s = startSeconds
        return "SELECT * FROM \(from) WHERE \(time) < to_timestamp($2::int8) AND \(e) >= \(s) AND \(e) - \(s) <= \(longest) "
            + "AND (\(e) > $1::int8 OR \(s) >= $1::int8)\(bySeries ? " AND \(series) = $3" : "") ORDER BY \(s), \(e)\(plan.labelColumn == nil ? "" : ", \(label)") LIMIT \(limit)"
    }

    /// The label as text ('' without a label column).
    private var label: String { plan.labelColumn.map { "coalesce(\(PostgresRelation.quoted($0))::text, '')" } ?? "''" }

    /// `pieces` (rows of unit, period start and seconds for each span) grouped by `keys` and series.
    private func grouped(_ pieces: [String], spans: String, keyed keys: String) -> String {
        let count = keys.split(separator: ",").count
        let seriesItems = plan.seriesColumn == nil ? "" : "strata_spans.k, min(strata_spans.s)::float8, "
        let groups = (1...(count + (plan.seriesColumn == nil ? 0 : 1))).map(String.init).joined(separator: ", ")
        return "SELECT \(keys), \(seriesItems)count(*), sum(p.seconds)::float8, min(p.seconds)::float8, max(p.seconds)::float8 "
            + "FROM \(spans) CROSS JOIN LATERAL (\(pieces.joined(separator: " UNION ALL "))) AS p(unit, start, seconds) "
            + "GROUP BY \(groups) ORDER BY \(groups)"
    }

    /// The periods of `unit` that `[a, b)` overlaps (`a` and `b` SQL for
    /// UTC seconds; `a == b` is an instant, 0 seconds in the period it lies
    /// in): rows of the unit's number, the period's start and the seconds
    /// of the overlap. Minutes and hours are absolute, stepped from the
    /// bucket `a` is in; days and longer are the zone's civil periods from
    /// `a`'s to that of `b`'s last second, each started at its first instant.
    private func periods(of unit: TimeUnit, from a: String, to b: String) -> String {
        let last = "greatest(\(a), \(b) - 1)"
        if unit < .day {
            let width = unit == .minute ? 60 : 3600
            return "SELECT \(unit.rawValue), p, least(\(b), p + \(width)) - greatest(\(a), p) "
                + "FROM generate_series(\(bucketStart(unit, of: "to_timestamp(\(a))")), \(last), \(width)) AS p"
        }
        let step = Self.step(unit)
        func local(_ seconds: String) -> String { "(to_timestamp(\(seconds)) AT TIME ZONE \(zone))" }
        func seconds(_ local: String) -> String { "extract(epoch FROM \(firstInstant(local: local)))::int8" }
        return "SELECT \(unit.rawValue), bounds.ps, least(\(b), bounds.pe) - greatest(\(a), bounds.ps) "
            + "FROM generate_series(\(truncated(local(a), to: unit)), \(truncated(local(last), to: unit)), interval '\(step)') AS l(at), "
            + "LATERAL (SELECT \(seconds("l.at")) AS ps, \(seconds("(l.at + interval '\(step)')")) AS pe) AS bounds"
    }

    /// The local time `local` truncated to the start of its period of `unit` (day or longer; weeks start on the calendar's day).
    private func truncated(_ local: String, to unit: TimeUnit) -> String {
        guard unit == .week else { return "date_trunc('\(unit.name)', \(local))" }
        // date_trunc's weeks start on Monday: shifted so that they start on the calendar's day.
        let shift = switch plan.calendar.weekStart {
        case .monday: 0
        case .sunday: 1
        case .saturday: 2
        }
        return shift == 0 ? "date_trunc('week', \(local))"
            : "(date_trunc('week', \(local) + interval '\(shift) days') - interval '\(shift) days')"
    }

    /// One period of a unit of a day or longer, on the local clock.
    private static func step(_ unit: TimeUnit) -> String {
        switch unit {
        case .minute: "1 minute"
        case .hour: "1 hour"
        case .day: "1 day"
        case .week: "7 days"
        case .month: "1 month"
        case .quarter: "3 months"
        case .year: "1 year"
        }
    }
}
