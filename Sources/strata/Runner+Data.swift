import Foundation
import StrataData
import StrataTerminal
import StrataUI

extension Runner {
    /// The demo, with the aggregate its bars show unless `--agg` says otherwise.
    func loadDemo(calendar: CalendarSystem, levels: [Level]?, startLevel: Level?, now: Int64) -> (Dataset, Aggregate, StrataApp.RowReader) {
        var chosen = levels ?? Level.defaultSet
        if let startLevel, !chosen.contains(startLevel) { chosen = (chosen + [startLevel]).sorted() }
        let demo = DemoData.load(now: now, calendar: calendar, levels: chosen)
        return (Dataset(loaded: demo, levels: demo.levels), command.count ? .count : .sum,
                { _, _, _ in CardRowsRead(note: "the demo is made up: it has no input rows") })
    }

    /// `--demo`, or no input at all: no file and stdin a terminal.
    var usesDemo: Bool { command.demo || (command.files.isEmpty && isatty(STDIN_FILENO) == 1) }

    /// The files (or stdin) the command line names, as a road: read by the
    /// background load, their ranges read again when read in place.
    /// - Parameters:
    ///   - watched: a terminal shows the load as it goes; nobody
    ///     watches a dump or an export, whose progress goes to stderr.
    ///   - change: a reload's options (`f`, `F`, `g`) over the command line's,
    ///     read in the levels and zone of `shown`, the load on show, and from
    ///     the copies it kept of a pipe or gzip.
    func fileRoad(calendar: CalendarSystem, levels: [Level]?, startLevel: Level?, now: Int64, watched: Bool,
                  change: (ReadChange, shown: LoadResult)? = nil) throws(Failure) -> Road {
        var (sources, asked, setup) = try readSetup(calendar: calendar, levels: levels, startLevel: startLevel, now: now)
        if let (change, shown) = change {
            apply(change, shown: shown, to: &asked, &setup)
            // The copies the load kept of what it read once: a pipe, stdin or named (`<(zcat x.gz)`),
            // is not there to read again, and a gzip file need not be inflated again.
            if let copies = shown.rowLocator.inputsReadAgain {
                sources = copies
            } else if let pipe = sources.first(where: \.isPipe) {
                let name = InputSource.name(of: [pipe])
                guard shown.loading == nil else { throw .usage("\(name) is still being read: f filters it once it has ended") }
                throw .usage("\(name) was read once, with no copy kept: it cannot be read again")
            }
        }
        let progress = LoadProgress()
        let options = { var options = asked; options.progress = progress; return options }()
        let line = watched ? nil : ProgressLine(progress: progress, name: InputSource.name(of: sources), files: command.files)
        line?.start()
        let source = FileSource(sources, options: options, setup: setup, watched: watched)
        let follows = command.follow
        var road = Road(source: source,
                    ended: { line?.finish() },
                    // A followed file reads back only what it did not keep: the running period's rows,
                    // read again on every poll, would hold back the screen's every update.
                    readsRangesAgain: { $0.rowLocator.readsRangesInPlace && (!follows || $0.keptLessThanItsLevelsDraw) },
                    rows: { $0.rowLocator },
                    endNotice: sources == [.standardInput] ? "input ended" : nil,
                    follow: { [self] result, feed, latest, finePages in
                        startFollowing(result, source: source, options: options, feed: feed, latest: latest, finePages: finePages)
                    },
                    failure: { [expression = filterText(change?.0)] error in Failure(error.locatingField(in: expression)) })
        road.stop = { progress.stop() }
        road.pipe = sources.first(where: \.isPipe).map { InputSource.name(of: [$0]) }
        return road
    }

    /// A reload's filter and split over the command line's, in the levels and zone of `shown`, the load on show.
    func apply(_ change: ReadChange, shown: LoadResult, to options: inout ReadOptions, _ setup: inout LoadSetup) {
        options.filter = change.filter?.parsed
        if let series = change.series {
            options.seriesColumn = series
            options.seriesCap = series == "none" ? nil : SeriesRule.breakdownCap
        }
        if !shown.levels.isEmpty { setup.levels = shown.levels }
        setup.zone = shown.calendar.zone
    }

    /// The filter a load reads with, as written: a reload's, else `--where`. An error naming a field is located in it.
    func filterText(_ change: ReadChange?) -> String? {
        change.map { $0.filter?.text } ?? command.whereExpression
    }

    /// The input, read on a worker thread as the terminal reads it: the
    /// dataset of what the first screen needs (the whole input when it was
    /// quick) at once, then each fuller dataset posted to `feed`, the last
    /// holding every row. A dump and an export take the same road and wait
    /// for its end (`HeadlessRunner.settle`); a database's query is whole
    /// when it returns.
    /// - Parameters:
    ///   - watched: a terminal shows the load as it goes; its notes are told
    ///     at once (held until the terminal is restored). Nobody watches a dump
    ///     or an export: they tell `latest` once settled (`tell`).
    ///   - latest: kept up to date with the fullest result read so far.
    ///   - tells: the notes go to stderr (a reload's are the first load's again).
    func openDataset(_ road: Road, now: Int64, feed: DatasetFeed, watched: Bool,
                     latest: LatestLoad, tells: Bool = true) throws(Failure) -> (Dataset, Aggregate, StrataApp.RowReader?) {
        let first: LoadResult
        do throws(ReadError) {
            first = try road.source.coarse { [self] update in
                switch update {
                case .partial(let result):
                    feed.post(.dataset(Dataset(loaded: result, levels: result.levels), rows: nil))
                case .finished(let result):
                    latest.keep(result)
                    road.ended()
                    // Held while the terminal is in use, and printed when it is restored.
                    if watched && tells { reportSkipped(result) }
                    let pages = finePages(road, result: result)
                    let notices = [road.endNotice, result.budgetNotice].compactMap { $0 }
                    feed.post(.dataset(Dataset(loaded: result, levels: result.levels, finePages: pages),
                                       rows: CardRows.reader(road.rows(result)),
                                       notice: notices.isEmpty ? nil : notices.joined(separator: "; ")))
                    road.follow?(result, feed, latest, pages)
                case .failed(let error):
                    road.ended()
                    let failure = road.failure(error)
                    feed.post(.failed(message: failure.message, exitCode: failure.exitCode))
                }
            }
        } catch {
            road.ended()
            throw road.failure(error)
        }
        latest.keep(first)
        let finished = first.loading == nil
        let pages = finished ? finePages(road, result: first) : nil
        if finished {
            road.ended()
            road.follow?(first, feed, latest, pages)
        }
        let dataset = Dataset(loaded: first, levels: first.levels, finePages: pages)
        let aggregate = watched && tells ? tell(first, about: dataset, now: now) : suggestedAggregate(first)
        return (dataset, aggregate, finished ? CardRows.reader(road.rows(first)) : nil)
    }

