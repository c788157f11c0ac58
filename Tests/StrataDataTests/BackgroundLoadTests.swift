import Foundation
import Testing
@testable import StrataData

/// A load shown while it runs: every period a partial dataset calls final
/// has the numbers of the whole input, whatever the order of the rows.
struct BackgroundLoadTests {
    /// `rows` readings 90 s apart from 2024-03-01 UTC, in three series, with
    /// values that do not add up by accident; shuffled when asked.
    static func readings(rows: Int, shuffled: Bool = false) -> String {
        var lines = (0..<rows).map { i -> String in
            let t = 1_709_251_200 + Int64(i) * 90
            let series = ["north", "south", "east"][i % 3]
            return "\(t),\(series),\((i * 7919) % 1009).\(i % 10)"
        }
        if shuffled {
            var state: UInt64 = 42
            for i in stride(from: lines.count - 1, to: 0, by: -1) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                lines.swapAt(i, Int(state >> 33) % (i + 1))
            }
        }
        return "time,site,level\n" + lines.joined(separator: "\n") + "\n"
    }

    /// Starts a background load of `path` and waits for its end; returns the
    /// first result and every update.
    static func load(_ path: String, zone: ZoneRules = .utc, look: (head: Int64, tail: Int64) = (8 << 10, 64 << 10),
                     filter: String? = nil) throws -> (first: LoadResult, updates: [BackgroundLoad.Update]) {
        let collected = Collected()
        var options = ReadOptions()
        options.now = 1_800_000_000
        options.filter = try filter.map { try RowFilter.parse($0) }
        var setup = LoadSetup()
        setup.fallbackZone = zone
        let first = try BackgroundLoad.start([.file(path)], options: options, setup: setup, look: look) { collected.add($0) }
        if first.loading != nil { collected.waitForEnd() }
        return (first, collected.updates)
    }

    /// Every period `partial` calls final holds what `whole` holds, in every series and value.
    static func expectFinalPeriodsExact(_ partial: Dataset, _ whole: Dataset) -> Int {
        var checked = 0
        for level in partial.levels {
            for index in 0..<partial.count(level) where partial.isFinal(level, index: index) {
                let ordinal = partial.ordinal(level, index: index)
                let wholeIndex = ordinal - (whole.firstOrdinal[level] ?? 0)
                for (s, series) in partial.series.enumerated() {
                    let w = whole.series.firstIndex { $0.name == series.name }
                    let expected = w.map { whole.stats(level, index: wholeIndex, series: $0) } ?? Stats()
                    #expect(partial.stats(level, index: index, series: s) == expected, "\(level) \(ordinal) \(series.name)")
                }
                checked += 1
            }
        }
        return checked
    }

    static func dataset(_ result: LoadResult) -> Dataset { Dataset(loaded: result, levels: result.levels) }

    static func finished(_ updates: [BackgroundLoad.Update]) -> LoadResult? {
        guard case .finished(let result) = updates.last else { return nil }
        return result
    }

    @Test func aSortedFileOpensOnItsHeadAndTailWholeWhereTheySaySo() throws {
        try Fixture.withFile("sorted.csv", Self.readings(rows: 30_000)) { path in
            let (first, updates) = try Self.load(path)
            let loading = try #require(first.loading)
            #expect(loading.complete.count == 2)
            #expect(loading.bytesRead < loading.bytesTotal!)
            let whole = try #require(Self.finished(updates))
            #expect(whole.loading == nil)
            #expect(first.levels == whole.levels)
            let shown = Self.dataset(first), all = Self.dataset(whole)
            // The latest period of every level is whole at once, and so is the first.
            for level in shown.levels {
                let last = shown.count(level) - 1
                #expect(shown.isFinal(level, index: last))
                #expect(shown.ordinal(level, index: last) == all.ordinal(level, index: all.count(level) - 1))
            }
            #expect(Self.expectFinalPeriodsExact(shown, all) > 0)
            // The middle is not whole: nothing of it was read.
            #expect(!shown.isFinal(shown.levels[0], index: all.count(shown.levels[0]) / 2))
            // While the rest is read, progress comes with the same rows.
            for case .partial(let partial) in updates {
                #expect(partial.accepted == first.accepted)
                #expect(Self.expectFinalPeriodsExact(Self.dataset(partial), all) > 0)
            }
        }
    }

    /// Sorted at the head, the middle chunks and the tail, but a stretch of
    /// last week's rows lies near the head: the load finds them and says so,
    /// and from then on no period is whole until it ends.
    @Test func aFileTakenForSortedThatIsNotSaysSoWhileItLoads() throws {
        var lines = Self.readings(rows: 30_000).split(separator: "\n").map(String.init)
        let late = Array(lines[29_000..<29_050])
        lines.removeSubrange(29_000..<29_050)
        lines.insert(contentsOf: late, at: 1_000)
        try Fixture.withFile("almost.csv", lines.joined(separator: "\n") + "\n") { path in
            var options = ReadOptions()
            options.now = 1_800_000_000
            options.splitThreshold = .max
            options.limits.chunk = 4 << 10
            var setup = LoadSetup()
            setup.fallbackZone = .utc
            let collected = Collected()
            let first = try BackgroundLoad.start([.file(path)], options: options, setup: setup, look: (8 << 10, 64 << 10)) {
                collected.add($0)
            }
            #expect(first.loading?.complete.count == 2)
            collected.waitForEnd()
            let told = collected.updates.compactMap { update -> LoadingState? in
                guard case .partial(let partial) = update else { return nil }
                return partial.loading
            }
            #expect(told.contains { $0.wentBack && $0.complete.isEmpty })
            #expect(Self.finished(collected.updates)?.accepted == 30_000)
        }
    }

    @Test func theFullLoadIsWhatALoadWithoutAScreenReads() throws {
        try Fixture.withFile("sorted.csv", Self.readings(rows: 30_000)) { path in
            let whole = try #require(Self.finished(try Self.load(path).updates))
            var options = ReadOptions()
            options.now = 1_800_000_000
            var setup = LoadSetup()
            setup.fallbackZone = .utc
            let direct = try DataLoader.load([.file(path)], options: options, setup: setup)
            #expect(direct.levels == whole.levels)
            #expect(direct.notes == whole.notes)
            #expect(Self.expectFinalPeriodsExact(Self.dataset(whole), Self.dataset(direct)) > 0)
        }
    }

    @Test func anUnsortedFileShowsItsFirstRowsAsNotFinal() throws {
        try Fixture.withFile("shuffled.csv", Self.readings(rows: 150_000, shuffled: true)) { path in
            let (first, updates) = try Self.load(path)
            let loading = try #require(first.loading)
            #expect(loading.complete.isEmpty)
            #expect(first.accepted > 0 && first.accepted < 150_000)
            let whole = try #require(Self.finished(updates))
            #expect(whole.accepted == 150_000)
            let shown = Self.dataset(first)
            #expect(Self.expectFinalPeriodsExact(shown, Self.dataset(whole)) == 0)
            #expect(first.notes.contains { $0.hasPrefix("levels:") })
        }
    }

    /// The header's `N of M rows` from the first screen on: the first look
    /// counts the rows the filter did not pass, as the load after it does.
    @Test func aFilteredFirstLookCountsTheRowsItLeftOut() throws {
        try Fixture.withFile("sorted.csv", Self.readings(rows: 150_000)) { path in
            let (first, _) = try Self.load(path, filter: "site = north")
            let loading = try #require(first.loading)
            // Every third row is north's: the rows read that are not are the ones left out.
            #expect(loading.rowsRead > 1_000 && loading.rowsRead < 150_000)
            #expect(first.accepted > 0)
            #expect(loading.filteredOut == loading.rowsRead - first.accepted)
            #expect(loading.lackingField == 0)
        }
    }

    @Test func aSortedGzipFileIsWholeUpToWhereItHasBeenRead() throws {
        try Fixture.withFolder { folder in
            let plain = Fixture.write("sorted.csv", Self.readings(rows: 150_000), in: folder)
            let (first, updates) = try Self.load(try Fixture.gzip(plain))
            let loading = try #require(first.loading)
            #expect(loading.bytesTotal == nil)
            #expect(loading.complete.count == 1)
            let whole = Self.dataset(try #require(Self.finished(updates)))
            #expect(Self.expectFinalPeriodsExact(Self.dataset(first), whole) > 0)
            for case .partial(let partial) in updates { _ = Self.expectFinalPeriodsExact(Self.dataset(partial), whole) }
        }
    }

    @Test func aSortedFileAcrossAClockChangeIsExactOnEveryFinalPeriod() throws {
        // Naive local times every 90 s through New York's spring change (2024-03-10), read in that zone.
        let start = CivilDate(year: 2024, month: 2, day: 20)
        var lines = ["time,level"]
        for i in 0..<40_000 {
            let minutes = i * 3 / 2
            let day = start.adding(days: minutes / 1440)
            let hh = (minutes % 1440) / 60, mm = minutes % 60
            guard !(day == CivilDate(year: 2024, month: 3, day: 10) && hh == 2) else { continue } // no such clock time
            lines.append("\(day.isoString) \(hh < 10 ? "0" : "")\(hh):\(mm < 10 ? "0" : "")\(mm):\(i % 2 == 0 ? "00" : "30"),\(i % 97)")
        }
        try Fixture.withFile("new-york.csv", lines.joined(separator: "\n") + "\n") { path in
            let zone = ZoneRules(named: "America/New_York")!
            let (first, updates) = try Self.load(path, zone: zone)
            #expect(first.loading?.complete.count == 2)
            let whole = Self.dataset(try #require(Self.finished(updates)))
            #expect(Self.expectFinalPeriodsExact(Self.dataset(first), whole) > 0)
        }
    }

    @Test func intervalsGetNoFirstLookAndAreWholeOnlyBehindTheRead() throws {
        var lines = ["start,end,channel"]
        for i in 0..<120_000 {
            let t = 1_709_251_200 + Int64(i) * 600
            lines.append("\(t),\(t + 3_600 + Int64(i % 7) * 1_800),c\(i % 4)")
        }
        try Fixture.withFile("airings.csv", lines.joined(separator: "\n") + "\n") { path in
            let (first, updates) = try Self.load(path)
            #expect(first.loading?.bytesRead ?? 0 > 0)
            let whole = Self.dataset(try #require(Self.finished(updates)))
            #expect(whole.holdsIntervals)
            _ = Self.expectFinalPeriodsExact(Self.dataset(first), whole)
            for case .partial(let partial) in updates { _ = Self.expectFinalPeriodsExact(Self.dataset(partial), whole) }
        }
    }

    /// `(cat births-1978.csv; sleep 15) | strata`: the rows that came are shown while the pipe is quiet.
    @Test func aPipeThatPausesShowsTheRowsItHasGiven() throws {
        let births = try String(contentsOfFile: Fixture.dataDirectory.appendingPathComponent("births-1978.csv").path, encoding: .utf8)
        try Fixture.withFolder { folder in
            let fifo = folder.appendingPathComponent("pipe").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let ended = CancelFlag()
            let writer = Thread {
                let fd = Glibc.open(fifo, O_WRONLY)
                _ = Array(births.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                Thread.sleep(forTimeInterval: 3)
                ended.cancel()
                close(fd)
            }
            writer.start()
            let collected = Collected()
            let first = try BackgroundLoad.start([.file(fifo)], options: ReadOptions(), setup: LoadSetup()) { collected.add($0) }
            // On screen while the pipe is still open.
            #expect(!ended.isCancelled)
            #expect(first.accepted == 365)
            let loading = try #require(first.loading)
            #expect(loading.bytesTotal == nil)
            collected.waitForEnd()
            let whole = try #require(Self.finished(collected.updates))
            #expect(whole.accepted == 365 && whole.loading == nil)
            #expect(Self.expectFinalPeriodsExact(Self.dataset(first), Self.dataset(whole)) > 0)
        }
    }

    @Test func aSmallFileIsReadWholeBeforeTheFirstScreen() throws {
        try Fixture.withFile("small.csv", Self.readings(rows: 2_000)) { path in
            let (first, updates) = try Self.load(path)
            #expect(first.loading == nil)
            #expect(first.accepted == 2_000)
            #expect(updates.isEmpty)
        }
    }

    @Test func aBadRowUnderStrictEndsTheLoadWithItsError() throws {
        let text = Self.readings(rows: 100_000) + "2024-13-45,north,1\n"
        try Fixture.withFile("bad.csv", text) { path in
            let collected = Collected()
            var options = ReadOptions()
            options.strict = true
            options.now = 1_800_000_000
            let first = try BackgroundLoad.start([.file(path)], options: options, setup: LoadSetup(),
                                                 look: (8 << 10, 64 << 10)) { collected.add($0) }
            #expect(first.loading != nil)
            collected.waitForEnd()
            guard case .failed(let error) = collected.updates.last else {
                Issue.record("the load did not fail")
                return
            }
            #expect(error.message.contains("bad.csv:100002"))
        }
    }
}

/// Updates as a background load sends them, from its threads.
private final class Collected: @unchecked Sendable {
    private let lock = NSCondition()
    private var all: [BackgroundLoad.Update] = []

    func add(_ update: BackgroundLoad.Update) {
        lock.lock()
        all.append(update)
        lock.broadcast()
        lock.unlock()
    }

    var updates: [BackgroundLoad.Update] { lock.withLock { all } }

    func waitForEnd() {
        lock.lock()
        defer { lock.unlock() }
        while true {
            switch all.last {
            case .finished, .failed: return
            default: lock.wait()
            }
        }
    }
}
