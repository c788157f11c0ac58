import Foundation
import StrataData
import StrataTerminal
import StrataUI

extension Runner {
    /// The demo, or the inputs read into aggregates, with notes and skipped
    /// rows reported on stderr as the spec asks; and the aggregate bars show
    /// unless `--agg` says otherwise.
    /// - Parameters:
    ///   - calendar: `--tz` (or `TZ`, or the system zone) and `--week-start`.
    ///   - levels: `--levels`; nil: fitted to the data.
    ///   - startLevel: `--level`, added to the levels when not one of them.
    func loadDataset(calendar: CalendarSystem, levels: [Level]?, startLevel: Level?,
                     now: Int64) throws(Failure) -> (Dataset, Aggregate, StrataApp.RowReader) {
        if usesDemo {
            var chosen = levels ?? Level.defaultSet
            if let startLevel, !chosen.contains(startLevel) { chosen = (chosen + [startLevel]).sorted() }
            let demo = DemoData.load(now: now, calendar: calendar, levels: chosen)
            return (Dataset(loaded: demo, levels: demo.levels), command.count ? .count : .sum,
                    { _, _, _ in CardRowsRead(note: "the demo is made up: it has no input rows") })
        }
        let (sources, options, setup) = try readSetup(calendar: calendar, levels: levels, startLevel: startLevel, now: now)
        let result: LoadResult
        do throws(ReadError) {
            let progress = LoadProgress()
            var options = options
            options.progress = progress
            let line = ProgressLine(progress: progress, name: InputSource.name(of: sources), files: command.files)
            line.start()
            defer { line.finish() }
            result = try followUntilQuiet(DataLoader.load(sources, options: options, setup: setup),
                                          sources: sources, options: options, setup: setup)
        } catch {
            throw Failure(line: error.message, exitCode: error.exitCode)
        }
        // A dump prints what a full load would: a page's finer bars are read the moment it is drawn.
        let (dataset, aggregate) = report(result, levels: result.levels, now: now,
                                          finePages: finePages(sources, options: options, setup: setup, result: result, mode: .inline))
        return (dataset, aggregate, CardRows.reader(result.rowLocator))
    }

    /// `--demo`, or no input at all: no file and stdin a terminal.
    var usesDemo: Bool { command.demo || (command.files.isEmpty && isatty(STDIN_FILENO) == 1) }

    /// For the terminal: the dataset of what the load has read so far (the
    /// whole input when it was quick), with the rest read on a worker
    /// thread that posts each fuller dataset to `feed`.
    func openDataset(calendar: CalendarSystem, levels: [Level]?, startLevel: Level?, now: Int64,
                     feed: DatasetFeed) throws(Failure) -> (Dataset, Aggregate, StrataApp.RowReader?) {
        let (sources, options, setup) = try readSetup(calendar: calendar, levels: levels, startLevel: startLevel, now: now)
        let first: LoadResult
        do throws(ReadError) {
            first = try BackgroundLoad.start(sources, options: options, setup: setup) { [self] update in
                switch update {
                case .partial(let result):
                    feed.post(.dataset(Dataset(loaded: result, levels: result.levels), rows: nil))
                case .finished(let result):
                    // Held while the terminal is in use, and printed when it is restored.
                    reportSkipped(result)
                    let fine = finePages(sources, options: options, setup: setup, result: result, mode: .background)
                    // A pipe is followed until it ends: then the screen says so.
                    feed.post(.dataset(Dataset(loaded: result, levels: result.levels, finePages: fine),
                                       rows: CardRows.reader(result.rowLocator), notice: sources == [.standardInput] ? "input ended" : nil))
                    startFollowing(result, sources: sources, options: options, feed: feed)
                case .failed(let error):
                    feed.post(.failed(message: error.message, exitCode: error.exitCode))
                }
            }
        } catch {
            throw Failure(line: error.message, exitCode: error.exitCode)
        }
        let fine = first.loading == nil ? finePages(sources, options: options, setup: setup, result: first, mode: .background) : nil
        if first.loading == nil { startFollowing(first, sources: sources, options: options, feed: feed) }
        let (dataset, aggregate) = report(first, levels: first.levels, now: now, finePages: fine)
        return (dataset, aggregate, first.loading == nil ? CardRows.reader(first.rowLocator) : nil)
    }

    /// With `-f`, a dump or an export reads on while the file grows: it
    /// prints once the file has not grown for a second, or at `--follow-for`.
    private func followUntilQuiet(_ loaded: LoadResult, sources: [InputSource], options: ReadOptions,
                                  setup: LoadSetup) throws(ReadError) -> LoadResult {
        guard command.follow, case .file(let path)? = sources.first,
              let follower = FileFollower(path: path, result: loaded, options: options) else { return loaded }
        var result = loaded
        let started = Date()
        var grewAt = started
        while Date().timeIntervalSince(grewAt) < 1, command.followFor.map({ Date().timeIntervalSince(started) < $0 }) ?? true {
            Thread.sleep(forTimeInterval: FollowLoop.spacing)
            if let (grown, _) = try follower.poll() {
                result = grown
                grewAt = Date()
            }
        }
        return result
    }

    /// With `-f`, a thread that looks at the file as it grows (`FollowLoop`).
    private func startFollowing(_ loaded: LoadResult, sources: [InputSource], options: ReadOptions, feed: DatasetFeed) {
        guard command.follow, case .file(let path)? = sources.first,
              let follower = FileFollower(path: path, result: loaded, options: options) else { return }
        FollowLoop(follower, name: loaded.sourceName, feed: feed).start()
    }

