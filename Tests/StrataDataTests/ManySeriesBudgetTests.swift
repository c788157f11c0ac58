import Foundation
import Testing
@testable import StrataData

/// Many series of minute readings within a memory budget: every series'
/// minutes together pass it, so the load keeps hours for all of them and
/// reads a page's minutes back from the file. Every period of every series
/// is still exact, whatever the order of the rows and the road.
struct ManySeriesBudgetTests {
    /// `sensors` sensors reading once a minute for a day from 2024-01-01
    /// UTC, each a whole value in -1000...1000 (sums exact in any order).
    struct Sensors {
        let sensors = 12
        let minutes = 1440
        var rows: Int { sensors * minutes }
        /// Sorted by time, by sensor, or shuffled: row `j` is number `j × 7919 mod rows` (7919 is prime to them).
        enum Order: CaseIterable { case time, sensor, shuffled }

        func value(sensor s: Int, minute m: Int) -> Int { (s * 7919 + m * 104_729) % 2001 - 1000 }

        func text(_ order: Order) -> String {
            let numbers: [Int] = switch order {
            case .time: Array(0..<rows)
            case .sensor: (0..<rows).map { ($0 % minutes) * sensors + $0 / minutes }
            case .shuffled: (0..<rows).map { $0 * 7919 % rows }
            }
            let lines = numbers.map { n in
                let (s, m) = (n % sensors, n / sensors)
                return "s\(s),\(FileSourceTests.iso(Fixture.utc(2024, 1, 1) + Int64(m) * 60)),\(value(sensor: s, minute: m))"
            }
            return (["sensor,time,value"] + lines).joined(separator: "\n") + "\n"
        }

        /// Each period's stats, worked out from the values: `minutes` per period, of sensor `s` (nil: every sensor).
        func periods(of length: Int, sensor s: Int?) -> [Stats] {
            stride(from: 0, to: minutes, by: length).map { from in
                var stats = Stats()
                for m in from..<from + length {
                    for k in s.map({ [$0] }) ?? Array(0..<sensors) { stats.add(Double(value(sensor: k, minute: m))) }
                }
                return stats
            }
        }
    }

    /// Room for half the sensors' minutes: their hours fit.
    static let budget = Int64(Sensors().rows / 2) * BucketBudget.bytesPerBucket * BucketBudget.share

    static func options(budget: Int64?) -> ReadOptions {
        var options = FileSourceTests.options(series: "sensor")
        options.memoryBudget = budget
        return options
    }

    static func setup() -> LoadSetup {
        var setup = LoadSetup()
        (setup.zone, setup.levels) = (.utc, [.hour, .day])
        return setup
    }

    static func load(_ path: String, budget: Int64?) throws -> LoadResult {
        try DataLoader.load([.file(path)], options: options(budget: budget), setup: setup())
    }

