import Foundation
import Testing
@testable import StrataData

/// `FileSource`'s four queries against brute force: fine buckets against
/// a full load's minute buckets regrouped, raw rows against the file's
/// lines filtered by their generated times, describe against a full load.
/// Values are multiples of 1/4 and small, so every sum is exact in any order.
struct FileSourceTests {
    static let newYork = Fixture.newYork

    /// Readings of three cities every few minutes across both 2024 clock
    /// changes in New York, written as naive local times, with two value
    /// columns (`amount` sometimes empty).
    struct Generated {
        struct Row {
            let seconds: Int64
            let city: String
            let text: String
        }

        let rows: [Row]
        let header = "time,city,temp,amount"

        /// - Parameter unambiguous: leave out the hour New York's clock repeats in November,
        ///   whose naive times name two instants.
        init(seed: UInt64, unambiguous: Bool = false) {
            var random = SplitMix(seed: seed)
            let format = DateFormatter()
            format.locale = Locale(identifier: "en_US_POSIX")
            format.timeZone = TimeZone(identifier: "America/New_York")
            format.dateFormat = "yyyy-MM-dd HH:mm:ss"
            let repeated = Fixture.utc(2024, 11, 3, 5)..<Fixture.utc(2024, 11, 3, 7)
            var rows: [Row] = []
            for (from, to) in [(Fixture.utc(2024, 3, 9, 12), Fixture.utc(2024, 3, 11, 18)),
                               (Fixture.utc(2024, 11, 2, 12), Fixture.utc(2024, 11, 4, 6))] {
                var t = from
                while t < to {
                    if !(unambiguous && repeated.contains(t)) {
                        let city = ["Boston", "Albany", "Newark"][Int(random.next() % 3)]
                        let temp = Double(Int(random.next() % 161) - 80) / 4
                        let amount = random.next() % 7 == 0 ? "" : String(random.next() % 500)
                        let text = "\(format.string(from: Date(timeIntervalSince1970: TimeInterval(t)))),\(city),\(temp),\(amount)"
                        rows.append(Row(seconds: t, city: city, text: text))
                    }
                    // Whole minutes, so a minute load is the brute force at every coarser unit.
                    t += 60 * Int64(1 + random.next() % 9)
                }
            }
            self.rows = rows
        }

        /// The rows in a random order.
        func shuffled(seed: UInt64) -> [Row] {
            var random = SplitMix(seed: seed)
            var rows = self.rows
            for i in rows.indices.reversed() where i > 0 { rows.swapAt(i, Int(random.next() % UInt64(i + 1))) }
            return rows
        }

        static func text(_ rows: [Row], header: String) -> String {
            ([header] + rows.map(\.text)).joined(separator: "\n") + "\n"
        }
    }

    /// Two threads (one per half) and tiny buffers, as the reader tests use.
    static func options(series: String = "city") -> ReadOptions {
        var limits = ScannerLimits()
        limits.chunk = 4096
        return Fixture.options {
            $0.seriesColumn = series
            $0.splitThreshold = 1
            $0.limits = limits
        }
    }

    static func load(_ path: String, unit: TimeUnit, series: String = "city") throws -> LoadResult {
        try DataLoader.load([.file(path)], options: options(series: series), calendar: newYork, baseUnit: unit)
    }

    /// A source over a finished load whose periods are days, as a coarse load would keep them.
    static func source(_ path: String, series: String = "city") throws -> FileSource {
        var setup = LoadSetup()
        setup.zone = newYork.zone
        return FileSource([.file(path)], options: options(series: series), setup: setup, loaded: try load(path, unit: .day, series: series))
    }

