import StrataData

/// The app as the front ends drive it: events in, frames out. It owns the
/// state, builds the environment for each event and frame from the clock,
/// and remembers the zones of the last frame so clicks hit what was drawn.
/// With a feed, it adopts each fuller dataset a background load posts.
public struct StrataApp {
    public private(set) var state: AppState
    public private(set) var dataset: Dataset
    public let glyphs: Glyphs
    public let animates: Bool
    /// Whether the screen shows colours (a terminal that has them, a `--color` dump):
    /// without them, series on one chart differ by dot pattern instead.
    public var colors = false
    let clock: any AppClock
    /// Starts reading a period's raw rows (`from`, `to` in UTC seconds, a series index) for the card.
    public typealias RowReader = (_ from: Int64, _ to: Int64, _ series: Int) -> CardRowsRead
    private(set) var readRows: RowReader?
    /// Where a background load posts what it has read; nil when the data is all there.
    private(set) var feed: DatasetFeed?
    /// Starts reading the input again with other read options (`DataRequest.reload`).
    public typealias Reloader = (ReadChange) -> Reloading
    public enum Reloading {
        /// The new load posts to this feed: its first dataset replaces the one on show, and the app
        /// then calls `adopted` (the load it replaces may stop); a failure before it is a refusal.
        case started(DatasetFeed, adopted: @Sendable () -> Void)
        /// Why the input cannot be read again (the demo, a pipe still read): the footer says it.
        case refused(String)
    }
    private let reloader: Reloader?
    /// Writes a level's periods of the dataset on show to a new file (`DataRequest.export`), at `now` (UTC seconds).
    public typealias LevelExporter = (_ dataset: Dataset, _ level: Level, _ now: Int64) -> ExportOutcome
    private let exporter: LevelExporter?
    /// `e` pressed while the load reads: the level whose periods are written once it has ended.
    private var pendingExport: Level?
    /// The name of a pipe the load reads (stdin): it may never end (`tail -f log | strata`), so `e` waits for no load of it.
    private let pipe: String?
    /// A reload asked and not delivered yet (`AppState.reloading`): its feed, and what to tell once it is shown.
    private var reload: (feed: DatasetFeed, adopted: @Sendable () -> Void)?
    /// The input is followed as it grows (`-f`, a pipe): frames wake to take what it gives.
    let follows: Bool
    /// How often a followed input is looked at: appended rows reach the screen within 250 ms.
    static let followWakeMilliseconds: Int64 = 100
    /// Why the load stopped, when it failed: the app quits, and the command prints this once the terminal is restored.
    public private(set) var loadFailure: (message: String, exitCode: Int32)?
    /// How often a frame of a load still running is redrawn (the progress line) and the feed checked:
    /// often enough that the load's end is on screen at once (a frame whose cells did not change costs
    /// a render and no output).
    static let loadingWakeMilliseconds: Int64 = 25
    /// How often a frame is redrawn while the source's connection is lost: the footer counts down to the
    /// next attempt, and the pages come as soon as it is back.
    static let disconnectedWakeMilliseconds: Int64 = 250
    /// Interactive runs read the card's rows a slice per tick; dumps read them whole at once.
    let readsRowsInSlices: Bool
    /// How long one slice of a row read may take, in milliseconds: short enough for keys to feel instant.
    static let rowSliceMilliseconds: Int64 = 40
    private var zones: [HitZone] = []
    /// The rows the state asked for last and their read, going on a slice at a time.
    private var rowsRead: (request: RowsRequest, read: CardRowsRead)?
    /// Work earlier frames did, for the dataset on show: a new dataset starts a new one.
    private var memory = FrameMemory()
    /// What the command line asked of the first screen, for the whole input when a load ends.
    private let opening: Opening
    /// A key or the mouse has moved the view: a load that ends then leaves it where it is.
    private var touched = false
    /// The last frame was drawn with the source's connection lost: until a
    /// frame shows a change of it, the app is not idle in the new state.
    private var drawnDisconnected = false

