import Foundation

/// Files (CSV, TSV, JSON Lines, logs, `.gz`) as a `Source`. The periods
/// come from the background load; once it has ended, a range's fine
/// buckets and raw rows are read back through its checkpoints, a few byte
/// ranges with `pread` (a gzip file is inflated again from its start). A
/// file that changed since it was loaded is an error, never other numbers.
public final class FileSource: Source, @unchecked Sendable {
    public let inputs: [InputSource]
    let options: ReadOptions
    let setup: LoadSetup
    /// The head and tail bytes of a sorted file's first look (internal, so tests can make them small).
    var firstLook = (head: BackgroundLoad.headBytes, tail: BackgroundLoad.tailBytes)
    private let lock = NSLock()
    /// The ended load's names and checkpoints; nil until it has ended.
    private var loaded: Loaded?

    /// What `fine` and `rows` need of an ended load.
    private struct Loaded {
        let locator: RowLocator
        let valueNames: [String]
        let seriesNames: [String]
    }

    /// Whether a screen shows the load as it goes (`BackgroundLoad.start`).
    private let watched: Bool

    public init(_ inputs: [InputSource], options: ReadOptions, setup: LoadSetup, watched: Bool = true) {
        self.inputs = inputs
        self.options = options
        self.setup = setup
        self.watched = watched
    }

    /// A source over a load that has already ended (`--dump`, tests): `fine` and `rows` answer at once.
    public convenience init(_ inputs: [InputSource], options: ReadOptions, setup: LoadSetup, loaded result: LoadResult) {
        self.init(inputs, options: options, setup: setup)
        adopt(result)
    }

    public func describe() throws(ReadError) -> SourceDescription {
        var plan = options
        plan.planOnly = true
        plan.progress = nil
        let result = try DataLoader.load(inputs, options: plan, setup: setup)
        return SourceDescription(sourceName: result.sourceName, timeName: result.timeName, valueNames: Self.valueNames(result),
                                 seriesColumn: result.seriesColumn, holdsIntervals: Self.holdsIntervals(result.rowLocator),
                                 calendar: result.calendar, levels: result.levels, aggregate: result.suggestedAggregate,
                                 notes: result.notes)
    }

    public func coarse(update: @escaping @Sendable (BackgroundLoad.Update) -> Void) throws(ReadError) -> LoadResult {
        // The first look's checkpoints cover its head and tail only: `fine` and `rows` wait for the whole load's.
        let first = try BackgroundLoad.start(inputs, options: options, setup: setup, look: firstLook, watched: watched) { [weak self] next in
            if case .finished(let result) = next { self?.adopt(result) }
            update(next)
        }
        // A small input is read whole before the first screen: no update follows.
        if first.loading == nil { adopt(first) }
        return first
    }

    public func fine(from start: Int64, to end: Int64, unit: TimeUnit, progress: ((Double) -> Bool)? = nil) throws(ReadError) -> FineBuckets? {
        let load = try ended()
        // A pipe's rows are not kept: its part of the range would be missing from the buckets.
        if let pipe = load.locator.unkeptInputs.first {
            throw .unreadable(file: pipe, reason: "its rows are not kept; its buckets cannot be read again")
        }
        guard let buckets = try RangeFetch.buckets(load.locator, from: start, to: end, unit: unit, progress: progress) else { return nil }
        return FineBuckets(buckets, range: start..<max(start, end), valueNames: load.valueNames, seriesNames: load.seriesNames)
    }

    public func rows(from start: Int64, to end: Int64, series: Int, limit: Int) throws(ReadError) -> [RawRow] {
        try ended().locator.rows(from: start, to: end, series: series, limit: limit)
    }

    public func intervals(from start: Int64, to end: Int64, progress: ((Double) -> Bool)? = nil) throws(ReadError) -> IntervalIndex? {
        let load = try ended()
        if let pipe = load.locator.unkeptInputs.first {
            throw .unreadable(file: pipe, reason: "its rows are not kept; its intervals cannot be read again")
        }
        return try RangeFetch.intervals(load.locator, from: start, to: end, progress: progress)
    }

    /// A followed file's fuller result (`FileFollower`): ranges are read
    /// back through its grown checkpoints from now on.
    public func followed(_ result: LoadResult) {
        adopt(result)
    }

    private func adopt(_ result: LoadResult) {
        let load = Loaded(locator: result.rowLocator, valueNames: Self.valueNames(result), seriesNames: result.seriesNames)
        lock.withLock { loaded = load }
    }

    /// The ended load; an error while it runs (its checkpoints are not all made yet).
    private func ended() throws(ReadError) -> Loaded {
        guard let load = lock.withLock({ loaded }) else {
            throw .unreadable(file: InputSource.name(of: inputs.isEmpty ? [.standardInput] : inputs),
                              reason: "still loading; its rows cannot be read back yet")
        }
        return load
    }

    /// Whether the rows were read as intervals: the plan has an end, whatever the value column is called.
    private static func holdsIntervals(_ locator: RowLocator) -> Bool {
        locator.sources.contains { source in source.plan.rowPlan?.end != nil }
    }

    private static func valueNames(_ result: LoadResult) -> [String] {
        [result.valueName] + result.otherValues.map(\.name)
    }
}
