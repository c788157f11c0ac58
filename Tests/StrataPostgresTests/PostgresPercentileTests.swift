import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// `--agg pNN` on a table: each period's percentile is the server's
/// `percentile_cont` over that period's rows, exact, as a file's is while a
/// period holds few values; periods of every level are strata's own, so a
/// day of 25 hours is one period, and every series is answered apart and
/// together. The load asks none: a level's are asked when first shown.
struct PostgresPercentileTests {
    /// Latencies of two hosts at random times over Berlin's change of 27
    /// October 2024 (a day of 25 hours), about 80 a day: fewer than a
    /// file's sketch keeps as they are (128), so the file's are exact too.
    static let readings: [(time: Int64, host: String, latency: Double)] = {
        var random = SeededGenerator(seed: 35)
        var readings: [(time: Int64, host: String, latency: Double)] = []
        var t: Int64 = 1_729_893_600  // 2024-10-25T22:00Z, Berlin's midnight
        while t < 1_729_893_600 + 4 * 86_400 {
            t += Int64.random(in: 300...1_800, using: &random)
            let latency = Double(Int.random(in: 1...4_000, using: &random)) / 4
            readings.append((t, "web-\(Int.random(in: 1...2, using: &random))", latency))
        }
        return readings
    }()

    static let latencies: String = {
        (["time,host,latency"] + readings.map { "\(DatabaseFixtures.iso($0.time)),\($0.host),\($0.latency)" }).joined(separator: "\n") + "\n"
    }()

    static let table: Void? = {
        guard let server = try? DatabaseFixtures.server, let csv = try? server.file("latencies.csv", contents: latencies) else { return nil }
        return try? server.load("latencies", columns: "time timestamptz, host text, latency float8", csv: csv)
    }()

    static let levels: [Level] = [.hour, .day, .week]
    static let p95 = Aggregate.percentile(950)

    /// The table's and its CSV's `--export csv --agg p95`, with `options`.
    static func exports(_ options: ReadOptions = ReadOptions()) throws -> (database: String, file: String) {
        try #require(table != nil)
        var options = options
        options.valueColumn = "latency"
        options.keepsSketches = true
        options.percentiles = [p95]
        let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: levels)
        let source = try PostgresSource(try PostgresConnection(DatabaseFixtures.address()), relation: .table("latencies"), options: options, setup: setup)
        let database = try source.coarse { _ in }
        let path = try DatabaseFixtures.server.file("latencies-\(UUID().uuidString.prefix(8)).csv", contents: latencies)
        let file = try DataLoader.load([.file(path)], options: options, setup: setup)
        func export(_ result: LoadResult) -> String {
            let dataset = Dataset(loaded: result, levels: levels, finePages: FinePages(source: source, mode: .inline, budget: 1 << 20))
            return Exporter.export(dataset, format: .csv, levels: levels, percentiles: [p95])
        }
        return (export(database), export(file))
    }

    /// numpy's default (`linear`): the values at the ranks either side of q·(n−1), interpolated.
    static func linear(_ values: [Double], _ q: Double) -> Double {
        let sorted = values.sorted(), h = q * Double(sorted.count - 1)
        let low = Int(h.rounded(.down)), t = h - Double(low)
        return sorted[low] + (sorted[min(low + 1, sorted.count - 1)] - sorted[low]) * t
    }

    /// The table's export is the file's, but for percentiles of more than
    /// 128 values (a week's), where the file's sketch is within 1% and the table's exact.
    static func expectSame(_ database: String, _ file: String) {
        let ours = database.split(separator: "\n"), theirs = file.split(separator: "\n")
        #expect(ours.count == theirs.count && ours.count > 100)
        for (a, b) in zip(ours, theirs) where a != b {
            let (x, y) = (a.split(separator: ",", omittingEmptySubsequences: false), b.split(separator: ",", omittingEmptySubsequences: false))
            let (p, q) = (Double(x.last!) ?? .nan, Double(y.last!) ?? .nan)
            #expect(x.dropLast() == y.dropLast() && abs(p - q) <= 0.01 * abs(p), "\(a) against \(b)")
            #expect(x.contains("week") && Int(x[x.count - 6])! > QuantileSketch.exactLimit, "\(a)")
        }
    }

    @Test func everyPeriodsPercentileIsTheFilesAndNumpys() throws {
        let (database, file) = try Self.exports()
        Self.expectSame(database, file)
        // The day of 25 hours, Sunday 27 October in Berlin: 2024-10-26T22:00Z to 2024-10-27T23:00Z, worked out from the rows.
        let rows = Self.latencies.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        let inDay = rows.filter { $0[0] >= "2024-10-26T22:00:00Z" && $0[0] < "2024-10-27T23:00:00Z" }.map { Double($0[2])! }
        #expect(inDay.count > 40 && inDay.count < 128)
        let line = try #require(database.split(separator: "\n").first { $0.hasPrefix("day,2024-10-27,") })
        #expect(line.hasSuffix(",\(Exporter.formatNumber(Self.linear(inDay, 0.95)))"), "\(line)")
        // A week of more values than a file keeps as they are: the table's is exact all the same.
        let week = rows.filter { $0[0] >= "2024-10-20T22:00:00Z" && $0[0] < "2024-10-27T23:00:00Z" }.map { Double($0[2])! }
        let weekLine = try #require(database.split(separator: "\n").first { $0.hasPrefix("week,2024-W43,") })
        #expect(week.count > QuantileSketch.exactLimit && weekLine.hasSuffix(",\(Exporter.formatNumber(Self.linear(week, 0.95)))"), "\(weekLine)")
        // Every hour with rows has its p95: none is left empty.
        let hours = database.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .filter { $0[0] == "hour" && $0[4] != "0" }
        #expect(hours.count > 50 && hours.allSatisfy { !$0.last!.isEmpty })
    }

    /// Each series' periods and all of them together, each answered whole: an export by host equals the file's.
    @Test func seriesAreAnsweredApartAndTogether() throws {
        var options = ReadOptions()
        options.seriesColumn = "host"
        let (database, file) = try Self.exports(options)
        Self.expectSame(database, file)
        #expect(database.contains("web-2,day,"))
        options.filter = try RowFilter.parse("latency > 500")
        let filtered = try Self.exports(options)
        Self.expectSame(filtered.database, filtered.file)
    }

    /// A filter with no series column: the statement has no series names to
    /// bind, so the filter's first operand is `$5`, not `$6`; the export equals the file's.
    @Test func aFilterWithoutSeriesIsAnsweredAsTheFiles() throws {
        var options = ReadOptions()
        options.seriesColumn = "none"
        options.filter = try RowFilter.parse("latency > 500 and host = web-1")
        let (database, file) = try Self.exports(options)
        Self.expectSame(database, file)
        #expect(!database.contains("web-"))
    }
}

