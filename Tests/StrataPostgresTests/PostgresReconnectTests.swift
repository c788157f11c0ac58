import Foundation
import Testing
@testable import StrataData
@testable import StrataPostgres

/// The server stops mid-session (`pg_ctl stop -m fast`) and starts again:
/// the page whose read met the lost connection waits, every read while it
/// is down fails at once, and once the server is back the connection is
/// opened again with its settings and the page is read. A server of its
/// own: the shared one serves the tests running beside this one.
struct PostgresReconnectTests {
    /// 2024-01-01 UTC, where the table starts.
    static let newYear: Int64 = 1_704_067_200

    /// Polls `done` every 10 ms until it holds or `timeout` passes; whether it held.
    static func wait(_ timeout: Duration, until done: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !done() {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return true
    }

    @Test func aPageReadWhileTheServerIsDownIsReadOnceItIsBack() throws {
        let server = try ThrowawayServer()
        try server.psql("CREATE TABLE minutes AS SELECT t AS time, extract(minute FROM t)::float8 AS v "
                        + "FROM generate_series('2024-01-01'::timestamptz, '2024-01-07 23:59', '1 minute') t")
        let connection = try PostgresConnection(PostgresAddress(server.uri)!, statementTimeout: 60_000)
        var options = ReadOptions()
        options.memoryBudget = 1
        let source = try PostgresSource(connection, relation: .table("minutes"), options: options,
                                        setup: DatabaseFixtures.setup(zone: "UTC", levels: [.hour, .day]))
        let result = try source.coarse { _ in }
        #expect(result.accumulator.baseUnit == .hour)
        let fine = FinePages(source: source, mode: .background, budget: 1 << 20)
        let dataset = Dataset(loaded: result, levels: result.levels, finePages: fine)
        let link = try #require(dataset.link)
        let read = { (hour: Int) -> Bool in
            let page = dataset.page(.hour, index: hour, series: 0)
            if page.fetching { fine.fetch(fine.takeMissed()) }
            return !page.fetching
        }
        #expect(Self.wait(.seconds(10)) { read(10) }, "a page read while the server runs")

        try server.halt()
        #expect(!read(11))
        #expect(Self.wait(.seconds(10)) { link.lost != nil }, "the read of the next page finds the connection lost")
        #expect(dataset.fetchReadiness == .failed("connection lost"))
        #expect(link.lost?.message.hasPrefix("strata: \(PostgresAddress(server.uri)!.display): connection lost: ") == true)
        // While it is down a read fails at once: a card's rows never wait on a server that is gone.
        let asked = ContinuousClock.now
        #expect(throws: ReadError.self) { _ = try source.rows(from: Self.newYear, to: Self.newYear + 86_400, series: 0, limit: 5) }
        #expect(asked.duration(to: .now) < .milliseconds(100))

        try server.resume()
        let resumed = ContinuousClock.now
        // The longest wait between attempts is 8 s.
        #expect(Self.wait(.seconds(20)) { read(11) }, "the page once the server is back")
        let took = resumed.duration(to: .now)
        #expect(took < .seconds(10), "read \(took) after the server was back")
        #expect(link.state == .connected && link.takeRestored())
        #expect(dataset.page(.hour, index: 11, series: 0).buckets.count == 60)

        // The session is the one strata set up: read-only, its statement timeout, exact numbers.
        let settings = try connection.query("SELECT current_setting('default_transaction_read_only'), "
                                            + "current_setting('statement_timeout'), current_setting('extra_float_digits')")
        #expect((0..<3).map { settings.text(0, $0) } == ["on", "1min", "3"])
        #expect(try source.rows(from: Self.newYear, to: Self.newYear + 86_400, series: 0, limit: 5).count == 5)
    }
}
