import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// Every cell a table's percentile can be shown in has the exact one, the
/// server's `percentile_cont` over the cell's own rows: the finest level's
/// bars (an hour's minutes), a quarter's first and last weeks cut at its
/// edges, pages whose bars are read back within `--memory`, and the rest
/// of folded series. Each is worked out here from the generated rows.
struct PostgresPercentileCellTests {
    struct Row {
        let time: Int64
        let host: String
        let latency: Double
    }

    /// Every 30 s from 29 September to 2 October 2024, over Berlin's
    /// quarter's start (30 September, 22:00 UTC), one to four of 56 hosts of
    /// uneven sizes report a latency: more hosts than `SeriesRule.cap`, so a
    /// load that finds the series keeps 49 apart and folds the others into the rest.
    static let rows: [Row] = {
        var random = SeededGenerator(seed: 3535)
        var rows: [Row] = []
        for t in stride(from: Int64(1_727_568_000), to: 1_727_568_000 + 3 * 86_400, by: 30) {  // from 2024-09-29T00:00Z
            var hosts: Set<Int> = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                hosts.insert(Int(Double.random(in: 0..<1, using: &random) * Double.random(in: 0..<1, using: &random) * 56))
            }
            for host in hosts.sorted() {
                rows.append(Row(time: t, host: "h\(host < 10 ? "0" : "")\(host)", latency: Double(Int.random(in: 1...40_000, using: &random)) / 8))
            }
        }
        return rows
    }()

    static let table: Void? = {
        let csv = "time,host,latency\n" + rows.map { "\(DatabaseFixtures.iso($0.time)),\($0.host),\($0.latency)" }.joined(separator: "\n") + "\n"
        guard let server = try? DatabaseFixtures.server, let path = try? server.file("bursts.csv", contents: csv) else { return nil }
        return try? server.load("bursts", columns: "time timestamptz, host text, latency float8", csv: path)
    }()

    static let levels: [Level] = [.hour, .day, .week, .quarter]

    /// The table read with `--agg p95` in Berlin (within `budget` bytes when
    /// given), its pages' bars and percentiles asked as they are shown.
    static func dataset(budget: Int64? = nil) throws -> Dataset {
        try #require(table != nil)
        var options = ReadOptions()
        options.valueColumn = "latency"
        options.keepsSketches = true
        options.percentiles = [.percentile(950)]
        options.memoryBudget = budget
        let source = try PostgresSource(try PostgresConnection(DatabaseFixtures.address()), relation: .table("bursts"), options: options,
                                        setup: DatabaseFixtures.setup(zone: "Europe/Berlin", levels: levels))
        let loaded = try source.coarse { _ in }
        return Dataset(loaded: loaded, levels: levels, finePages: FinePages(source: source, mode: .inline, budget: 1 << 22))
    }

    /// numpy's `linear` p95 of the rows in `[from, to)` of `hosts` (every host when nil); nil when there are none.
    static func p95(_ from: Int64, _ to: Int64, hosts: Set<String>? = nil) -> Double? {
        let values = rows.filter { row in row.time >= from && row.time < to && hosts.map { $0.contains(row.host) } ?? true }.map(\.latency).sorted()
        guard !values.isEmpty else { return nil }
        let h = 0.95 * Double(values.count - 1), low = Int(h.rounded(.down)), t = h - Double(low)
        return values[low] + (values[min(low + 1, values.count - 1)] - values[low]) * t
    }

    /// An issue for each bar of the page, and the page itself, whose p95 is not the one of its rows.
    static func expectExact(_ page: Page, hosts: Set<String>? = nil) {
        #expect(!page.fetching)
        #expect(page.sketch?.quantile(0.95) == p95(page.start, page.end, hosts: hosts), "\(page.level) \(page.index)")
        for bar in page.buckets {
            #expect(bar.sketch?.quantile(0.95) == p95(bar.start, bar.end, hosts: hosts), "\(page.level) \(page.index), bar at \(bar.start)")
        }
    }

    @Test func anHoursMinutesAreExact() throws {
        let dataset = try Self.dataset()
        for index in [0, 7, 49] {
            let page = dataset.page(.hour, index: index)
            #expect(page.subUnit == .minute && page.buckets.count == 60)
            #expect(page.buckets.filter { $0.stats.count > 1 }.count > 30)
            Self.expectExact(page)
        }
    }

    /// A quarter's weeks cut at its edges: Q3's last is Monday 30 September
    /// alone, Q4's first starts on Tuesday 1 October.
    @Test func aQuartersClippedWeeksAreExact() throws {
        let dataset = try Self.dataset()
        #expect(dataset.count(.quarter) == 2)
        let third = dataset.page(.quarter, index: 0), fourth = dataset.page(.quarter, index: 1)
        // Monday 30 September in Berlin: 2024-09-29T22:00Z to the quarter's end, 2024-09-30T22:00Z.
        #expect(third.buckets.last?.start == 1_727_647_200 && third.buckets.last?.end == 1_727_733_600)
        #expect(fourth.buckets.first?.start == 1_727_733_600 && fourth.buckets.first?.end == 1_728_252_000)
        Self.expectExact(third)
        Self.expectExact(fourth)
    }

    /// Within a budget of a byte the load keeps hours, and an hour's
    /// minutes are read back by range: their percentiles too.
    @Test func pagesReadBackWithinTheBudgetAreExact() throws {
        let dataset = try Self.dataset(budget: 1)
        #expect(dataset.readsPages(of: .hour))
        for index in [3, 60] { Self.expectExact(dataset.page(.hour, index: index)) }
        Self.expectExact(dataset.page(.day, index: 1))
    }

    /// The 56 hosts fold into 49 and the rest: the rest's periods are the
    /// server's over the rows of the hosts not kept apart, on a page, per
    /// level (the overview's and the map's) and in an export.
    @Test func theRestOfFoldedSeriesIsExact() throws {
        let dataset = try Self.dataset()
        let names = dataset.series.map(\.name)
        try #require(names.count == SeriesRule.cap + 1 && names.last == SeriesRule.restName)
        let rest = Set(Set(Self.rows.map(\.host)).subtracting(names))
        #expect(rest.count == 56 - (SeriesRule.cap - 1))
        let r = names.count - 1
        Self.expectExact(dataset.page(.day, index: 1, series: r), hosts: rest)
        Self.expectExact(dataset.page(.hour, index: 30, series: r), hosts: rest)
        for index in 0..<dataset.count(.day) {
            let ordinal = dataset.ordinal(.day, index: index)
            let (from, to) = (dataset.calendar.start(of: .day, ordinal: ordinal), dataset.calendar.end(of: .day, ordinal: ordinal))
            #expect(dataset.sketch(.day, ordinal: ordinal, series: r)?.quantile(0.95) == Self.p95(from, to, hosts: rest))
            #expect(dataset.sketch(.day, ordinal: ordinal, series: 1)?.quantile(0.95) == Self.p95(from, to, hosts: [names[1]]))
        }
        let export = Exporter.export(dataset, format: .csv, levels: [.day], percentiles: [.percentile(950)]).split(separator: "\n")
        let restDays = export.filter { $0.hasPrefix("\(SeriesRule.restName),day,") }
        #expect(restDays.count == dataset.count(.day))
        for (index, line) in restDays.enumerated() {
            let ordinal = dataset.ordinal(.day, index: index)
            let expected = Self.p95(dataset.calendar.start(of: .day, ordinal: ordinal), dataset.calendar.end(of: .day, ordinal: ordinal), hosts: rest)
            #expect(line.hasSuffix(",\(Exporter.formatNumber(expected!))"), "\(line)")
        }
    }
}
