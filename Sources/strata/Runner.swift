import Foundation
import StrataData
import StrataTerminal
import StrataUI

/// Turns parsed options into a dataset and runs the right front end:
/// export, headless replay, a plain-text page for pipes, or the terminal.
struct Runner {
    let command: StrataCommand

    func run() throws(Failure) {
        // Before any thread starts: setlocale is not safe while another thread
        // parses numbers (the load runs beside the screen in a terminal).
        let utf8 = TerminalSession.localeIsUTF8()
        try checkDatabaseOptions()
        let calendar = try makeCalendar()
        let levels = try parseLevels()
        let size = command.size ?? Size(width: 80, height: 24)
        let now = try command.now.map { text throws(Failure) in
            guard let t = TimeArgument.instant(text, calendar: calendar) else {
                throw .usage("--now: \"\(text)\" is not an ISO date-time")
            }
            return t
        } ?? Int64(Date().timeIntervalSince1970)
        // A level outside --levels (or the picked ones) is added to them.
        let startLevel = command.level
        let tokens = try loadKeys()
        if command.percentiles && command.export == nil { throw .usage("--percentiles goes with --export") }

        let headless = command.dump || command.frames
        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        // A terminal shows the input as it loads; everything else waits for the whole of it.
        let interactive = !headless && stdoutIsTerminal && command.export == nil
        let feed = DatasetFeed()
        let latest = LatestLoad()
        let (dataset, suggested, readRows): (Dataset, Aggregate, StrataApp.RowReader?)
        // The demo has no rows to read again: `f`, `F` and `g` say so.
        var reloader: StrataApp.Reloader = { _ in .refused("the demo is made up: it has no rows to filter") }
        var pipe: String?
        if usesDemo && databaseAddress == nil {
            (dataset, suggested, readRows) = loadDemo(calendar: calendar, levels: levels, startLevel: startLevel, now: now)
        } else {
            // A database's table or query, or files: each read again as its own kind of road.
            let open = { [self] (change: (ReadChange, shown: LoadResult)?) throws(Failure) -> Road in
                if let address = databaseAddress {
                    return try databaseRoad(address, calendar: calendar, levels: levels, startLevel: startLevel, change: change)
                }
                return try fileRoad(calendar: calendar, levels: levels, startLevel: startLevel, now: now, watched: interactive, change: change)
            }
            let road = try open(nil)
            pipe = road.pipe
            (dataset, suggested, readRows) = try openDataset(road, now: now, feed: feed, watched: interactive, latest: latest)
            let reloads = Reloads(shown: road, feed: feed, latest: { latest.result }, open: { (change, shown) throws(Failure) -> Road in
                try open((change, shown))
            }, load: { [self] (road, feed) throws(Failure) -> (Dataset, StrataApp.RowReader?) in
                let (dataset, _, rows) = try openDataset(road, now: now, feed: feed, watched: interactive, latest: latest, tells: false)
                return (dataset, rows)
            }, stop: { $0.stop() })
            reloader = reloads.reload
        }
        // A file's intervals (a table's are refused before its load): each interval counts in every bar it overlaps.
        if dataset.holdsIntervals { try refusePercentilesOfIntervals() }
        // After loading: the zone may come from the data.
        let reference = try command.at.map { text throws(Failure) in
            guard let t = TimeArgument.instant(text, calendar: dataset.calendar) else {
                throw .usage("--at: \"\(text)\" is not a date or period id (2013-03-10, 2013-W10, 2013-03, 2013-Q1, 2013)")
            }
            return t
        }

        // Dumps and pipes never animate: they must show where a key lands, not a frame on the way.
        var app = StrataApp(dataset: dataset, clock: SystemClock(fixedNow: command.now == nil ? nil : now),
                            glyphs: utf8 || headless ? .unicode : .ascii, startLevel: startLevel, at: reference,
                            aggregate: command.agg ?? suggested, aggregateFollowsData: command.agg == nil, chart: command.chart, size: size,
                            animates: !headless && stdoutIsTerminal && !command.noAnimation,
                            readRows: readRows, readsRowsInSlices: interactive,
                            feed: dataset.loading == nil && !command.follow ? nil : feed, follows: command.follow,
                            // A load that ended before the first screen says here what a later end posts with its dataset.
                            notice: dataset.loading == nil ? latest.result?.budgetNotice : nil,
                            filter: whereFilter, reloader: reloader, exporter: levelExporter(tells: !interactive),
                            pipe: pipe)

        if !interactive {
            // Pipes get the page as plain text, at the terminal's width if there is one.
            let pipeSize = headless ? size : command.size ?? Self.environmentSize() ?? size
            let options = HeadlessRunner.Options(size: pipeSize, frames: command.frames, color: command.color,
                                                 followLimit: command.followFor)
            HeadlessRunner.settle(&app, options: options)
            if let failure = app.loadFailure { throw Failure(message: failure.message, exitCode: failure.exitCode) }
            // The whole input's notes: a dump's stderr is the terminal's once restored.
            if let result = latest.result { _ = tell(result, about: app.dataset, now: now) }
            warnOutside(app.dataset, reference: reference, level: startLevel)
            if let format = command.export {
                var output = DescriptorOutput(descriptor: STDOUT_FILENO)
                let notes = Exporter.write(app.dataset, format: format, levels: startLevel.map { [$0] } ?? app.dataset.levels,
                                             percentiles: exportedPercentiles, to: &output).notes
                try Self.finish(&output)
                for note in notes { warn(note) }
                return
            }
            var output = DescriptorOutput(descriptor: STDOUT_FILENO)
            app.colors = command.color
            HeadlessRunner.run(&app, tokens: tokens, options: options, to: &output)
            // A page whose read met a lost connection was not read: its screen is not printed as if it were.
            if let lost = app.dataset.link?.lostOnce { throw Failure(lost) }
            try Self.finish(&output)
            return
        }
        warnOutside(dataset, reference: reference, level: startLevel)

        if case .failure(let error) = TerminalSession.availability() {
            throw Failure(message: error.message, exitCode: 69)
        }
        do {
            try TerminalSession.run(&app, options: TerminalOptions(mouse: !command.noMouse), script: tokens)
        } catch {
            throw Failure(message: error.message, exitCode: 69)
        }
        if let failure = app.loadFailure { throw Failure(message: failure.message, exitCode: failure.exitCode) }
        if let lost = app.dataset.link?.lost { throw Failure(lost) }
    }