    /// With `-f`, a thread that looks at the file as it grows (`FollowLoop`):
    /// the source reads a page's finer bars back from the grown file, and
    /// `finePages` forgets the pages the new rows fall in.
    private func startFollowing(_ loaded: LoadResult, source: FileSource, options: ReadOptions, feed: DatasetFeed,
                                latest: LatestLoad, finePages: FinePages?) {
        guard command.follow, case .file(let path)? = source.inputs.first,
              let follower = FileFollower(path: path, result: loaded, options: options) else { return }
        // From now on a page is read back through the follower's descriptor, which a line half-written meanwhile does not change.
        source.followed(follower.current)
        // A file within its budget at load reads its pages back once it has grown past it.
        let pages = finePages ?? (loaded.rowLocator.readsRangesInPlace ? pagesOf(source) : nil)
        FollowLoop(follower, name: loaded.sourceName, feed: feed, finePages: pages, readsPages: \.keptLessThanItsLevelsDraw, observe: {
            latest.keep($0)
            source.followed($0)
        }).start()
    }

    /// Where a page's bars finer than the load kept, a running period's
    /// rows (its comparison to the second) and a timeline's window of
    /// intervals are read from; nil when the road cannot read a range again
    /// (a pipe or gzip as it streams), or need not (a followed file that kept every level's bars).
    private func finePages(_ road: Road, result: LoadResult) -> FinePages? {
        guard road.readsRangesAgain(result) else { return nil }
        return pagesOf(road.source)
    }

    /// The pages read back from `source`, kept within a quarter of the budget.
    private func pagesOf(_ source: any Source) -> FinePages {
        FinePages(source: source, mode: .background, budget: Int(command.memory << 20) / 4)
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
        options.asksValues = command.agg.map { !$0.isQuantity } ?? false
        options.filter = whereFilter?.parsed
        return options
    }

    /// `--where`, as written and parsed: `StrataCommand.validate` refused one that does not parse.
    var whereFilter: TypedFilter? { try? command.whereFilter() }

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
        options.memoryBudget = Int64(command.memory) << 20
        // A followed file's last line may be half-written: it waits for its newline.
        options.endsAtLastLine = command.follow
        // Sketches cost memory and load time: kept only when a percentile is asked for (DECISIONS).
        options.keepsSketches = !exportedPercentiles.isEmpty
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

    /// Tells what `result` found on stderr: its notes, its skipped rows once
    /// it has ended, the aggregate when it is a mean, and times far after
    /// the rest of `dataset`. Returns the aggregate its bars show unless `--agg` says otherwise.
    func tell(_ result: LoadResult, about dataset: Dataset, now: Int64) -> Aggregate {
        for note in result.notes + dataset.percentileNotes { warn(note) }
        // Rows skipped by a load still running are told when it ends, with their lines.
        if result.loading == nil {
            reportSkipped(result)
            reportFiltered(result)
        }
        let aggregate = suggestedAggregate(result)
        // A sum is said only when the reading gave a reason (a wide table's cells); a mean or a running total's max always.
        if command.agg == nil && (!aggregate.isQuantity || (aggregate == .sum && !result.profile.aggregateReason.isEmpty)) {
            warn("aggregate: \(aggregate.rawValue) (\(result.profile.aggregateReason); --agg overrides)")
        }
        if let tail = dataset.farTail {
            let body = dataset.calendar.localTime(at: tail.bodyEnd).date.isoString
            warn("\(tail.buckets == 1 ? "one time lies" : "\(tail.buckets) times lie") far after the rest, which ends \(body)"
                 + (command.at == nil ? start(after: tail.bodyEnd, in: dataset, now: now) : "") + " (End and ] go further)")
        }
        return aggregate
    }

    /// What the rows suggest the bars show: a count with `--count`.
    private func suggestedAggregate(_ result: LoadResult) -> Aggregate {
        command.count ? .count : result.suggestedAggregate
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

    /// How many rows `--where` passed, and of those it did not, how many lacked a field it names.
    private func reportFiltered(_ result: LoadResult) {
        guard let expression = command.whereExpression else { return }
        let passed = result.rowsRead - result.filteredOut
        let read = CountText.compact(result.rowsRead)
        let lacking = result.lackingField == 0 ? "" : " (\(CountText.grouped(result.lackingField)) without a field it names)"
        warn("where \(expression): \(CountText.grouped(passed)) of \(read) rows\(lacking)")
    }

    func warn(_ line: String) {
        FileHandle.standardError.write(Data(("strata: " + line + "\n").utf8))
    }
}
