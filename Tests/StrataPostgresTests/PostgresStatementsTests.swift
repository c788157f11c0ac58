import Testing
import StrataData
@testable import StrataPostgres

/// The `GROUP BY`s strata sends: a bucket's row carries the series and its
/// first instant only when there is a series, so that without one the bytes
/// the server sends stay near the size of the aggregates (`make bench`).
struct PostgresStatementsTests {
    static func statements(series: String?, values: [String] = ["value"]) -> PostgresStatements {
        let plan = PostgresPlan(timeColumn: "time", timeKind: .instant, valueColumns: values, seriesColumn: series,
                                calendar: CalendarSystem(zone: ZoneRules.utc), levels: [.hour, .day],
                                profile: SampleProfile(times: [], offsets: []), notes: [])
        return PostgresStatements(plan: plan, relation: .table("events"), fallback: false)
    }

    @Test func withoutASeriesABucketIsItsStartAndItsAggregates() {
        let s = Self.statements(series: nil)
        #expect(s.buckets(.hour, ranged: false) == "SELECT extract(epoch FROM date_trunc('hour', \"time\", 'UTC'))::int8, "
                + "count(\"value\"::float8), sum(\"value\"::float8), min(\"value\"::float8), max(\"value\"::float8) "
                + "FROM \"events\" AS strata_rows GROUP BY 1 ORDER BY 1")
        #expect(s.firstAggregateColumn == 1)
        #expect(Self.statements(series: nil, values: []).buckets(.minute, ranged: true).hasPrefix(
            "SELECT extract(epoch FROM date_trunc('minute', \"time\", 'UTC'))::int8, count(*) FROM"))
    }

    @Test func aSeriesAddsItsNameAndFirstInstant() {
        let s = Self.statements(series: "city")
        let sql = s.buckets(.day, ranged: true)
        #expect(sql.contains("::int8, coalesce(\"city\"::text, ''), extract(epoch FROM min(\"time\"))::float8, count(\"value\"::float8)"))
        #expect(sql.hasSuffix("GROUP BY 1, 2 ORDER BY 1, 2"))
        #expect(s.firstAggregateColumn == 3)
    }
}