    /// Writes what standard output still holds; one that cannot be written (a full disk, a closed descriptor) is one line and exit 74.
    static func finish(_ output: inout DescriptorOutput) throws(Failure) {
        output.flush()
        guard let failure = output.failure else { return }
        throw Failure(message: "cannot write standard output: \(String(cString: strerror(failure)))", exitCode: 74)
    }

    /// The percentile columns of an export: `--agg pNN`'s, and p50, p90, p95 and p99 with `--percentiles`, in order.
    var exportedPercentiles: [Aggregate] {
        let asked = command.agg.map { $0.isPercentile ? [$0] : [] } ?? []
        let listed: [Aggregate] = command.percentiles ? [.percentile(500), .percentile(900), .percentile(950), .percentile(990)] : []
        return Set(asked + listed).sorted { $0.tenths < $1.tenths }
    }

    /// No percentile is kept of intervals, a file's nor a table's: asked for one, one line and exit 64.
    func refusePercentilesOfIntervals() throws(Failure) {
        guard !exportedPercentiles.isEmpty else { return }
        let asked = command.agg.map { $0.isPercentile ? "--agg \($0.rawValue)" : "--percentiles" } ?? "--percentiles"
        throw .usage("\(asked): percentiles of intervals are not computed, of a file's nor of a table's; --agg mean or max reads their values")
    }

    /// `e`: a level's periods, as `--export csv --levels LEVEL` with this command line's percentiles writes
    /// them, to a new file in the current directory. A dump or a pipe also says on stderr where it went (`tells`).
    func levelExporter(tells: Bool) -> StrataApp.LevelExporter {
        { [self] dataset, level, now in
            let outcome: ExportOutcome
            switch ExportFile.write(dataset, level: level, percentiles: exportedPercentiles, directory: ".", now: now) {
            case .success(let written): outcome = .written(written)
            case .failure(let failure): outcome = .failed(failure)
            }
            if tells { warn(outcome.footer) }
            return outcome
        }
    }

    /// As `:` says on screen: a date outside the data shows its first or last period.
    private func warnOutside(_ dataset: Dataset, reference: Int64?, level: Level?) {
        guard let text = command.at, let t = reference, let level = level ?? dataset.levels.first else { return }
        switch dataset.side(of: t, on: level) {
        case .before: warn("--at \(text) is before the data: starting on the first \(level.rawValue)")
        case .after: warn("--at \(text) is after the data: starting on the last \(level.rawValue)")
        case nil: break
        }
    }

    // MARK: options

    func makeCalendar() throws(Failure) -> CalendarSystem {
        let zone: ZoneRules
        if let name = command.tz {
            guard let rules = ZoneRules(named: name) else {
                throw .usage("--tz: unknown time zone \"\(name)\" (use an IANA name such as Europe/Paris, UTC, or an offset such as -07:00)")
            }
            zone = rules
        } else {
            zone = ZoneRules.system
        }
        return CalendarSystem(zone: zone, weekStart: command.weekStart)
    }

    /// nil: fitted to the data.
    func parseLevels() throws(Failure) -> [Level]? {
        guard let text = command.levels else { return nil }
        guard let levels = Level.parseList(text), !levels.isEmpty else {
            throw .usage("--levels: expected a list from \(Level.allCases.map(\.rawValue).joined(separator: ",")), got \"\(text)\"")
        }
        return levels
    }

    /// The most a keys file may hold: `--keys-file /dev/zero` ends in an error line, not in every byte of memory.
    static let keysFileLimit = 16 << 20

    func loadKeys() throws(Failure) -> [KeyScript.Token] {
        var script = command.keys ?? ""
        if let path = command.keysFile {
            // FileHandle, not String(contentsOfFile:), so that pipes and /dev/null work too.
            guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.read(upToCount: Self.keysFileLimit + 1) ?? Data() else {
                throw Failure(message: "--keys-file: cannot read \(path)", exitCode: 66)
            }
            guard data.count <= Self.keysFileLimit else { throw .usage("--keys-file: \(path) holds more than \(Self.keysFileLimit >> 20) MB of keys") }
            script += " " + String(decoding: data, as: UTF8.self)
        }
        do {
            return try KeyScript.parse(script)
        } catch {
            throw .usage(error.description)
        }
    }

    static func environmentSize() -> Size? {
        let env = ProcessInfo.processInfo.environment
        guard let w = env["COLUMNS"].flatMap(Int.init), w > 0 else { return nil }
        let h = env["LINES"].flatMap(Int.init) ?? 24
        return Size(width: min(w, 1000), height: min(max(h, 1), 1000))
    }
}
