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
        let useDemo = command.demo || (command.files.isEmpty && isatty(STDIN_FILENO) == 1)
        if useDemo {
            var chosen = levels ?? Level.defaultSet
            if let startLevel, !chosen.contains(startLevel) { chosen = (chosen + [startLevel]).sorted() }
            let demo = DemoData.load(now: now, calendar: calendar, levels: chosen)
            return (Dataset(loaded: demo, levels: demo.levels), command.count ? .count : .sum,
                    { _, _, _ in CardRowsRead(note: "the demo is made up: it has no input rows") })
        }
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
        let result: LoadResult
        do throws(ReadError) {
            var setup = LoadSetup()
            setup.zone = command.tz == nil ? nil : calendar.zone
            setup.fallbackZone = calendar.zone
            setup.weekStart = calendar.weekStart
            setup.levels = levels
            setup.startLevel = startLevel
            let progress = LoadProgress()
            options.progress = progress
            let line = ProgressLine(progress: progress, name: DataLoader.sourceName(sources), files: command.files)
            line.start()
            defer { line.finish() }
            result = try DataLoader.load(sources, options: options, setup: setup)
        } catch {
            throw Failure(line: error.message, exitCode: error.exitCode)
        }
        for note in result.notes { warn(note) }
        if result.skipped > 0 {
            warn("skipped \(result.skipped) of \(result.rowsRead) rows")
            for row in result.firstSkipped { warn("  \(row)") }
        }
        let dataset = Dataset(loaded: result, levels: result.levels)
        let aggregate = command.count ? .count : result.suggestedAggregate
        if command.agg == nil && aggregate == .mean { warn("aggregate: mean (\"\(result.valueName)\" is a level, not a quantity; --agg overrides)") }
        if let tail = dataset.farTail {
            let body = dataset.calendar.localTime(at: tail.bodyEnd).date.isoString
            warn("\(tail.buckets == 1 ? "one time lies" : "\(tail.buckets) times lie") far after the rest, which ends \(body): "
                 + "starting there (End and ] go further)")
        }
        return (dataset, aggregate, CardRows.reader(result.rowLocator))
    }

    func warn(_ line: String) {
        FileHandle.standardError.write(Data(("strata: " + line + "\n").utf8))
    }
}