    /// Where a page's bars finer than the load kept, and the rows of part of
    /// a sub-bucket (a running period's comparison), are read from; nil for
    /// inputs that cannot be read again at a range's bytes (a pipe; gzip,
    /// inflated from its start for each read), and for a followed file,
    /// whose offsets move.
    private func finePages(_ sources: [InputSource], options: ReadOptions, setup: LoadSetup, result: LoadResult,
                           mode: FinePages.Mode) -> FinePages? {
        guard result.rowLocator.readsRangesInPlace, !command.follow else { return nil }
        let source = FileSource(sources, options: options, setup: setup, loaded: result)
        return FinePages(source: source, mode: mode, budget: Int(options.memoryBudget ?? 64 << 20) / 4)
    }

    /// What the command line says each column is for, files and databases alike.
    func columnOptions() throws(Failure) -> ReadOptions {
        var options = ReadOptions()
        options.timeColumn = command.time
        options.valueColumn = command.value
        options.seriesColumn = command.series
        if command.end != nil && command.duration != nil {
            throw .usage("--end and --duration both say where intervals end: give one")
        }
        options.endColumn = command.end
        options.durationColumn = command.duration
        options.labelColumn = command.label
        options.countOnly = command.count
        return options
    }

    /// The inputs and how to read them, from the command line.
    private func readSetup(calendar: CalendarSystem, levels: [Level]?, startLevel: Level?,
                           now: Int64) throws(Failure) -> ([InputSource], ReadOptions, LoadSetup) {
        var options = try columnOptions()
        options.format = command.format
        options.jsonPath = command.jsonPath
        options.timeFormat = command.timeFormat
        options.year = command.year.flatMap { Int($0) }
        options.header = command.noHeader ? false : nil
        options.skipLines = command.skip
        options.strict = command.strict
        options.now = now
        guard command.memory >= 16 else { throw .usage("--memory: \(command.memory) MB is too little; give 16 or more") }
        // A followed file's periods grow in place: they keep every level's buckets.
        options.memoryBudget = command.follow ? nil : Int64(command.memory) << 20
        // A followed file's last line may be half-written: it waits for its newline.
        options.endsAtLastLine = command.follow
        let sources: [InputSource] = command.files.isEmpty
            ? [.standardInput]
            : command.files.map { $0 == "-" ? .standardInput : .file($0) }
        if command.follow, sources.count != 1 || sources == [.standardInput] {
            throw .usage("-f follows one file by its name; a pipe is followed until it ends without it")
        }
        if command.follow, case .file(let path) = sources[0], DataLoader.isGzip(regularFile: path) == true {
            throw .usage("-f follows a file as it grows; \(path) is gzip, which is read as it is")
        }
        if command.followFor != nil && !command.follow { throw .usage("--follow-for goes with -f") }
        return (sources, options, loadSetup(calendar: calendar, levels: levels, startLevel: startLevel))
    }

    /// What the command line fixed before reading, for files and databases alike.
    func loadSetup(calendar: CalendarSystem, levels: [Level]?, startLevel: Level?) -> LoadSetup {
        var setup = LoadSetup()
        setup.zone = command.tz == nil ? nil : calendar.zone
        setup.fallbackZone = calendar.zone
        setup.weekStart = calendar.weekStart
        setup.levels = levels
        setup.startLevel = startLevel
        return setup
    }

    /// The notes and skipped rows on stderr, as the spec asks; the dataset
    /// on `levels`, and the aggregate its bars show unless `--agg` says otherwise.
    func report(_ result: LoadResult, levels: [Level], now: Int64, finePages: FinePages? = nil) -> (Dataset, Aggregate) {
        for note in result.notes { warn(note) }
        // Rows skipped by a load still running are told when it ends, with their lines.
        if result.loading == nil { reportSkipped(result) }
        let dataset = Dataset(loaded: result, levels: levels, finePages: finePages)
        let aggregate = command.count ? .count : result.suggestedAggregate
        if command.agg == nil && aggregate == .mean { warn("aggregate: mean (\(result.profile.aggregateReason); --agg overrides)") }
        if let tail = dataset.farTail {
            let body = dataset.calendar.localTime(at: tail.bodyEnd).date.isoString
            warn("\(tail.buckets == 1 ? "one time lies" : "\(tail.buckets) times lie") far after the rest, which ends \(body)"
                 + (command.at == nil ? start(after: tail.bodyEnd, in: dataset, now: now) : "") + " (End and ] go further)")
        }
        return (dataset, aggregate)
    }

    /// Where the opening level starts when a far tail is left aside: the
    /// period the rest ends in, or the one before when that one holds little of it.
    private func start(after bodyEnd: Int64, in dataset: Dataset, now: Int64) -> String {
        guard let level = command.level.flatMap({ dataset.levels.contains($0) ? $0 : nil }) ?? dataset.levels.first else { return "" }
        let index = dataset.startIndex(level, now: now)
        if index == dataset.index(level, containing: bodyEnd - 1) { return ": starting there" }
        return ": starting on \(dataset.calendar.periodID(level, ordinal: dataset.ordinal(level, index: index))), "
            + "as its last \(level.rawValue) holds little"
    }

    private func reportSkipped(_ result: LoadResult) {
        guard result.skipped > 0 else { return }
        let listed = result.firstSkipped.count
        warn("skipped \(result.skipped) of \(result.rowsRead) rows" + (result.skipped > listed && listed > 0 ? ", the first \(listed):" : ""))
        for row in result.firstSkipped { warn("  \(row)") }
    }

    func warn(_ line: String) {
        FileHandle.standardError.write(Data(("strata: " + line + "\n").utf8))
    }
}
