import Foundation
import Testing
@testable import StrataData
import StrataPostgres

/// Interval rows in a table (the tv-guide fixture: programmes across the
/// end of summer time in Berlin) are what the same rows are in a CSV file:
/// every period of every level counts the programmes overlapping it once,
/// with the overlap's seconds, whether `date_trunc` or the fallback for
/// older engines cuts the hours; and a window's intervals, a page's
/// buckets and a card's rows are the file's too.
struct PostgresIntervalTests {
    static let allLevels: [Level] = [.hour, .day, .week, .month, .quarter, .year]

    @Test(arguments: ["UTC", "Europe/Berlin", "America/New_York"])
    func exportsAsTheFileDoes(zone: String) throws {
        for fallback in [false, true] {
            let (database, file, _) = try DatabaseFixtures.both("tv_guide", setup: DatabaseFixtures.setup(zone: zone, levels: Self.allLevels),
                                                                fallback: fallback)
            #expect(database.accumulator.holdsIntervals && file.accumulator.holdsIntervals)
            #expect(database.seriesNames == file.seriesNames && database.seriesNames.count > 10)
            #expect(database.valueName == ColumnNames.intervalDuration && file.valueName == ColumnNames.intervalDuration)
            #expect(database.accepted == file.accepted && database.accepted == 4823)
            let exported = DatabaseFixtures.export(database)
            #expect(exported == DatabaseFixtures.export(file), "in \(zone), fallback \(fallback)")
            #expect(exported.split(separator: "\n").count > 1000)
            // Each interval once with its whole length, per series and over all.
            let ours = Dataset(loaded: database, levels: Self.allLevels), theirs = Dataset(loaded: file, levels: Self.allLevels)
            #expect(ours.series.map(\.total) == theirs.series.map(\.total))
        }
    }