    /// Every hour and the day of every series and of all together are the
    /// values' own counts, sums, minima and maxima; the buckets kept fit
    /// the budget, and the load says it kept hours.
    @Test(arguments: Sensors.Order.allCases)
    func manySeriesPastTheBudgetKeepHoursWithExactPeriods(_ order: Sensors.Order) throws {
        let sensors = Sensors(), text = sensors.text(order)
        let fromFile = try Fixture.withFile("sensors.csv", text) { path in try Self.load(path, budget: Self.budget) }
        let fromPipe = try Fixture.withPipe(Array(text.utf8)) { path in try Self.load(path, budget: Self.budget) }
        for loaded in [fromFile, fromPipe] {
            #expect(loaded.accumulator.baseUnit == .hour && loaded.levels == [.hour, .day])
            let kept = loaded.accumulator
            #expect((0..<kept.seriesCount).reduce(0) { $0 + kept.sortedBuckets(series: $1).ordinals.count } == 12 * 24)
            #expect(kept.bucketCount <= BucketBudget.buckets(within: Self.budget))
            #expect(loaded.keptLessThanItsLevelsDraw)
            #expect(loaded.notes.contains("memory: 12 series' minutes pass what --memory keeps: hours kept, "
                                          + "a page's minutes are read back from the file when shown (--memory MB keeps more)"))
            #expect(loaded.budgetNotice == "12 series' minutes passed --memory: hours kept, finer bars read back")
            let dataset = Dataset(loaded: loaded, levels: loaded.levels)
            #expect(dataset.series.map(\.name).sorted() == ["all"] + (0..<12).map { "s\($0)" }.sorted())
            for (index, series) in dataset.series.enumerated() {
                let sensor = index == 0 ? nil : Int(series.name.dropFirst())!
                let hours = sensors.periods(of: 60, sensor: sensor), day = sensors.periods(of: 1440, sensor: sensor)
                #expect((0..<24).map { dataset.stats(.hour, index: $0, series: index) } == hours, "\(series.name)'s hours")
                #expect(dataset.stats(.day, index: 0, series: index) == day[0] && series.total == day[0], "\(series.name)'s day")
            }
        }
    }

    /// An hour's minutes read back from the file equal a load's that kept
    /// them, on every page of every series.
    @Test(arguments: [Sensors.Order.time, .shuffled])
    func anHoursMinutesAreReadBack(_ order: Sensors.Order) throws {
        try Fixture.withFile("sensors.csv", Sensors().text(order)) { path in
            let full = try Self.load(path, budget: nil), budgeted = try Self.load(path, budget: Self.budget)
            #expect(full.accumulator.baseUnit == .minute && budgeted.accumulator.baseUnit == .hour)
            let source = FileSource([.file(path)], options: Self.options(budget: Self.budget), setup: Self.setup(), loaded: budgeted)
            let read = MemoryBudgetTests.pages(Dataset(loaded: budgeted, levels: budgeted.levels,
                                                       finePages: FinePages(source: source, mode: .inline, budget: 1 << 20)))
            let reference = MemoryBudgetTests.pages(Dataset(loaded: full, levels: full.levels))
            #expect(read.count == reference.count && reference.count == 25 * 13)
            for (key, buckets) in reference where read[key] != buckets {
                Issue.record("page \(key) differs")
            }
        }
    }

    /// Room for half the sensors' hours: the load keeps every sensor's
    /// hours together and each sensor's days, and says so. "All"'s hours,
    /// each sensor's day, and each sensor's hour read back with its page
    /// are the values' own, whatever the order of the rows.
    @Test(arguments: Sensors.Order.allCases)
    func sensorsWhoseHoursPassTheBudgetKeepThemTogether(_ order: Sensors.Order) throws {
        let sensors = Sensors(), budget = Int64(sensors.sensors * 24 / 2) * BucketBudget.bytesPerBucket * BucketBudget.share
        try Fixture.withFile("sensors.csv", sensors.text(order)) { path in
            let loaded = try Self.load(path, budget: budget)
            let kept = loaded.accumulator
            #expect(kept.baseUnit == .hour && kept.mergesSeriesBase && kept.seriesUnit == .day)
            // Each hour once, rows sorted by sensor too (each sensor's hours are older than the last ones).
            #expect(kept.mergedBuckets?.ordinals.count == 24 && kept.bucketCount == 24 + 12)
            #expect((0..<kept.seriesCount).map { kept.sortedBuckets(series: $0).ordinals.count } == Array(repeating: 1, count: 12))
            #expect(loaded.notes.contains("memory: 12 series' hours pass what --memory keeps: every series' hours kept together, "
                                          + "each series' days; a series' hours are read back from the file when shown (--memory MB keeps more)"))
            #expect(loaded.budgetNotice == "12 series' hours passed --memory: a series' hours read back")
            let source = FileSource([.file(path)], options: Self.options(budget: budget), setup: Self.setup(), loaded: loaded)
            let dataset = Dataset(loaded: loaded, levels: loaded.levels, finePages: FinePages(source: source, mode: .inline, budget: 1 << 20))
            for (index, series) in dataset.series.enumerated() {
                let sensor = index == 0 ? nil : Int(series.name.dropFirst())!
                let hours = sensors.periods(of: 60, sensor: sensor), day = sensors.periods(of: 1440, sensor: sensor)
                #expect(dataset.keepsPeriods(of: .hour, series: index) == (index == 0))
                #expect((0..<24).map { dataset.page(.hour, index: $0, series: index).stats } == hours, "\(series.name)'s hours")
                #expect((0..<24).map { dataset.periodStats(.hour, index: $0, series: index) } == hours, "\(series.name)'s hours")
                #expect(dataset.stats(.day, index: 0, series: index) == day[0] && series.total == day[0], "\(series.name)'s day")
                #expect(dataset.page(.day, index: 0, series: index).buckets.map(\.stats) == hours, "\(series.name)'s day's hours")
            }
        }
    }

    /// Two halves of a read, one past the budget (its sensors' hours
    /// together), join as one accumulator fed every row: the same hours of
    /// every sensor together and days of each.
    @Test func halvesPastTheBudgetJoinAsOneRead() {
        let sensors = Sensors(), calendar = CalendarSystem(zone: .utc)
        func fed(_ minutes: Range<Int>, limit: Int) -> Accumulator {
            var accumulator = Accumulator(calendar: calendar, baseUnit: .hour)
            (accumulator.baseLimit, accumulator.seriesBaseLimit, accumulator.coarsestBase) = (limit, limit, .hour)
            for m in minutes {
                for s in 0..<sensors.sensors {
                    accumulator.add(seconds: Fixture.utc(2024, 1, 1) + Int64(m) * 60, value: Double(sensors.value(sensor: s, minute: m)), series: s)
                }
            }
            accumulator.keepWithinBaseLimit()
            return accumulator
        }
        var first = fed(0..<1200, limit: 100), whole = fed(0..<1440, limit: 100)
        let second = fed(1200..<1440, limit: 1000)
        #expect(first.mergesSeriesBase && !second.mergesSeriesBase && whole.mergesSeriesBase)
        first.merge(second)
        first.keepWithinBaseLimit()
        #expect(first.seriesUnit == .day && whole.seriesUnit == .day)
        #expect(first.mergedBuckets?.ordinals == whole.mergedBuckets?.ordinals && first.mergedBuckets?.stats == whole.mergedBuckets?.stats)
        #expect(first.mergedBuckets?.stats == sensors.periods(of: 60, sensor: nil))
        for s in 0..<sensors.sensors {
            #expect(first.sortedBuckets(series: s).stats == sensors.periods(of: 1440, sensor: s), "sensor \(s)'s day")
        }
    }

    /// An export reads each sensor's hours back from the file once, for
    /// every sensor, and writes what a load that kept them writes; a file
    /// removed since its load leaves them empty and says why once.
    @Test func anExportReadsTheSensorsHoursBackOnce() throws {
        let sensors = Sensors(), budget = Int64(sensors.sensors * 24 / 2) * BucketBudget.bytesPerBucket * BucketBudget.share
        let notes = try Fixture.withFile("sensors.csv", sensors.text(.shuffled)) { path in
            let loaded = try Self.load(path, budget: budget), full = try Self.load(path, budget: nil)
            let source = PercentileTests.CountingSource(FileSource([.file(path)], options: Self.options(budget: budget), setup: Self.setup(),
                                                                   loaded: loaded))
            let dataset = Dataset(loaded: loaded, levels: loaded.levels, finePages: FinePages(source: source, mode: .inline, budget: 1 << 20))
            #expect(Exporter.csv(dataset, levels: [.hour, .day]) == Exporter.csv(Dataset(loaded: full, levels: full.levels), levels: [.hour, .day]))
            #expect(source.fineReads == 1)
            try FileManager.default.removeItem(atPath: path)
            var export = ""
            let written = Exporter.write(Dataset(loaded: loaded, levels: loaded.levels, finePages: FinePages(source: source, mode: .inline, budget: 1 << 20)),
                                         format: .csv, levels: [.hour], to: &export)
            let hours = export.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            #expect(hours.count == 12 * 24 && hours.allSatisfy { $0[5...].allSatisfy(\.isEmpty) })
            return written.notes
        }
        #expect(notes.count == 1 && notes[0].hasPrefix("export: each series' hours left empty: they pass --memory and cannot be read back: "), "\(notes)")
    }
}
