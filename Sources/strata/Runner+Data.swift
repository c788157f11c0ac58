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
            let line = ProgressLine(progress: progress, name: DataLoader.sourceName(sources), files: command.files)
            line.start()
            defer { line.finish() }
            result = try DataLoader.load(sources, options: options, setup: setup)
        } catch {
            throw Failure(line: error.message, exitCode: error.exitCode)
        }
        let (dataset, aggregate) = report(result, levels: result.levels)
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
                    feed.post(.dataset(Dataset(loaded: result, levels: result.levels), rows: CardRows.reader(result.rowLocator)))
                case .failed(let error):
                    feed.post(.failed(message: error.message, exitCode: error.exitCode))
                }
            }
        } catch {
            throw Failure(line: error.message, exitCode: error.exitCode)
        }
        let (dataset, aggregate) = report(first, levels: first.levels)
        return (dataset, aggregate, first.loading == nil ? CardRows.reader(first.rowLocator) : nil)
    }

    /// The inputs and how to read them, from the command line.
    private func readSetup(calendar: CalendarSystem, levels: [Level]?, startLevel: Level?,
                           now: Int64) throws(Failure) -> ([InputSource], ReadOptions, LoadSetup) {
        var options = ReadOptions()
        options.format = command.format
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
        options.timeFormat = command.timeFormat
        options.header = command.noHeader ? false : nil
        options.strict = command.strict
        options.now = now
        let sources: [InputSource] = command.files.isEmpty
            ? [.standardInput]
            : command.files.map { $0 == "-" ? .standardInput : .file($0) }
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
    func report(_ result: LoadResult, levels: [Level]) -> (Dataset, Aggregate) {
        for note in result.notes { warn(note) }
        // Rows skipped by a load still running are told when it ends, with their lines.
        if result.loading == nil { reportSkipped(result) }
        let dataset = Dataset(loaded: result, levels: levels)
        let aggregate = command.count ? .count : result.suggestedAggregate
        if command.agg == nil && aggregate == .mean { warn("aggregate: mean (\"\(result.valueName)\" is a level, not a quantity; --agg overrides)") }
        if let tail = dataset.farTail {
            let body = dataset.calendar.localTime(at: tail.bodyEnd).date.isoString
            warn("\(tail.buckets == 1 ? "one time lies" : "\(tail.buckets) times lie") far after the rest, which ends \(body): "
                 + "starting there (End and ] go further)")
        }
        return (dataset, aggregate)
    }

    private func reportSkipped(_ result: LoadResult) {
        guard result.skipped > 0 else { return }
        warn("skipped \(result.skipped) of \(result.rowsRead) rows")
        for row in result.firstSkipped { warn("  \(row)") }
    }

    func warn(_ line: String) {
        FileHandle.standardError.write(Data(("strata: " + line + "\n").utf8))
    }
}