    /// What the first screen is asked to show; the rest comes from the data.
    struct Opening {
        let startLevel: Level?
        let reference: Int64?
        /// The aggregate when `--agg` (or the caller) chose it; nil: the one the rows suggest.
        let aggregate: Aggregate?
        let chart: ChartKind?
    }

    /// Every level starts on the period containing `reference`, or else the
    /// instant the opening level starts at: its latest period with data
    /// unless that is a stub, or the one holding now (`Dataset.startInstant(_:now:)`).
    /// - Parameter aggregateFollowsData: `aggregate` is what the rows read so far suggest: a load
    ///   that ends before any key takes the one the whole input suggests.
    /// - Parameter notice: what the footer says until the first key (a load that kept less to keep within its budget).
    public init(dataset: Dataset, clock: any AppClock, glyphs: Glyphs = .unicode, startLevel: Level? = nil,
                at reference: Int64? = nil, aggregate: Aggregate = .sum, aggregateFollowsData: Bool = false, chart: ChartKind? = nil,
                size: Size = Size(width: 80, height: 24),
                animates: Bool = false, readRows: RowReader? = nil, readsRowsInSlices: Bool = false, feed: DatasetFeed? = nil,
                follows: Bool = false, notice: String? = nil, filter: TypedFilter? = nil, reloader: Reloader? = nil,
                exporter: LevelExporter? = nil, pipe: String? = nil) {
        self.dataset = dataset
        self.pipe = pipe
        self.reloader = reloader
        self.exporter = exporter
        self.readRows = readRows
        self.feed = feed
        self.follows = follows
        self.readsRowsInSlices = readsRowsInSlices
        self.clock = clock
        self.glyphs = glyphs
        self.animates = animates
        let asked = Opening(startLevel: startLevel, reference: reference, aggregate: aggregate, chart: chart)
        opening = aggregateFollowsData ? Opening(startLevel: startLevel, reference: reference, aggregate: nil, chart: chart) : asked
        state = AppState(navigation: Self.navigation(asked, on: dataset, now: clock.wallSeconds()), size: size)
        state.notice = notice
        state.read.filter = filter
    }

    /// Where `dataset` opens: the level asked for, each level on the period
    /// holding `reference` or else the opening level's start, the aggregate
    /// asked for or the one the rows suggest.
    private static func navigation(_ opening: Opening, on dataset: Dataset, now: Int64) -> Navigation {
        let levels = dataset.levels
        let counts = levels.map { dataset.count($0) }
        let first = opening.startLevel.flatMap { levels.contains($0) ? $0 : nil } ?? levels.first
        let start = opening.reference ?? first.flatMap { dataset.startInstant($0, now: now) }
        let positions = levels.map { level in start.map { dataset.index(level, containing: $0) } ?? 0 }
        var navigation = Navigation(levels: levels, periodCounts: counts, positions: positions,
                                    levelIndex: opening.startLevel.flatMap { levels.firstIndex(of: $0) } ?? 0,
                                    aggregate: opening.aggregate ?? dataset.suggestedAggregate, seriesCount: dataset.series.count,
                                    valueAggregates: dataset.valueNames.indices.dropFirst().map(dataset.suggestedAggregate(value:)),
                                    chart: opening.chart)
        let (level, position) = (navigation.level, navigation.position)
        navigation.keepSeriesApart { dataset.count(level) > 0 && dataset.hasRows(level, index: position, series: $0) }
        return navigation
    }

    public var environment: AppEnvironment {
        AppEnvironment(dataset: dataset, glyphs: glyphs, colors: colors, animates: animates, now: clock.wallSeconds(),
                       time: clock.milliseconds(), zones: zones, memory: memory)
    }

    public mutating func handle(_ event: Event) {
        // A key pressed on the screen of a load still running was meant for that screen.
        switch event {
        case .key, .mouse: touched = true
        case .resize, .tick: break
        }
        takeDelivery()
        if shouldQuit { return }
        reduce(into: &state, event: event, env: environment)
        perform(state.takeRequests() + missedPages())
        readMoreRows()
    }