extension PostgresPercentileTests {
    /// The table loaded with `--agg p95`, its percentiles asked of the server by a background worker.
    static func answeringTable() throws -> (Dataset, FinePages) {
        try #require(table != nil)
        var options = ReadOptions()
        options.valueColumn = "latency"
        options.keepsSketches = true
        options.percentiles = [p95]
        let source = try PostgresSource(try PostgresConnection(DatabaseFixtures.address()), relation: .table("latencies"), options: options,
                                        setup: DatabaseFixtures.setup(zone: "Europe/Berlin", levels: levels))
        let pages = FinePages(source: source, mode: .background, budget: 1 << 20)
        return (Dataset(loaded: try source.coarse { _ in }, levels: levels, finePages: pages), pages)
    }

    /// The load reads no percentile: a page asks its own when first drawn,
    /// is drawn as reading until the worker brings them, and then shows
    /// the exact percentile of its period and of each bar.
    @Test func aPageAsksItsPercentilesWhenFirstShown() throws {
        let (dataset, pages) = try Self.answeringTable()
        #expect(dataset.answersPercentiles)
        // Sunday 27 October in Berlin, the day of 25 hours: the second day.
        let waiting = dataset.page(.day, index: 1)
        #expect(waiting.fetching && waiting.sketch == nil && waiting.buckets.allSatisfy { $0.sketch == nil })
        let missed = pages.takeMissed()
        #expect(missed.count == 1)
        pages.fetch(missed)
        // The worker's read ends however long it takes: no time is measured.
        while pages.isFetching { Thread.sleep(forTimeInterval: 0.01) }
        #expect(pages.takeArrivals())
        let page = dataset.page(.day, index: 1)
        let rows = Self.latencies.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
        func values(_ from: Int64, _ to: Int64) -> [Double] {
            rows.filter { $0[0] >= DatabaseFixtures.iso(from) && $0[0] < DatabaseFixtures.iso(to) }.map { Double($0[2])! }
        }
        #expect(!page.fetching && page.start == 1_729_980_000 && page.end == 1_730_070_000 && page.buckets.count == 25)
        #expect(page.sketch?.quantile(0.95) == Self.linear(values(page.start, page.end), 0.95))
        for bar in page.buckets {
            let inBar = values(bar.start, bar.end)
            #expect(bar.sketch?.quantile(0.95) == (inBar.isEmpty ? nil : Self.linear(inBar, 0.95)), "\(bar.start)")
        }
        #expect(pages.takeMissed().isEmpty)
    }

    /// The map's shading and the overview's total of a table come from the server's answers
    /// too, asked in the background like a page's: nothing (an empty scale, no total) until then.
    @Test func theMapsShadingAndTheOverviewsTotalAreAnswered() throws {
        let (dataset, pages) = try Self.answeringTable()
        #expect(dataset.heatScale(.day, aggregate: Self.p95, series: 0, value: 0) == HeatScale(values: []))
        #expect(dataset.totalSketch() == nil)
        pages.fetch(pages.takeMissed())
        while pages.isFetching { Thread.sleep(forTimeInterval: 0.01) }
        #expect(pages.takeArrivals())
        // A day's map shows its hours (Berlin's are whole UTC hours): every hour's p95.
        let hours = Dictionary(grouping: Self.readings) { $0.time / 3600 }.values.map { Self.linear($0.map(\.latency), 0.95) }
        #expect(dataset.heatScale(.day, aggregate: Self.p95, series: 0, value: 0) == HeatScale(values: hours))
        #expect(dataset.totalSketch()?.quantile(0.95) == Self.linear(Self.readings.map(\.latency), 0.95))
    }
}