    /// What `fine` must give: the buckets of a full load (minutes, or `unit`
    /// itself for intervals) whose start is in `range`, merged by their
    /// bucket of `unit`, per column and series name.
    static func expected(_ minutes: LoadResult, range: Range<Int64>, unit: TimeUnit) -> [String: [SubBucket]] {
        let calendar = minutes.calendar
        let columns = [minutes.accumulator] + minutes.otherValues.map(\.accumulator)
        let names = [minutes.valueName] + minutes.otherValues.map(\.name)
        var expected: [String: [SubBucket]] = [:]
        for (k, column) in columns.enumerated() {
            for (s, city) in minutes.seriesNames.enumerated() {
                var byOrdinal: [Int: Stats] = [:]
                let series = column.sortedBuckets(series: s)
                for (ordinal, stats) in zip(series.ordinals, series.stats) {
                    let start = calendar.start(of: column.baseUnit, ordinal: ordinal)
                    guard range.contains(start) else { continue }
                    byOrdinal[calendar.ordinal(of: unit, at: start), default: Stats()].merge(stats)
                }
                expected["\(names[k])/\(city)"] = byOrdinal.keys.sorted().map { o in
                    SubBucket(start: max(calendar.start(of: unit, ordinal: o), range.lowerBound),
                                       end: min(calendar.start(of: unit, ordinal: o + 1), range.upperBound), stats: byOrdinal[o]!)
                }
            }
        }
        return expected
    }

    /// `fine`'s buckets by `column/series`, as `expected` keys them.
    static func found(_ fine: FineBuckets) -> [String: [SubBucket]] {
        var found: [String: [SubBucket]] = [:]
        for (k, name) in fine.valueNames.enumerated() {
            for (s, city) in fine.seriesNames.enumerated() { found["\(name)/\(city)"] = fine.buckets[k][s] }
        }
        return found
    }

    /// Random ranges: some on edges of `unit`, some on any minute, some on any second.
    static func ranges(count: Int, seed: UInt64, calendar: CalendarSystem, unit: TimeUnit) -> [Range<Int64>] {
        var random = SplitMix(seed: seed)
        let first = Fixture.utc(2024, 3, 9), last = Fixture.utc(2024, 11, 5)
        return (0..<count).map { i in
            // Mostly near one of the two clock changes, sometimes across the months between them.
            let around = i % 2 == 0 ? Fixture.utc(2024, 3, 10, 7) : Fixture.utc(2024, 11, 3, 6)
            var a = i % 7 == 6 ? first + Int64(random.next() % UInt64(last - first)) : around - 86_400 * 2 + Int64(random.next() % (86_400 * 4))
            var b = a + Int64(random.next() % UInt64(i % 7 == 6 ? 86_400 * 240 : 86_400 * 2))
            switch i % 3 {
            case 0:
                a = calendar.start(of: unit, ordinal: calendar.ordinal(of: unit, at: a))
                b = calendar.start(of: unit, ordinal: calendar.ordinal(of: unit, at: b) + 1)
            case 1:
                a -= a % 60
                b -= b % 60
            default: break
            }
            return a..<b
        }
    }

    static func checkFine(_ path: String, reference: LoadResult, seed: UInt64) throws {
        let source = try source(path)
        for unit in [TimeUnit.minute, .hour, .day] {
            for range in ranges(count: 24, seed: seed &+ UInt64(unit.rawValue), calendar: newYork, unit: unit) {
                let fine = try #require(try source.fine(from: range.lowerBound, to: range.upperBound, unit: unit))
                #expect(fine.seriesNames.sorted() == ["Albany", "Boston", "Newark"])
                #expect(fine.valueNames == [reference.valueName] + reference.otherValues.map(\.name))
                let found = found(fine), expected = expected(reference, range: range, unit: unit)
                #expect(found == expected, "\(unit) \(range): \(found.values.map(\.count)) buckets, expected \(expected.values.map(\.count))")
            }
        }
    }

    // MARK: fine

    @Test func fineBucketsOfASortedFileMatchAFullLoad() throws {
        let g = Generated(seed: 1)
        try Fixture.withFile("sorted.csv", Generated.text(g.rows, header: g.header)) { path in
            try Self.checkFine(path, reference: try Self.load(path, unit: .minute), seed: 10)
        }
    }

    @Test func fineBucketsOfAShuffledFileMatchAFullLoad() throws {
        let g = Generated(seed: 2)
        try Fixture.withFile("shuffled.csv", Generated.text(g.shuffled(seed: 3), header: g.header)) { path in
            try Self.checkFine(path, reference: try Self.load(path, unit: .minute), seed: 20)
        }
    }

    @Test func fineBucketsOfAGzipFileMatchAFullLoad() throws {
        let g = Generated(seed: 4)
        try Fixture.withFolder { folder in
            let gz = try Fixture.gzip(Fixture.write("readings.csv", Generated.text(g.rows, header: g.header), in: folder))
            try Self.checkFine(gz, reference: try Self.load(gz, unit: .minute), seed: 30)
        }
    }

