/// The sketch of each period an export writes percentiles of: merged from
/// the sketches the load kept or, for a level finer than them (hours when
/// they are kept per day), read back from the file one period of their unit
/// at a time, as fine pages are. Where neither can give one (a pipe is read
/// once), the cell is empty and `notes` says so, once per level. A source
/// that answers percentiles itself (a database) is asked each level's
/// periods once, when the export reaches the level.
struct ExportSketches {
    let dataset: Dataset
    let percentiles: [Aggregate]
    /// The last period of the sketches' unit read back, every series' buckets in it.
    private var chunk: (range: Range<Int64>, unit: TimeUnit, buckets: FineBuckets?)?
    /// The source's answers of the level being written.
    private var answers: (level: Level, periods: AnsweredPercentiles?)?
    /// Levels already noted as left empty.
    private var noted: Set<Level> = []
    private(set) var notes: [String] = []

    init(dataset: Dataset, percentiles: [Aggregate]) {
        self.dataset = dataset
        self.percentiles = percentiles
    }

    /// Series `s`'s sketch of the level's period `[from, to)`; nil for an empty one or where none can be had.
    mutating func sketch(_ level: Level, from: Int64, to: Int64, series s: Int, stats: Stats) -> QuantileSketch? {
        guard !percentiles.isEmpty, !stats.isEmpty else { return nil }
        if dataset.answersPercentiles { return answered(level, series: s, start: from) }
        if let kept = dataset.sketch(from: from, to: to, series: s) { return kept }
        guard let unit = dataset.sketchUnit, level.unit < unit else { return nil }
        let calendar = dataset.calendar
        let ordinal = calendar.ordinal(of: unit, at: from)
        let range = calendar.start(of: unit, ordinal: ordinal)..<calendar.end(of: unit, ordinal: ordinal)
        if chunk?.range != range || chunk?.unit != level.unit {
            chunk = (range, level.unit, read(level, range))
        }
        guard let fine = chunk?.buckets, let column = fine.buckets.first else { return nil }
        // Series 0 is every series together; without names, the one list.
        let lists = s == 0 ? column : (s - 1 < column.count ? [column[s - 1]] : [])
        var sketch = QuantileSketch()
        for list in lists {
            for bucket in list where bucket.start >= from && bucket.start < to { sketch.merge(bucket.sketch ?? QuantileSketch()) }
        }
        return sketch
    }

    /// Series `s`'s answers of the level's period starting at `start`, the level's all read at its first.
    private mutating func answered(_ level: Level, series s: Int, start: Int64) -> QuantileSketch? {
        if answers?.level != level { answers = (level, readAnswers(level)) }
        return answers?.periods?.sketch(series: s, start: start)
    }

    /// The level's answers the screens asked for (`e` waits for them), else read now.
    private mutating func readAnswers(_ level: Level) -> AnsweredPercentiles? {
        if let asked = dataset.levelAnswers(level) { return asked }
        guard let finePages = dataset.finePages, let range = dataset.span(of: level) else { return nil }
        let leftEmpty = "export: \(percentiles.map(\.rawValue).joined(separator: ", ")) of \(level.rawValue)s left empty: "
        // Not kept within --memory, or asked and failed: not asked now.
        if let failure = dataset.answersNotKept(level) ?? dataset.levelPercentilesFailure(level) {
            note(level, leftEmpty + failure)
            return nil
        }
        do throws(ReadError) {
            return try finePages.readPercentiles(of: level.unit, from: range.lowerBound, to: range.upperBound)
        } catch {
            note(level, leftEmpty + error.bareMessage)
            return nil
        }
    }

    private mutating func read(_ level: Level, _ range: Range<Int64>) -> FineBuckets? {
        let names = percentiles.map(\.rawValue).joined(separator: ", ")
        guard let finePages = dataset.finePages else {
            note(level, "export: \(names) of \(level.rawValue)s left empty: the input is read once and its sketches were kept "
                 + "per \(dataset.sketchUnit!.name) (--memory MB keeps more; a file is read back)")
            return nil
        }
        do throws(ReadError) {
            return try finePages.read(from: range.lowerBound, to: range.upperBound, unit: level.unit)
        } catch {
            note(level, "export: \(names) of \(level.rawValue)s left empty from \(dataset.calendar.localTime(at: range.lowerBound).isoString): "
                 + error.bareMessage)
            return nil
        }
    }

    private mutating func note(_ level: Level, _ line: String) {
        guard noted.insert(level).inserted else { return }
        notes.append(line)
    }
}
