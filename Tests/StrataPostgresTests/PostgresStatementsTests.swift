import Testing
import StrataData
@testable import StrataPostgres

/// The `GROUP BY`s strata sends: a bucket's row carries the series and its
/// first instant only when there is a series, so that without one the bytes
/// the server sends stay near the size of the aggregates (`make bench`).
struct PostgresStatementsTests {
    static func statements(series: String?, values: [String] = ["value"], reals: Set<String> = []) -> PostgresStatements {
        var plan = PostgresPlan(timeColumn: "time", timeKind: .instant, valueColumns: values, seriesColumn: series,
                                calendar: CalendarSystem(zone: ZoneRules.utc), levels: [.hour, .day],
                                profile: SampleProfile(times: [], offsets: []), notes: [])
        plan.realColumns = reals
        return PostgresStatements(plan: plan, relation: .table("events"), fallback: false)
    }

    static let hours = UTCGrid(stride: 3600, origin: 0)

    @Test func withoutASeriesABucketIsItsStartAndItsAggregates() {
        let s = Self.statements(series: nil)
        #expect(s.buckets(Self.hours, range: nil).sql == "SELECT extract(epoch FROM date_trunc('hour', \"time\"))::int8, "
                + "count(\"value\"), sum(\"value\"), min(\"value\"), max(\"value\"), count(*) "
                + "FROM \"events\" AS strata_rows GROUP BY date_trunc('hour', \"time\") ORDER BY 1")
        #expect(s.firstAggregateColumn == 1)
        #expect(Self.statements(series: nil, values: []).buckets(UTCGrid(stride: 60, origin: 0), range: 0..<60).sql.hasPrefix(
            "SELECT extract(epoch FROM date_trunc('minute', \"time\"))::int8, count(*) FROM"))
    }

    /// Only a `real` is cast, per row: its own sum would round at 24 bits.
    @Test func onlyARealIsCast() {
        let s = Self.statements(series: nil, values: ["value", "ratio"], reals: ["ratio"])
        #expect(s.buckets(Self.hours, range: nil).sql.contains("max(\"value\"), count(\"ratio\"::float8), sum(\"ratio\"::float8), "
                                                            + "min(\"ratio\"::float8), max(\"ratio\"::float8), count(*) FROM"))
    }

    /// Grids that are not UTC's minutes, hours or days: `date_bin`, or arithmetic before PostgreSQL 14.
    @Test func aShiftedGridIsBinned() {
        var s = Self.statements(series: nil)
        let quarters = UTCGrid(stride: 900, origin: 900 + 15)
        #expect(s.cell(quarters) == "date_bin('900 seconds', \"time\", to_timestamp(15))")
        s.binsDates = false
        #expect(s.cell(quarters) == "to_timestamp(floor((extract(epoch FROM \"time\") - 15) / 900) * 900 + 15)")
    }

    @Test func aSeriesAddsItsNameAndFirstInstant() {
        let s = Self.statements(series: "city")
        let sql = s.buckets(UTCGrid(stride: 86_400, origin: 0), range: 0..<86_400).sql
        #expect(sql.contains("::int8, coalesce(\"city\"::text, ''), extract(epoch FROM min(\"time\"))::float8, count(\"value\")"))
        #expect(sql.hasSuffix("GROUP BY date_trunc('day', \"time\"), 2 ORDER BY 1, 2"))
        #expect(s.firstAggregateColumn == 3)
    }
}
