import Foundation

/// The input side of strata: reads every source into one `Accumulator`,
/// accounting for every row (`accepted + skipped == rowsRead`).
public enum DataLoader {
    /// - Parameters:
    ///   - sources: files (`-` is stdin) or stdin; none means stdin.
    ///   - calendar: periods and the zone naive times are read in.
    ///   - baseUnit: the accumulator's bucket (see `Dataset.baseUnit(for:)`).
    public static func load(_ sources: [InputSource], options: ReadOptions, calendar: CalendarSystem,
                            baseUnit: TimeUnit) throws(ReadError) -> LoadResult {
        let pattern: StrftimePattern?
        if let text = options.timeFormat {
            do {
                pattern = try StrftimePattern(text)
            } catch {
                throw .badTimeFormat(pattern: text, reason: error.message)
            }
        } else {
            pattern = nil
        }
        let sources = sources.isEmpty ? [InputSource.standardInput] : sources
        let now = options.now ?? Int64(Date().timeIntervalSince1970)
        var sink = RowSink(calendar: calendar, baseUnit: baseUnit, keep: options.skippedToKeep, strict: options.strict)
        var notes: [String] = []
        var valueNames: [String] = []
        var empty: [String] = []
        var headerOnly: [String] = []
        var rowSources: [RowSource] = []
        for source in sources {
            let stream = try ByteStream.open(source)
            let reader = InputReader(stream: stream, options: options, pattern: pattern, calendar: calendar,
                                     baseUnit: baseUnit, now: now)
            let outcome: InputReader.Outcome
            do {
                outcome = try reader.read(into: &sink)
            } catch {
                try? stream.finish(complete: false)
                throw error
            }
            if outcome != .rows { try? stream.finish(complete: false) }
            let index = sink.trail.finish()
            if let plan = reader.recordPlan {
                rowSources.append(RowSource(input: source, stream: stream, plan: plan, mode: reader.recordMode, index: index))
            }
            switch outcome {
            case .rows:
                for note in reader.notes.map(\.visible) where !notes.contains(note) { notes.append(note) }
                valueNames.append(reader.valueName)
            case .empty:
                empty.append(stream.name)
            case .headerOnly:
                headerOnly.append(stream.name)
            }
        }
        let name = sourceName(sources)
        if sink.accepted == 0 {
            let file = sources.count == 1 ? displayName(sources[0]) : name
            if sink.rowsRead == 0 {
                if !headerOnly.isEmpty { throw .noValidRows(file: file, detail: "no data rows after the header") }
                throw .noValidRows(file: file, detail: "the input is empty")
            }
            let first = sink.firstSkipped.first.map { "; first: \($0)" } ?? ""
            throw .noValidRows(file: file, detail: "no row with a valid time (\(sink.rowsRead) row\(sink.rowsRead == 1 ? "" : "s") read, all skipped\(first))")
        }
        for file in empty { notes.append("\(file): empty, nothing read") }
        for file in headerOnly { notes.append("\(file): a header and no rows") }
        var accumulator = sink.accumulator
        accumulator.flush()
        let distinct = valueNames.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return LoadResult(accumulator: accumulator, seriesNames: options.seriesColumn == nil ? [] : sink.series.names,
                          valueName: distinct.count == 1 ? distinct[0] : distinct.joined(separator: "/"),
                          sourceName: name, rowsRead: sink.rowsRead, accepted: sink.accepted, skipped: sink.skipped,
                          firstSkipped: sink.firstSkipped, notes: notes,
                          rowLocator: RowLocator(sources: rowSources, series: sink.series, calendar: calendar, baseUnit: baseUnit,
                                                 now: now, limits: options.limits))
    }

    static func displayName(_ source: InputSource) -> String {
        switch source {
        case .standardInput: "stdin"
        case .file(let path): path == "-" ? "stdin" : path
        }
    }

    /// `data.csv`, `stdin`, or `a.csv +2` for several inputs.
    static func sourceName(_ sources: [InputSource]) -> String {
        let first: String
        switch sources[0] {
        case .standardInput: first = "stdin"
        case .file(let path): first = path == "-" ? "stdin" : (path.split(separator: "/").last.map(String.init) ?? path)
        }
        return sources.count == 1 ? first : "\(first) +\(sources.count - 1)"
    }
}
