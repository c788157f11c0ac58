import Foundation
import StrataData
import StrataTerminal
import StrataUI

extension Runner {
    /// The demo, or the inputs read into aggregates, with notes and skipped
    /// rows reported on stderr as the spec asks.
    /// The dataset, and whether its rows were counted (no value column).
    func loadDataset(calendar: CalendarSystem, levels: [Level], now: Int64) throws(Failure) -> (Dataset, Bool) {
        let baseUnit = Dataset.baseUnit(for: levels)
        let useDemo = command.demo || (command.files.isEmpty && isatty(STDIN_FILENO) == 1)
        if useDemo {
            let accumulator = DemoData.generate(now: now, calendar: calendar, baseUnit: baseUnit)
            return (Dataset(accumulator: accumulator, levels: levels,
                            sourceName: DemoData.sourceName, valueName: DemoData.valueName), false)
        }
        var options = ReadOptions()
        guard let format = InputFormat(rawValue: command.format.lowercased()) else {
            throw .usage("--format: expected auto, csv, tsv, jsonl or lines, got \"\(command.format)\"")
        }
        options.format = format
        options.timeColumn = command.time
        options.valueColumn = command.value
        options.seriesColumn = command.series
        options.countOnly = command.count
        options.timeFormat = command.timeFormat
        options.header = command.noHeader ? false : nil
        options.strict = command.strict
        options.now = now
        let sources: [InputSource] = command.files.isEmpty
            ? [.standardInput]
            : command.files.map { $0 == "-" ? .standardInput : .file($0) }
        let result: LoadResult
        do {
            result = try DataLoader.load(sources, options: options, calendar: calendar, baseUnit: baseUnit)
        } catch {
            throw Failure(line: error.message, exitCode: error.exitCode)
        }
        for note in result.notes { warn(note) }
        if result.skipped > 0 {
            warn("skipped \(result.skipped) of \(result.rowsRead) rows")
            for row in result.firstSkipped { warn("  \(row)") }
        }
        let dataset = Dataset(accumulator: result.accumulator, seriesNames: result.seriesNames, levels: levels,
                              sourceName: result.sourceName, valueName: result.valueName, skippedRows: result.skipped)
        return (dataset, result.countsRows || command.count)
    }

    func warn(_ line: String) {
        FileHandle.standardError.write(Data(("strata: " + line + "\n").utf8))
    }

    /// How the card gets a period's raw rows: read back from the files, or a
    /// note saying why there are none.
    func rowReader() -> StrataApp.RowReader {
        let useDemo = command.demo || (command.files.isEmpty && isatty(STDIN_FILENO) == 1)
        let fromStdin = command.files.isEmpty || command.files.contains("-")
        let note = useDemo ? "the demo is made up: it has no input rows"
            : fromStdin ? "rows from standard input are not kept" : "rows are not kept for this input"
        return { _, _, _ in .notKept(note) }
    }
}