    /// Intervals count where they overlap the range, cut at its edges as at
    /// the buckets': compared with a full load at the unit, on ranges on its edges.
    @Test func fineBucketsOfIntervalsMatchAFullLoad() throws {
        var random = SplitMix(seed: 16)
        var text = "start,end,room\n"
        var t = Fixture.utc(2024, 3, 9, 12)
        while t < Fixture.utc(2024, 3, 11, 12) {
            let length = Int64(random.next() % 3) * 3600 + Int64(random.next() % 60) * 60
            text += "\(Self.iso(t)),\(Self.iso(t + length)),\(["red", "blue"][Int(random.next() % 2)])\n"
            t += 60 * Int64(1 + random.next() % 40)
        }
        try Fixture.withFile("intervals.csv", text) { path in
            let source = try Self.source(path, series: "room")
            #expect(try source.describe().holdsIntervals)
            for unit in [TimeUnit.minute, .hour, .day] {
                let reference = try Self.load(path, unit: unit, series: "room")
                #expect(reference.accumulator.holdsIntervals)
                for (i, range) in Self.ranges(count: 30, seed: 17, calendar: Self.newYork, unit: unit).enumerated() where i % 3 == 0 {
                    let fine = try #require(try source.fine(from: range.lowerBound, to: range.upperBound, unit: unit))
                    #expect(Self.found(fine) == Self.expected(reference, range: range, unit: unit), "\(unit) \(range)")
                }
            }
        }
    }