    /// Writes the periods `e` asked for while the load read, or the source's percentiles of them were read, now that they are there.
    private mutating func exportWhenLoaded() {
        guard let level = pendingExport, !isLoading, dataset.hasPercentiles(level) else { return }
        pendingExport = nil
        export(level)
    }

    /// A level's periods to a file; the footer says where, or why not. Waits for a load still reading:
    /// its periods are not all exact yet, and a file is not written twice. Waits for a database's
    /// percentiles of the level, asked in the background as a page's are: a level's statement can take
    /// seconds, and no key would work while the app's thread waited for it.
    private mutating func export(_ level: Level) {
        let outcome: ExportOutcome
        if let pipe, dataset.loading != nil {
            outcome = .refused("\(pipe) is still being read: e exports it once it has ended")
        } else if isLoading {
            pendingExport = level
            outcome = .waiting(level)
        } else if !dataset.hasPercentiles(level) {
            pendingExport = level
            outcome = .waitingForPercentiles(level)
            perform(missedPages())
        } else {
            outcome = exporter?(dataset, level, clock.wallSeconds()) ?? .refused("this input is not exported from the app")
        }
        reduce(into: &state, action: .exported(outcome), env: environment)
    }

    /// Whether a background load is still reading, or a reload has not given its first rows:
    /// frames wake to move its progress line.
    public var isLoading: Bool { dataset.loading != nil || reload != nil }

    /// The feed the next delivery is awaited on: a reload's while it has given nothing.
    var awaitedFeed: DatasetFeed? { reload?.feed ?? feed }

    /// Whether the screen waits for data: a load, or a page's bars read from
    /// the source, until a frame has drawn them (the app is not idle before).
    public var isReading: Bool {
        guard let fine = dataset.finePages else { return isLoading }
        return isLoading || fine.isFetching || fine.hasArrivals
    }

    /// What the data is doing while the screen is idle, for tests that wait on it.
    public enum Activity: Equatable, Sendable {
        case settled, loading
        /// The source's connection is lost: what it was asked waits for it to come back.
        case disconnected
        /// A followed input, with the rows it has given so far.
        case following(rows: Int)
    }

    public var activity: Activity {
        let disconnected = dataset.link?.lost != nil
        if disconnected && drawnDisconnected { return .disconnected }
        if isReading || disconnected != drawnDisconnected { return .loading }
        return follows ? .following(rows: dataset.rowsAccepted) : .settled
    }

    /// Adopts what the load posted since the last event: a fuller dataset
    /// (positions kept, memos started over, the card's rows asked again), or
    /// the failure that ends the app.
    private mutating func takeDelivery() {
        if let (awaited, adopted) = reload, let delivery = awaited.take() {
            reload = nil
            switch delivery {
            case .dataset(let newer, let rows, let notice):
                // The reload's first rows: the load on show before it is of no more use, and only now may stop.
                feed = awaited
                adopted()
                let split = state.asked.series != state.read.series
                state.reloadShown()
                // Split by a field, rows may be counted where a column was summed: the aggregates are the new values'.
                if newer.valueNames != dataset.valueNames {
                    state.navigation.aggregates = [opening.aggregate ?? newer.suggestedAggregate]
                        + newer.valueNames.indices.dropFirst().map(newer.suggestedAggregate(value:))
                    state.navigation.valueIndex = 0
                }
                adopt(newer, rows: rows, notice: notice)
                state.reloaded(split: split, env: environment)
                // A new breakdown's series come largest first: all of them at once, overlaid or stacked.
                if split { state.navigation.allSeries = state.read.series != "none" && state.navigation.namedSeriesCount > 1 }
            case .failed(let message, _):
                refuseReload(message)
            }
        }
        // A reload under way: what the load it replaces posts is not shown.
        switch reload == nil ? feed?.take() : nil {
        case .dataset(let newer, let rows, let notice):
            state.countNewRows(newer, from: dataset)
            adopt(newer, rows: rows, notice: notice)
        case .failed(let message, let exitCode):
            loadFailure = (message, exitCode)
            reduce(into: &state, action: .quit, env: environment)
        case nil:
            break
        }
        exportWhenLoaded()
        // The connection is back: the card's rows it could not read are asked again.
        if dataset.link?.takeRestored() == true { state.forgetRows() }
        // Pages whose bars were drawn as reading have come: what frames remember of them is stale.
        if dataset.finePages?.takeArrivals() == true {
            memory = FrameMemory()
            reduce(into: &state, action: .pagesArrived, env: environment)
        }
    }

