import Dispatch
import Foundation
import StrataData
import StrataPostgres
import StrataUI

extension Runner {
    /// The input when it is a `postgresql://` or `postgres://` URI.
    var databaseAddress: PostgresAddress? { command.files.first.flatMap(PostgresAddress.init) }

    /// A table or query as a road: its periods aggregated by the server,
    /// a page's finer bars and the card's rows queried when shown. The
    /// picks are reported on stderr as a file's are; while a query runs,
    /// stderr shows how long it has taken, and Ctrl-C cancels it on the
    /// server before strata exits.
    /// - Parameter change: a reload's filter and split (`f`, `F`, `g`) over
    ///   the command line's, in the levels and zone of `shown`, the load on
    ///   show: a statement of its own on a connection of its own, with no
    ///   line on stderr and no hold on Ctrl-C, which are the terminal's then.
    func databaseRoad(_ address: PostgresAddress, calendar: CalendarSystem, levels: [Level]?,
                      startLevel: Level?, change: (ReadChange, shown: LoadResult)? = nil) throws(Failure) -> Road {
        guard let relation = try databaseRelation() else { throw try nothingToRead(address) }
        var options = try columnOptions()
        options.memoryBudget = Int64(command.memory) << 20
        options.percentiles = exportedPercentiles
        options.keepsSketches = !exportedPercentiles.isEmpty
        var setup = loadSetup(calendar: calendar, levels: levels, startLevel: startLevel)
        if let (change, shown) = change { apply(change, shown: shown, to: &options, &setup) }

        let line = change == nil ? ProgressLine(query: relation.name) : nil
        let interrupt = change == nil ? DatabaseInterrupt() : nil
        line?.start()
        let expression = filterText(change?.0)
        let failure: @Sendable (ReadError) -> Failure = { error in
            guard interrupt?.happened != true else { return Failure(message: "\(address.display): cancelled", exitCode: 130) }
            return Failure(error.locatingField(in: expression))
        }
        let source: PostgresSource, connection: PostgresConnection
        do throws(ReadError) {
            connection = try PostgresConnection(address, statementTimeout: command.statementTimeout.map { $0 * 1000 })
            interrupt?.connection = connection
            source = try PostgresSource(connection, relation: relation, options: options, setup: setup)
        } catch {
            line?.finish()
            interrupt?.stop()
            throw failure(error)
        }
        // Before the load, which a refusal after it would have read whole for nothing.
        if (try? source.describe())?.holdsIntervals == true, !exportedPercentiles.isEmpty {
            line?.finish()
            interrupt?.stop()
            try refusePercentilesOfIntervals()
        }
        var road = Road(source: source,
                        ended: {
                            line?.finish()
                            interrupt?.stop()
                        },
                        readsRangesAgain: { _ in true },
                        rows: { _ in source },
                        endNotice: nil,
                        follow: nil,
                        failure: failure)
        // A load a reload replaced: the server stops its statement rather than aggregate rows no screen shows.
        road.stop = { connection.cancel() }
        return road
    }

    /// `--table`, `--query` and `--statement-timeout` without a database to read.
    func checkDatabaseOptions() throws(Failure) {
        guard databaseAddress == nil else { return }
        let given = [("--table", command.table != nil), ("--query", command.query != nil),
                     ("--statement-timeout", command.statementTimeout != nil)].first { $0.1 }
        if let (option, _) = given { throw .usage("\(option) reads a database: give a postgresql:// URI as the input") }
    }

    /// The URI alone: what to add, with the tables there are to read.
    private func nothingToRead(_ address: PostgresAddress) throws(Failure) -> Failure {
        let tables: [String]
        do throws(ReadError) {
            tables = try PostgresConnection(address).tablesWithTimes()
        } catch {
            throw Failure(error)
        }
        let list = tables.isEmpty ? "no table there has a timestamp or date column"
            : "tables with a timestamp or date column: \(tables.prefix(10).joined(separator: ", "))\(tables.count > 10 ? ", …" : "")"
        return .usage("\(address.display): say what to read with --table NAME or --query 'SELECT …' (\(list))")
    }

    /// `--table` or `--query`, at most one (nil: neither); and no option that only files take.
    private func databaseRelation() throws(Failure) -> PostgresRelation? {
        guard command.files.count == 1 else { throw .usage("a database URI is read on its own: give no other input with it") }
        if command.follow { throw .usage("-f follows a file as it grows; a database is read as it is") }
        let text = [("--time-format", command.timeFormat != nil), ("--year", command.year != nil), ("--no-header", command.noHeader), ("--skip", command.skip != nil),
                    ("--strict", command.strict), ("--format", command.format != .auto)]
        if let (option, _) = text.first(where: { $0.1 }) { throw .usage("\(option) reads text; a database's columns have types") }
        switch (command.table, command.query) {
        case (let table?, nil): return .table(table)
        case (nil, let query?): return .query(query)
        case (nil, nil): return nil
        case (_?, _?): throw .usage("--table and --query both say what to read: give one")
        }
    }
}

/// Ctrl-C while a query runs: the server is asked to stop it (`PQcancel`),
/// and the query's failure then ends strata (exit 130), not a hang.
private final class DatabaseInterrupt: @unchecked Sendable {
    private let lock = NSLock()
    private var current: PostgresConnection?
    private var interrupted = false
    private var stopped = false
    private let signals: DispatchSourceSignal

    var connection: PostgresConnection? {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    var happened: Bool { lock.withLock { interrupted } }

    /// The query has ended: Ctrl-C goes back to ending strata at once.
    func stop() {
        lock.withLock {
            current = nil
            guard !stopped else { return }
            stopped = true
            signals.cancel()
            signal(SIGINT, SIG_DFL)
        }
    }

    init() {
        signal(SIGINT, SIG_IGN)
        signals = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signals.setEventHandler { [unowned self] in
            let connection = lock.withLock { () -> PostgresConnection? in
                interrupted = true
                return current
            }
            // Before the connection is made there is nothing to cancel: exit as Ctrl-C always does.
            guard let connection else { exit(130) }
            connection.cancel()
        }
        signals.resume()
    }

    deinit {
        stop()
    }
}