    static func iso(_ t: Int64) -> String {
        ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(t)))
    }

    /// Several files with no series column: each is a series, named by its file.
    @Test func fineBucketsOfSeveralFilesHaveASeriesEach() throws {
        let g = Generated(seed: 18)
        try Fixture.withFolder { folder in
            let paths = [Fixture.write("north.csv", Generated.text(Array(g.rows.prefix(900)), header: g.header), in: folder),
                         Fixture.write("south.csv", Generated.text(g.shuffled(seed: 19), header: g.header), in: folder)]
            var setup = LoadSetup()
            setup.zone = Self.newYork.zone
            let inputs = paths.map { InputSource.file($0) }
            let options = Fixture.options { $0.splitThreshold = 1 }
            let source = FileSource(inputs, options: options, setup: setup,
                                    loaded: try DataLoader.load(inputs, options: options, calendar: Self.newYork, baseUnit: .day))
            let reference = try DataLoader.load(inputs, options: options, calendar: Self.newYork, baseUnit: .minute)
            #expect(reference.seriesNames == ["north.csv", "south.csv"])
            for range in Self.ranges(count: 20, seed: 21, calendar: Self.newYork, unit: .hour) {
                let fine = try #require(try source.fine(from: range.lowerBound, to: range.upperBound, unit: .hour))
                #expect(fine.seriesNames == reference.seriesNames)
                #expect(Self.found(fine) == Self.expected(reference, range: range, unit: .hour), "\(range)")
            }
        }
    }

    /// A day's page of a sorted file reads the checkpoints' few bytes, not the file.
    @Test func aSortedFilesPageReadsOnlyItsByteRange() throws {
        let g = Generated(seed: 5)
        try Fixture.withFile("sorted.csv", Generated.text(g.rows, header: g.header)) { path in
            let locator = try Self.load(path, unit: .day).rowLocator
            let day = Self.newYork.ordinal(of: .day, at: Fixture.utc(2024, 3, 10, 12))
            let spans = locator.spans(from: Self.newYork.start(of: .day, ordinal: day), to: Self.newYork.start(of: .day, ordinal: day + 1))
            let size = locator.sources[0].length
            #expect(spans.count == 1 && spans.reduce(0) { $0 + $1.work } < size / 3)
        }
    }

    /// The 23-hour day in March and the 25-hour day in November, hour by
    /// hour, as a day page asks. November's naive times of the repeated hour
    /// all name one of its two instants, so one hour of its 25 has no rows.
    @Test func clockChangeDaysHaveTheirHours() throws {
        let g = Generated(seed: 6)
        try Fixture.withFile("sorted.csv", Generated.text(g.rows, header: g.header)) { path in
            let source = try Self.source(path)
            for (date, length, hours) in [(Fixture.utc(2024, 3, 10, 12), 23, 23), (Fixture.utc(2024, 11, 3, 12), 25, 24)] {
                let day = Self.newYork.ordinal(of: .day, at: date)
                let fine = try #require(try source.fine(from: Self.newYork.start(of: .day, ordinal: day),
                                                        to: Self.newYork.start(of: .day, ordinal: day + 1), unit: .hour))
                #expect(fine.range.count == length * 3600)
                let starts = Set(fine.buckets[0].flatMap { $0.map(\.start) })
                #expect(starts.count == hours)
                #expect(fine.buckets[0].allSatisfy { $0.allSatisfy { $0.end - $0.start == 3600 } })
            }
        }
    }

    /// A long read (a shuffled file is read whole) reports its progress a
    /// step at a time, and stopping it gives no buckets rather than some.
    @Test func aFineReadReportsProgressAndStops() throws {
        // More rows than a step (`RowTap.rowsPerStep`), one every 7 s, shuffled.
        let count = RowTap.rowsPerStep * 2 + 100
        var random = SplitMix(seed: 22)
        var order = Array(0..<count)
        for i in order.indices.reversed() where i > 0 { order.swapAt(i, Int(random.next() % UInt64(i + 1))) }
        let text = "time,temp\n" + order.map { "\(Fixture.utc(2024, 3, 1) + Int64($0) * 7),\($0 % 40)\n" }.joined()
        try Fixture.withFile("shuffled.csv", text) { path in
            let source = try Self.source(path, series: "none")
            let day = Fixture.utc(2024, 3, 2)..<Fixture.utc(2024, 3, 3)
            var seen: [Double] = []
            let whole = try source.fine(from: day.lowerBound, to: day.upperBound, unit: .hour) { seen.append($0); return true }
            #expect(whole == (try source.fine(from: day.lowerBound, to: day.upperBound, unit: .hour)))
            #expect(whole?.buckets[0][0].count == 24 && whole?.buckets[0][0].allSatisfy { $0.stats.count == 3600 / 7 || $0.stats.count == 3600 / 7 + 1 } == true)
            #expect(seen.count == 2 && seen == seen.sorted() && seen.allSatisfy { $0 > 0 && $0 <= 1 }, "\(seen)")
            var calls = 0
            let stopped = try source.fine(from: day.lowerBound, to: day.upperBound, unit: .hour) { _ in calls += 1; return false }
            #expect(stopped == nil && calls == 1)
        }
    }

    // MARK: rows

    @Test func rowsOfARangeAreTheFilesLinesInIt() throws {
        let g = Generated(seed: 7, unambiguous: true)
        for (name, rows) in [("sorted.csv", g.rows), ("shuffled.csv", g.shuffled(seed: 8))] {
            try Fixture.withFile(name, Generated.text(rows, header: g.header)) { path in
                let source = try Self.source(path)
                let names = try Self.load(path, unit: .day).seriesNames
                var random = SplitMix(seed: 9)
                for (i, range) in Self.ranges(count: 30, seed: 11, calendar: Self.newYork, unit: .hour).enumerated() {
                    let series = Int(random.next() % UInt64(names.count + 1))
                    let limit = i % 2 == 0 ? Int.max : Int(random.next() % 50)
                    let expected = rows.indices.filter { r in
                        range.contains(rows[r].seconds) && (series == 0 || rows[r].city == names[series - 1])
                    }.prefix(limit).map { RawRow(file: path, line: $0 + 2, text: rows[$0].text) }
                    let found = try source.rows(from: range.lowerBound, to: range.upperBound, series: series, limit: limit)
                    #expect(found == Array(expected), "\(name) \(range) series \(series): \(found.count) rows, expected \(expected.count)")
                }
            }
        }
    }

    // MARK: describe

    @Test func describeGivesAFullLoadsPicksAndNotesFromTheSample() throws {
        let g = Generated(seed: 12)
        try Fixture.withFolder { folder in
            let sorted = Fixture.write("sorted.csv", Generated.text(g.rows, header: g.header), in: folder)
            let shuffled = Fixture.write("shuffled.csv", Generated.text(g.shuffled(seed: 13), header: g.header), in: folder)
            for path in [sorted, shuffled, try Fixture.gzip(sorted)] {
                var setup = LoadSetup()
                setup.fallbackZone = Self.newYork.zone
                let source = FileSource([.file(path)], options: Fixture.options(), setup: setup)
                let description = try source.describe()
                let full = try DataLoader.load([.file(path)], options: Fixture.options(), setup: setup)
                // A gzip file has only its head to sample: its span, and so its levels, may end there.
                let picks = { (notes: [String]) in path.hasSuffix(".gz") ? notes.filter { !$0.hasPrefix("levels:") } : notes }
                #expect(picks(description.notes) == picks(full.notes), "\(path)")
                #expect(description.valueNames == [full.valueName] + full.otherValues.map(\.name))
                #expect(description.seriesColumn == full.seriesColumn, "\(path)")
                #expect(description.timeName == full.timeName)
                #expect(path.hasSuffix(".gz") ? description.levels.first == full.levels.first : description.levels == full.levels)
                #expect(description.aggregate == full.suggestedAggregate)
                #expect(description.calendar.zone.identifier == full.calendar.zone.identifier)
                #expect(!description.holdsIntervals)
            }
        }
    }

    // MARK: errors and the load

    @Test func aFileChangedAfterLoadingIsAnErrorNotOtherNumbers() throws {
        let g = Generated(seed: 14)
        try Fixture.withFile("sorted.csv", Generated.text(g.rows, header: g.header)) { path in
            let source = try Self.source(path)
            let day = Fixture.utc(2024, 3, 10)..<Fixture.utc(2024, 3, 11)
            _ = try source.fine(from: day.lowerBound, to: day.upperBound, unit: .hour)
            let handle = try #require(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data("2024-03-10 12:00:00,Boston,1,1\n".utf8))
            handle.closeFile()
            #expect(throws: ReadError.self) { try source.fine(from: day.lowerBound, to: day.upperBound, unit: .hour) }
            #expect(throws: ReadError.self) { try source.rows(from: day.lowerBound, to: day.upperBound, series: 0, limit: 10) }
        }
    }

    /// A pipe is read once: its buckets cannot be read again, and saying so beats leaving its rows out.
    @Test func fineOfAPipeIsAnError() throws {
        let piped = try Fixture.loadPiped(Array("time,value\n2024-03-01T00:00:00Z,1\n2024-03-01T01:00:00Z,2\n".utf8))
        let source = FileSource([.standardInput], options: Fixture.options(), setup: LoadSetup(), loaded: piped)
        #expect(throws: ReadError.self) { try source.fine(from: 0, to: .max, unit: .hour) }
    }

    @Test(arguments: [false, true])
    func fineAndRowsWaitForTheLoadThenAnswerFromIt(firstLook: Bool) throws {
        // In time order throughout (naive times of the repeated hour would go back), so it gets a first look.
        let g = Generated(seed: 15, unambiguous: true)
        try Fixture.withFile("sorted.csv", Generated.text(g.rows, header: g.header)) { path in
            var setup = LoadSetup()
            setup.zone = Self.newYork.zone
            let source = FileSource([.file(path)], options: Self.options(), setup: setup)
            // A first look of a few kilobytes at each end, so the file's middle is left for the load.
            if firstLook { source.firstLook = (4096, 4096) }
            #expect(throws: ReadError.self) { try source.fine(from: 0, to: .max, unit: .day) }
            let ended = DispatchSemaphore(value: 0)
            let first = try source.coarse { update in
                if case .partial = update { return }
                ended.signal()
            }
            // Without a first look, a file this small may be read whole before the first screen, and then nothing follows.
            if firstLook { #expect(first.loading?.complete.isEmpty == false) }
            if first.loading != nil { #expect(ended.wait(timeout: .now() + 60) == .success) }
            // The middle of the file, which a first look did not read.
            let range = Fixture.utc(2024, 3, 10, 20)..<Fixture.utc(2024, 11, 3, 17, 30)
            let fine = try #require(try source.fine(from: range.lowerBound, to: range.upperBound, unit: .minute))
            #expect(Self.found(fine) == Self.expected(try Self.load(path, unit: .minute), range: range, unit: .minute))
            #expect(try source.rows(from: range.lowerBound, to: range.upperBound, series: 0, limit: 5).count == 5)
        }
    }
}