    /// Shows a fuller dataset, or a reload's: positions kept (`AppState.follow`), memos started over, the card's rows asked again.
    private mutating func adopt(_ newer: Dataset, rows: RowReader?, notice: String?) {
        if !touched, dataset.loading != nil, newer.loading == nil {
            // The load ended before any key: the view opens where the whole input says, as a dump does.
            state.navigation = Self.navigation(opening, on: newer, now: clock.wallSeconds())
            state.transition = nil
        } else {
            state.follow(newer, from: dataset)
        }
        if let notice { state.notice = notice }
        dataset = newer
        readRows = rows
        memory = FrameMemory()
        state.forgetRows()
    }

    /// Starts reading what the screens asked for: a newer request for rows replaces the read of the one before.
    private mutating func perform(_ requests: [DataRequest]) {
        for request in requests {
            switch request {
            case .pages(let keys):
                dataset.finePages?.fetch(keys)
            case .cardRows(let wanted):
                rowsRead = (wanted, readRows?(wanted.from, wanted.to, wanted.series)
                    ?? CardRowsRead(note: isLoading ? "rows come once the load ends" : "rows are not kept for this input"))
            case .reload(let change):
                switch reloader?(change) ?? .refused("this input cannot be read again") {
                case .started(let awaited, let adopted): reload = (awaited, adopted)
                case .refused(let why): refuseReload(why)
                }
            case .export(let level):
                export(level)
            }
        }
    }

    /// The view stays on the rows on show, and the footer says `why`.
    private mutating func refuseReload(_ why: String) {
        reduce(into: &state, action: .reloadRefused(why: why), env: environment)
    }

    /// The pages a frame or a reducer asked of the dataset and did not find, as a request.
    private func missedPages() -> [DataRequest] {
        guard let missed = dataset.finePages?.takeMissed(), !missed.isEmpty else { return [] }
        return [.pages(missed)]
    }

    /// Reads on the rows still wanted, a slice at a time while the loop
    /// ticks or all at once for a dump, and hands the state what came.
    private mutating func readMoreRows() {
        guard let (request, read) = rowsRead, state.rowsRequest == request else { return rowsRead = nil }
        read.advance(until: readsRowsInSlices ? clock.milliseconds() + Self.rowSliceMilliseconds : nil, clock: clock)
        if state.cardRows != read.rows { reduce(into: &state, action: .rowsRead(request, read.rows), env: environment) }
    }

    public var shouldQuit: Bool { state.quit }

    /// The screen as it is now; clicks from here on are tested against its zones.
    public mutating func render() -> Frame {
        drawnDisconnected = dataset.link?.lost != nil
        let env = environment
        var frame = ScreenRenderer.render(state, env: env)
        // The pages the frame drew as reading.
        perform(missedPages())
        if clock.wallTimeMoves {
            // "so far" and the now marker move with the minute.
            frame.wake(at: env.time + (60 - env.now % 60) * 1000)
        }
        if rowsRead?.read.isReading == true { frame.wake(at: env.time) } // the next slice of rows
        if drawnDisconnected {
            frame.wake(at: env.time + Self.disconnectedWakeMilliseconds)
        } else if isReading {
            frame.wake(at: env.time + Self.loadingWakeMilliseconds)
        }
        if follows { frame.wake(at: env.time + Self.followWakeMilliseconds) }
        zones = frame.zones
        return frame
    }
}
