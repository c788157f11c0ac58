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
    /// A `date` is its whole day: it ends where the next day starts.
    var endSeconds: String {
        switch plan.end {
        case .time(let name, .date)?:
            return "floor(extract(epoch FROM \(instant("(\(PostgresRelation.quoted(name)) + 1)", kind: .date))))::int8"
        case .time(let name, let kind)?:
            return "floor(extract(epoch FROM \(instant(PostgresRelation.quoted(name), kind: kind))))::int8"
        case .duration(let name, let isInterval)?:
            let seconds = isInterval ? "extract(epoch FROM \(PostgresRelation.quoted(name)))" : PostgresRelation.quoted(name)
            return "(\(startSeconds) + round((\(seconds))::numeric)::int8)"
        case nil:
            return startSeconds
        }
    }

    /// Why a row is no interval, as `intervalPeriods` keys the rows skipped.
    enum SkipReason: Int, CaseIterable {
        case noEnd, endBeforeStart, tooLong
    }

    /// The rows as the FROM item `strata_spans(s, e, k, label, v0…, kept)`:
    /// start, end, series, label and each value column beside the
    /// duration (`plan.valueColumns`), and whether the interval is kept: not
    /// one whose end is missing or before its start, or that is longer than
    /// `longest` seconds, as files skip them. `reach`: only the kept ones
    /// overlapping `[$1, $2)` (an instant at `$1` counts), none longer than
    /// `reach` seconds, so that their starts lie in `[$1 - reach, $2)`:
    /// bounds written on the column, which an index serves.
    func spans(_ rows: String, longest: Int64, reach: Int64? = nil) -> String {
        let kept = "coalesce(e >= s AND e - s <= \(longest), false)"
        let bound = reach.map { " AND \(time) >= to_timestamp($1::int8 - \($0)) AND \(time) < to_timestamp($2::int8)" } ?? ""
        let values = plan.valueColumns.enumerated().map { ", \(PostgresRelation.quoted($1))::float8 AS v\($0)" }.joined()
        let rows = "(SELECT \(startSeconds) AS s, \(endSeconds) AS e, \(series) AS k, \(label) AS label\(values) "
            + "FROM \(rows) WHERE \(column) IS NOT NULL\(bound)) AS strata_all"
        guard reach != nil else { return "(SELECT *, \(kept) AS kept FROM \(rows)) AS strata_spans" }
        return "(SELECT *, true AS kept FROM \(rows) WHERE \(kept) AND s < $2::int8 AND (e > $1::int8 OR s >= $1::int8)) AS strata_spans"
    }

    /// Every period of every unit in `units` that each kept interval
    /// overlaps, with the whole interval as unit -1 and the rows skipped as
    /// unit -2, keyed by why (`SkipReason`): per unit, period start and
    /// series, the series and its first start (only when there is a series
    /// column), then count, sum, min and max of each value (`valueAggregates`).
    func intervalPeriods(units: [TimeUnit], longest: Int64) -> PostgresStatement {
        let why = "CASE WHEN strata_spans.e IS NULL THEN \(SkipReason.noEnd.rawValue) "
            + "WHEN strata_spans.e < strata_spans.s THEN \(SkipReason.endBeforeStart.rawValue) ELSE \(SkipReason.tooLong.rawValue) END"
        let pieces = ["SELECT -1, 0::int8, part.b - part.a, true WHERE strata_spans.kept",
                      "SELECT -2, (\(why))::int8, 0::int8, false WHERE NOT strata_spans.kept"] + units.map(periods)
        // A day or longer is keyed by its local start, made an instant once per period.
        let start = "CASE WHEN p.unit >= \(TimeUnit.day.rawValue) THEN \(instant(ofLocalSeconds: "p.start")) ELSE p.start END"
        return statement([]) { rows in
            grouped(pieces, spans: spans(rows, longest: longest), part: ("strata_spans.s", "strata_spans.e"), keys: ["p.unit", start])
        }
    }

    /// The periods of `unit` that each interval overlapping `[$1, $2)`
    /// (`from`, `to`) overlaps, of its part inside the range: per period
    /// start and series, as `intervalPeriods` (with no unit column).
    func intervalBuckets(_ unit: TimeUnit, from: Int64, to: Int64, longest: Int64, reach: Int64) -> PostgresStatement {
        statement([String(from), String(to)]) { rows in
            grouped([periods(of: unit)], spans: spans(rows, longest: longest, reach: reach),
                    part: ("greatest(strata_spans.s, $1::int8)", "least(strata_spans.e, $2::int8)"),
                    keys: [unit >= .day ? instant(ofLocalSeconds: "p.start") : "p.start"])
        }
    }

    /// The intervals overlapping `[$1, $2)` (`from`, `to`) in start order: start, end, series and label.
    func intervals(from: Int64, to: Int64, longest: Int64, reach: Int64) -> PostgresStatement {
        statement([String(from), String(to)]) { rows in
            "SELECT s, e, k, label FROM \(spans(rows, longest: longest, reach: reach)) ORDER BY s, e, label"
        }
    }

    /// Up to `limit` rows whose intervals overlap `[$1, $2)` (`from`, `to`), in the order
    /// of `intervals` (start, end, label), every column as text; of series `$3` when one is named.
    func intervalRows(from: Int64, to: Int64, series name: String?, limit: Int, longest: Int64, reach: Int64) -> PostgresStatement {
        let e = endSeconds, s = startSeconds
        return statement([String(from), String(to)] + (name.map { [$0] } ?? [])) { rows in
            "SELECT * FROM \(rows) WHERE \(time) >= to_timestamp($1::int8 - \(reach)) AND \(time) < to_timestamp($2::int8) AND \(e) >= \(s) AND \(e) - \(s) <= \(longest) "
                + "AND (\(e) > $1::int8 OR \(s) >= $1::int8)\(name == nil ? "" : " AND \(series) = $3") ORDER BY \(s), \(e)\(plan.labelColumn == nil ? "" : ", \(label)") LIMIT \(limit)"
        }
    }

    /// The label as text ('' without a label column).
    private var label: String { plan.labelColumn.map { "coalesce(\(PostgresRelation.quoted($0))::text, '')" } ?? "''" }

    /// Per value, as `plan.valueNames` orders them: count, sum, min and max
    /// of what each piece adds there, as `IntervalShare.piece` adds it: the
    /// seconds of the duration; a level's value weighted by the seconds (an
    /// instant's by one), the seconds its count; a quantity's value in the
    /// period that holds its interval's start.
    private var valueAggregates: String {
        plan.shares.enumerated().map { k, share in
            let v = "strata_spans.v\(k < plan.durationColumn ? k : k - 1)"
            switch share {
            case .overlap:
                return "count(*), sum(p.seconds)::float8, min(p.seconds)::float8, max(p.seconds)::float8"
            case .weighted:
                let weight = "(CASE WHEN strata_spans.s = strata_spans.e THEN 1 ELSE p.seconds END)"
                let having = "FILTER (WHERE \(v) IS NOT NULL AND \(weight) > 0)"
                return "(sum(\(weight)) \(having))::int8, sum(\(v) * \(weight)) \(having), min(\(v)) \(having), max(\(v)) \(having)"
            case .atStart:
                let having = "FILTER (WHERE \(v) IS NOT NULL AND p.first)"
                return "count(\(v)) \(having), sum(\(v)) \(having), min(\(v)) \(having), max(\(v)) \(having)"
            }
        }.joined(separator: ", ")
    }

    /// `pieces` (rows of unit, period key, seconds and whether the period
    /// holds the interval's start, for each span's `part`, `[part.a,
    /// part.b)`) grouped by unit, key and series; `keys` are what is
    /// selected of the unit and key.
    private func grouped(_ pieces: [String], spans: String, part: (a: String, b: String), keys: [String]) -> String {
        let seriesItems = plan.seriesColumn == nil ? "" : "strata_spans.k, min(strata_spans.s)::float8, "
        let groups = "p.unit, p.start" + (plan.seriesColumn == nil ? "" : ", strata_spans.k")
        // The part's local times (its start's and its last second's), once for every unit's periods.
        let local = "to_timestamp(part.a) AT TIME ZONE \(zone) AS la, to_timestamp(greatest(part.a, part.b - 1)) AT TIME ZONE \(zone) AS ll"
        // OFFSET 0: each computed once a row, not written again into every expression that reads it.
        return "SELECT \(keys.joined(separator: ", ")), \(seriesItems)\(valueAggregates) "
            + "FROM \(spans) CROSS JOIN LATERAL (SELECT \(part.a) AS a, \(part.b) AS b OFFSET 0) AS part "
            + "CROSS JOIN LATERAL (SELECT \(local) OFFSET 0) AS local "
            + "CROSS JOIN LATERAL (\(pieces.joined(separator: " UNION ALL "))) AS p(unit, start, seconds, first) "
            + "GROUP BY \(groups) ORDER BY \(groups)"
    }

    /// The periods of `unit` that the part `[part.a, part.b)` overlaps
    /// (`a == b` is an instant, 0 seconds in the period it lies in): rows
    /// of the unit's number, the period's key, the seconds of the overlap
    /// and whether it is the first period of a part that starts where its
    /// interval does (not cut at a range's edge). Minutes and hours are absolute, stepped from the bucket
    /// `a` is in, and keyed by their start. Days and longer are the zone's
    /// civil periods from `a`'s (local time `local.la`) to that of `b`'s
    /// last second (`local.ll`), keyed by their local start in seconds; an
    /// edge inside the part is the period's first instant, and only those
    /// are turned into instants. The first period is a row of its own and
    /// the rest a series asked for only when there are more (most parts lie
    /// in one period of a unit: no function is called for them); a skipped
    /// row has none.
    private func periods(of unit: TimeUnit) -> String {
        let starts = "part.a = strata_spans.s"
        if unit < .day {
            let width = unit == .minute ? 60 : 3600, first = bucketStart(unit, of: "to_timestamp(part.a)")
            let last = "greatest(part.a, part.b - 1)"
            return "SELECT \(unit.rawValue), f, least(part.b, f + \(width)) - part.a, \(starts) FROM (SELECT \(first) AS f) AS first "
                + "WHERE strata_spans.kept UNION ALL SELECT \(unit.rawValue), p, least(part.b, p + \(width)) - p, false "
                + "FROM (SELECT \(first) AS f) AS first, generate_series(first.f + \(width), \(last), \(width)) AS p "
                + "WHERE strata_spans.kept AND first.f + \(width) <= \(last)"
        }
        let step = "interval '\(Self.step(unit))'", first = truncated("local.la", to: unit), last = truncated("local.ll", to: unit)
        func seconds(_ local: String) -> String { "extract(epoch FROM \(firstInstant(local: local)))::int8" }
        func end(_ at: String) -> String { "CASE WHEN \(at) = \(last) THEN part.b ELSE \(seconds("(\(at) + \(step))")) END" }
        return "SELECT \(unit.rawValue), extract(epoch FROM \(first))::int8, \(end(first)) - part.a, \(starts) WHERE strata_spans.kept UNION ALL "
            + "SELECT \(unit.rawValue), extract(epoch FROM l.at)::int8, \(end("l.at")) - \(seconds("l.at")), false "
            + "FROM generate_series(\(first) + \(step), \(last), \(step)) AS l(at) WHERE strata_spans.kept AND \(first) < \(last)"
    }

    /// The first instant, in UTC seconds, of the local time written as `seconds` (a local clock's reading as if it were UTC).
    private func instant(ofLocalSeconds seconds: String) -> String {
        "extract(epoch FROM \(firstInstant(local: "(to_timestamp(\(seconds)) AT TIME ZONE 'UTC')")))::int8"
    }

    /// The local time `local` truncated to the start of its period of `unit` (day or longer; weeks start on the calendar's day).
    private func truncated(_ local: String, to unit: TimeUnit) -> String {
        if unit >= .decade {
            // strata's decades and centuries start in years ending in 0 and 00; PostgreSQL's centuries in 01.
            let years = unit == .decade ? 10 : 100
            return "(date_trunc('year', \(local)) - mod(extract(year FROM \(local))::int, \(years)) * interval '1 year')"
        }
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
        case .decade: "10 years"
        case .century: "100 years"
        }
    }
}