    /// Weeks starting on Sunday, and levels from a week up (days as the base).
    @Test func sundayWeeksFromDays() throws {
        var setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.week, .month, .year])
        setup.weekStart = .sunday
        let (database, file, _) = try DatabaseFixtures.both("tv_guide", setup: setup)
        #expect(database.accumulator.baseUnit == .day)
        #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
    }

    /// With no flags the table's picks are the file's: the end, the series, the label, the levels.
    @Test func picksAsTheFileDoes() throws {
        let (database, file, source) = try DatabaseFixtures.both("tv_guide", setup: DatabaseFixtures.setup(zone: "Europe/Berlin", levels: nil))
        #expect(database.seriesColumn == "channel" && file.seriesColumn == "channel")
        #expect(database.levels == file.levels)
        #expect(database.profile.typicalDuration == file.profile.typicalDuration)
        #expect(database.notes.contains { $0.hasPrefix("end: column \"end\"") })
        #expect(database.notes.contains("label: column \"title\" (--label picks another)"))
        #expect(try source.describe().holdsIntervals)
        #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
    }

    /// A window's intervals: start, end, label and series, as the file's source reads the same window.
    @Test(arguments: [false, true])
    func intervalsOfAWindowAreTheFiles(fallback: Bool) throws {
        let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day, .week])
        let (database, file, source) = try DatabaseFixtures.both("tv_guide", setup: setup, fallback: fallback)
        let files = FileSource([], options: ReadOptions(), setup: setup, loaded: file)
        let windows: [(Int64, Int64)] = [
            (1_729_987_200, 1_730_001_600),  // 2024-10-27 00:00–04:00 UTC: Berlin's clock goes back
            (1_729_461_600, 1_729_548_000),  // a whole day, from before the first programme
            (1_729_600_000, 1_729_600_000),  // no time at all, inside programmes
            (1_729_600_000, 1_729_600_001),  // one second
            (1_600_000_000, 1_600_003_600),  // before the data
            (0, 2_000_000_000),              // everything
        ]
        for (from, to) in windows {
            let ours = try #require(try source.intervals(from: from, to: to, progress: nil))
            let theirs = try #require(try files.intervals(from: from, to: to, progress: nil))
            #expect(Self.blocks(ours, database.seriesNames) == Self.blocks(theirs, file.seriesNames), "\(from)..<\(to)")
            if to - from > 1000 && from > 1_700_000_000 { #expect(ours.count > 0) }
        }
        #expect(try source.intervals(from: 0, to: 2_000_000_000, progress: nil)?.count == 4823)
    }

    /// A page's buckets of every unit, and a card's rows, over ranges across the clock change.
    @Test func bucketsAndRowsOfARange() throws {
        let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day, .week, .month])
        let (database, file, source) = try DatabaseFixtures.both("tv_guide", setup: setup)
        let files = FileSource([], options: ReadOptions(), setup: setup, loaded: file)
        for (from, to) in [(1_729_987_200, 1_730_001_600), (1_729_500_000, 1_730_300_000), (1_729_990_123, 1_729_990_123)] {
            for unit in [TimeUnit.minute, .hour, .day, .week, .month] {
                let ours = try #require(try source.fine(from: Int64(from), to: Int64(to), unit: unit))
                let theirs = try #require(try files.fine(from: Int64(from), to: Int64(to), unit: unit))
                #expect(ours == theirs, "\(unit) over \(from)..<\(to)")
            }
            let arte = 1 + (try #require(database.seriesNames.firstIndex(of: "arte")))
            for series in [0, arte] {
                let ours = try source.rows(from: Int64(from), to: Int64(to), series: series, limit: 5000)
                let theirs = try files.rows(from: Int64(from), to: Int64(to), series: series, limit: 5000)
                #expect(ours.count == theirs.count, "rows of series \(series) over \(from)..<\(to)")
                // The same rows: the table's columns as text are the file's fields, times aside.
                #expect(ours.map { $0.text.split(separator: ",").prefix(3) } .sorted { $0.lexicographicallyPrecedes($1) }
                        == theirs.map { $0.text.split(separator: ",").prefix(3) }.sorted { $0.lexicographicallyPrecedes($1) })
            }
        }
    }

    /// Polls with their values (`polls.csv`: vote shares and a sample size)
    /// are what the file makes of them, beside the duration or picked by
    /// `--value`: a share's period is its polls' mean weighted by their time
    /// in it, a sample size counts where its poll starts, on every level,
    /// pollster and value, and in a range cut through polls.
    @Test(arguments: [nil, "ALP_pct", "sample_size"] as [String?])
    func valuesOfIntervalsAsTheFileCountsThem(value: String?) throws {
        var options = ReadOptions()
        options.valueColumn = value
        let levels: [Level] = [.day, .week, .month, .quarter]
        for fallback in [false, true] {
            let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: levels)
            let (database, file, source) = try DatabaseFixtures.both("polls", options: options, setup: setup, fallback: fallback)
            #expect(database.valueName == file.valueName && database.valueName == value ?? ColumnNames.intervalDuration)
            #expect(database.otherValues.map(\.name) == file.otherValues.map(\.name) && file.otherValues.count == 3)
            #expect(database.suggestedAggregate == file.suggestedAggregate)
            #expect(database.notes.contains { $0.hasPrefix("other values: ") } && database.seriesNames == file.seriesNames)
            #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
            let ours = Dataset(loaded: database, levels: levels), theirs = Dataset(loaded: file, levels: levels)
            #expect(ours.intervalShares == theirs.intervalShares)
            #expect(ours.seriesByValue.map { $0.map(\.total) } == theirs.seriesByValue.map { $0.map(\.total) })
            for v in theirs.valueNames.indices {
                for level in levels {
                    for i in 0..<theirs.count(level) {
                        for s in theirs.series.indices {
                            let a = ours.page(level, index: i, series: s, value: v), b = theirs.page(level, index: i, series: s, value: v)
                            #expect(a.stats == b.stats && a.buckets == b.buckets, "\(theirs.valueNames[v]) \(level) \(i) series \(s)")
                        }
                    }
                }
            }
            // A `date` end is its whole day, as a file's date alone: 10–13 and 11–16 January hold 4 days each of the week
            // of 8 January (Berlin's midnights, no clock change), so ALP's share there is (52 × 4 + 50.5 × 4) / 8.
            #expect(database.notes.contains("end: column \"end\", date, to the end of each day (rows are intervals; --end or --duration picks another)"),
                    "\(database.notes)")
            if value == "ALP_pct" {
                let week = ours.index(.week, containing: 1_704_844_800)  // 2024-01-10T00:00Z
                #expect(ours.stats(.week, index: week, value: 0).mean == 51.25)
            }
            // From the middle of Resolve's 11–16 January to the middle of Newspoll's 31 January–3 February.
            let files = FileSource([], options: options, setup: setup, loaded: file)
            for unit in [TimeUnit.hour, .day, .week] {
                let (from, to) = (Int64(1_705_100_000), Int64(1_706_850_000))
                #expect(try source.fine(from: from, to: to, unit: unit) == files.fine(from: from, to: to, unit: unit), "\(unit)")
            }
        }
    }

    /// `--duration` on an `interval` column and on one of seconds, against the file's column of seconds.
    @Test(arguments: ["interval", "seconds"])
    func durationsAsTheFileDoes(kind: String) throws {
        let server = try DatabaseFixtures.server
        let table = "tv_lengths_\(kind)"
        let length = kind == "interval" ? "\"end\" - start" : "extract(epoch FROM \"end\" - start)::int4"
        try server.psql("CREATE TABLE IF NOT EXISTS \(table) AS SELECT channel, title, start, \(length) AS length FROM tv_guide")
        var options = ReadOptions()
        options.durationColumn = "length"
        let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day, .week, .month])
        let source = try PostgresSource(try PostgresConnection(try DatabaseFixtures.address()), relation: .table(table), options: options, setup: setup)
        let database = try source.coarse { _ in }
        // The same rows as a file: lengths in seconds.
        let iso = ISO8601DateFormatter()
        let csv = try DatabaseFixtures.loaded.get().1["tv_guide"]!.split(separator: "\n").enumerated().map { i, line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            guard i > 0 else { return "channel,title,start,length" }
            let seconds = Int(iso.date(from: String(f[4]))!.timeIntervalSince(iso.date(from: String(f[3]))!))
            return "\(f[0]),\(f[1]),\(f[3]),\(seconds)"
        }.joined(separator: "\n") + "\n"
        let file = try DataLoader.load([.file(try server.file("\(table).csv", contents: csv))], options: options, setup: setup)
        #expect(database.seriesNames == file.seriesNames)
        #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
        #expect(database.accepted == 4823)
    }

    /// Within a memory budget (one byte) an interval table keeps its finest
    /// level's periods, every channel's together, as an interval file does:
    /// its pages (the two days around the clock change) read their bars back
    /// and equal a full load's, and the timeline reads its window.
    @Test func intervalsKeepTheirBaseWithinABudget() throws {
        let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day, .week])
        let (queried, whole, database, full) = try DatabaseFixtures.budgeted("tv_guide", setup: setup)
        #expect(database.accumulator.baseUnit == .hour && database.accumulator.mergesSeriesBase && full.accumulator.baseUnit == .minute)
        #expect(queried.readsPages(of: .hour) && queried.readsPages(of: .day, series: 1) && !queried.keepsPeriods(of: .hour, series: 1))
        let clockChange: Int64 = 1_729_990_800
        for level in [Level.hour, .day, .week] {
            #expect(queried.count(level) == whole.count(level))
            let around = whole.index(level, containing: clockChange - 86_400)...whole.index(level, containing: clockChange + 86_400)
            DatabaseFixtures.comparePages(queried, whole, level, at: level == .hour ? Array(around) : Array(0..<whole.count(level)))
        }
        let window = (clockChange - 7200, clockChange + 7200)
        let ours = try #require(queried.intervals(periods: [window.0..<window.1]))
        // The full load keeps every interval: those of the window are looked up.
        let theirs = try #require(whole.intervals(periods: [window.0..<window.1]))
        let inWindow = theirs.bySeries.indices.map { s in theirs.overlapping(series: s, from: window.0, to: window.1).map { theirs.bySeries[s][$0] } }
        let theirWindow = IntervalIndex(bySeries: inWindow, labels: theirs.labels, seriesCount: inWindow.count, inputs: theirs.inputs)
        #expect(ours.count > 20)
        #expect(Self.blocks(ours, database.seriesNames) == Self.blocks(theirWindow, full.seriesNames))
    }

    /// Rows that are no intervals (an end before the start, none, one a
    /// century late) are skipped and counted as a file skips them, and the
    /// levels picked come from the rest.
    @Test func badIntervalsAreSkippedAsInAFile() throws {
        let server = try DatabaseFixtures.server
        let csv = try DatabaseFixtures.loaded.get().1["tv_guide"]! + """
            arte,Backwards,Film,2024-11-04T05:00:00+01:00,2024-11-04T04:00:00+01:00
            arte,No End,Film,2024-11-04T05:30:00+01:00,
            arte,A Century,Film,2024-11-04T06:00:00+01:00,2124-11-04T06:00:00+01:00

            """
        let path = try server.file("tv_bad.csv", contents: csv)
        try server.psql("DROP TABLE IF EXISTS tv_bad")
        try server.load("tv_bad", columns: "channel text, title text, genre text, start timestamptz, \"end\" timestamptz", csv: path)
        for levels in [nil, [Level.hour, .day, .week, .month, .year]] {
            let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: levels)
            let source = try PostgresSource(try PostgresConnection(try DatabaseFixtures.address()), relation: .table("tv_bad"),
                                            options: ReadOptions(), setup: setup)
            let database = try source.coarse { _ in }
            let file = try DataLoader.load([.file(path)], options: ReadOptions(), setup: setup)
            #expect(database.skipped == 3 && file.skipped == 3)
            // A table's row has no line: the note counts them by why.
            #expect(database.notes.contains { $0.hasPrefix("intervals: skipped 3 rows: 1 with no end, 1 ending before they start, 1 lasting over ") })
            #expect(database.accepted == file.accepted && database.rowsRead == file.rowsRead)
            #expect(database.levels == file.levels)
            #expect(database.seriesNames == file.seriesNames)
            #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
        }
    }

    /// Naive times (`timestamp`), read in the zone as a file's naive times
    /// are: a time in the hour Berlin's clock shows twice is its first
    /// instant, so programmes there move an hour earlier in both.
    @Test func naiveTimesAsTheFileDoes() throws {
        let server = try DatabaseFixtures.server
        // Berlin's clock: each time with its offset cut off.
        let csv = try DatabaseFixtures.loaded.get().1["tv_guide"]!.replacing(/([+-]\d\d:\d\d)(,|\n)/) { $0.output.2 }
        let path = try server.file("tv_local.csv", contents: csv)
        try server.psql("DROP TABLE IF EXISTS tv_local")
        try server.load("tv_local", columns: "channel text, title text, genre text, start timestamp, \"end\" timestamp", csv: path)
        let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day, .week, .month])
        let source = try PostgresSource(try PostgresConnection(try DatabaseFixtures.address()), relation: .table("tv_local"),
                                        options: ReadOptions(), setup: setup)
        let database = try source.coarse { _ in }
        let file = try DataLoader.load([.file(path)], options: ReadOptions(), setup: setup)
        #expect(database.accepted == file.accepted && database.accepted == 4823)
        #expect(database.seriesNames == file.seriesNames)
        #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
    }

    /// Two time columns and no flag: the second, never before the first and
    /// far shorter after it, ends the intervals, as in a file; `--end none` counts the starts.
    @Test func aSecondTimeEndsTheIntervals() throws {
        let server = try DatabaseFixtures.server
        try server.psql("CREATE TABLE IF NOT EXISTS airings AS SELECT channel, title, start AS went_on, \"end\" AS went_off FROM tv_guide")
        let setup = DatabaseFixtures.setup(zone: "Europe/Berlin", levels: [.hour, .day, .week])
        let connection = try PostgresConnection(try DatabaseFixtures.address())
        let database = try PostgresSource(connection, relation: .table("airings"), options: ReadOptions(), setup: setup).coarse { _ in }
        let csv = try DatabaseFixtures.loaded.get().1["tv_guide"]!.split(separator: "\n").enumerated().map { i, line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            return i == 0 ? "channel,title,went_on,went_off" : "\(f[0]),\(f[1]),\(f[3]),\(f[4])"
        }.joined(separator: "\n") + "\n"
        let file = try DataLoader.load([.file(try server.file("airings.csv", contents: csv))], options: ReadOptions(), setup: setup)
        #expect(database.accumulator.holdsIntervals && file.accumulator.holdsIntervals)
        #expect(database.notes.contains { $0.hasPrefix("end: column \"went_off\" (never before \"went_on\"") })
        #expect(database.seriesNames == file.seriesNames)
        #expect(DatabaseFixtures.export(database) == DatabaseFixtures.export(file))
        var none = ReadOptions()
        none.endColumn = "none"
        let starts = try PostgresSource(connection, relation: .table("airings"), options: none, setup: setup).coarse { _ in }
        #expect(!starts.accumulator.holdsIntervals && starts.accepted == 4823)
    }

    /// Each interval as the timeline draws it: series name, start, end, label; sorted.
    static func blocks(_ index: IntervalIndex, _ seriesNames: [String]) -> [String] {
        index.bySeries.enumerated().flatMap { s, records in
            records.map { "\(s < seriesNames.count ? seriesNames[s] : "-") \($0.start) \($0.end) \(index.label($0))" }
        }.sorted()
    }
}
