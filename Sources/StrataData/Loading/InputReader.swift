import Foundation

/// Reads one input: has `InputPlanner` decide how its records are read
/// (its format, columns and time format, once), then streams every record
/// into a `RowSink`. A large regular file is read by two threads, one per half.
final class InputReader {
    enum Outcome { case rows, empty, headerOnly }

    /// The calendar and base bucket a load picks from its sample, and the
    /// coarsest base its buckets may be merged into past the budget.
    struct BasePick {
        let calendar: CalendarSystem
        let baseUnit: TimeUnit
        let coarsestBase: TimeUnit
    }

    let stream: ByteStream
    let options: ReadOptions
    /// A screen is shown the rows as they come (`PartialResults`): a pipe
    /// that pauses is not waited for.
    let watched: Bool
    let pattern: StrftimePattern?
    private(set) var calendar: CalendarSystem
    private(set) var baseUnit: TimeUnit
    /// What times without a year are dated back from: a named file's
    /// modification time, else the load's "now".
    let now: Int64
    /// Where syslog times take their year: back from `now`, or on from
    /// `--year` (the first time, once the sample has read it).
    private(set) var years: SyslogYears
    private(set) var notes: [String] = []
    private(set) var valueName = ColumnNames.countedRows
    /// The time column (`a+b` when joined), or `line` for logs.
    private(set) var timeName = "line"
    /// What the sample said, once the plan is made.
    private(set) var profile = SampleProfile(times: [], offsets: [])
    /// The other value columns loaded, in `RowSink.others` order.
    private(set) var otherNames: [String] = []
    /// The series column (named or found), if any.
    private(set) var seriesColumn: String?
    /// The columns or fields a filter may name (`InputPlanner.filterFields`).
    private(set) var filterFields = FilterFields()
    private(set) var breakdowns: [String] = []
    /// Called once the sample is read and before any row is: picks the
    /// calendar and base bucket from the profile (the first input's zone and
    /// levels), and the coarsest base the budget may make of it.
    var decide: ((SampleProfile, _ valueColumns: Int) throws(ReadError) -> BasePick)?
    /// The offsets written in this input's times.
    private(set) var offsets = WrittenOffsets()
    /// How the records were read, for reading them back (nil until they are).
    private(set) var recordPlan: RecordPlan?
    private(set) var recordMode = RecordScanner.Mode.lines
    /// A W3C or Zeek log's last rows came under the `#Fields` line of this
    /// line, which names other fields than the plan's (`RowSource.otherFieldsLine`).
    private(set) var otherFieldsLineAtEnd: Int?
    /// After a head-and-tail read: the instants whose rows were all read
    /// (none when the rows turned out not to be in order), and the bytes read.
    private(set) var wholeSpans: [Range<Int64>] = []
    private(set) var bytesLooked: Int64 = 0
    /// A JSON document's records: the dotted path of their array (empty at the top).
    private(set) var recordsPath: String?
    /// The key of the records' [time, value] pairs, for a metric matrix.
    private var pairsName: String?
    /// Where the records' array's first element is (past its `[`), in a regular file.
    private var recordsOffset: Int64 = 0
    /// The records' array broke: its last row read is the break, not a record.
    private var arrayBroke = false

    init(stream: ByteStream, options: ReadOptions, watched: Bool, pattern: StrftimePattern?, calendar: CalendarSystem,
         baseUnit: TimeUnit, now: Int64) {
        self.stream = stream
        self.options = options
        self.watched = watched
        self.pattern = pattern
        self.calendar = calendar
        self.baseUnit = baseUnit
        self.now = stream.modified ?? now
        years = options.year.map { .from(year: $0, first: nil) } ?? .until(self.now)
    }

    var file: String { stream.name }

    func read(into sink: inout RowSink) throws(ReadError) -> Outcome {
        let scanner = RecordScanner(stream: stream, mode: .lines, limits: options.limits)
        let planner = InputPlanner(stream: stream, options: options, watched: watched, pattern: pattern, now: now, years: years)
        let plan: RecordPlan
        switch try planner.plan(scanner) {
        case .empty: return .empty
        case .headerOnly: return .headerOnly
        case .records(let planned): plan = planned
        }
        (notes, valueName, timeName, profile, otherNames, seriesColumn) = (planner.notes, planner.valueName, planner.timeName,
                                                                           planner.profile, planner.otherNames, planner.seriesColumn)
        (filterFields, breakdowns) = (planner.filterFields, planner.breakdowns)
        (years, recordsPath, pairsName, recordsOffset) = (planner.years, planner.recordsPath, planner.pairsName, planner.recordsOffset)
        if let decide {
            let pick = try decide(profile, 1 + otherNames.count)
            (calendar, baseUnit) = (pick.calendar, pick.baseUnit)
            let watcher = sink.watcher
            sink = sink.fresh(calendar: calendar, baseUnit: baseUnit)
            sink.accumulator.coarsestBase = pick.coarsestBase
            sink.watcher = watcher
        }
        if options.planOnly {
            (recordPlan, recordMode) = (plan, scanner.mode)
            sink.accumulator.widen(to: 1 + otherNames.count)
            return .rows
        }
        let rowsBefore = sink.rowsRead
        try run(scanner, plan, into: &sink)
        if recordsPath != nil {
            let rows = sink.rowsRead - rowsBefore - (arrayBroke ? 1 : 0)
            let what = pairsName.map { ", [time, value] pairs in \($0) (\(CountText.grouped(rows)) rows)" }
                ?? " (\(CountText.grouped(rows)) record\(rows == 1 ? "" : "s"))"
            notes[0] += what
        }
        return .rows
    }


    // MARK: reading

    private func makeParser(_ plan: RecordPlan) -> TimeParser {
        TimeParser(format: plan.format, zone: calendar.zone, years: years)
    }

    private func skipsHeader(_ plan: RecordPlan) -> Bool {
        plan.recordsBeforeRows > 0
    }

    private func run(_ scanner: RecordScanner, _ plan: RecordPlan, into sink: inout RowSink) throws(ReadError) {
        recordPlan = plan
        recordMode = scanner.mode
        stream.reportsStalls = watched
        var parser = makeParser(plan)
        defer { offsets = offsets.merged(with: parser.writtenOffsets) }
        // A first look would cut an array's records at the head's end and report one as broken, and reading
        // it whole would be a load without the budget (216 MB for 1 GB): an array gets no first look.
        if scanner.mode == .jsonArray, options.headAndTail != nil {
            throw .unreadable(file: file, reason: "a JSON array has no first look")
        }
        if let (head, tail) = options.headAndTail, let range = stream.fileRange,
           let headEnd = stream.newline(after: scanner.streamPosition + head), range.upperBound - tail > headEnd,
           let tailStart = stream.newline(after: range.upperBound - tail), tailStart < range.upperBound {
            try runHeadAndTail(scanner, plan, parser: &parser, headEnd: headEnd, tail: tailStart..<range.upperBound, into: &sink)
            return
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let middle = stream.fileRange.map { scanner.streamPosition + ($0.upperBound - scanner.streamPosition) / 2 } ?? 0
        if let range = stream.fileRange, cores >= 2, range.upperBound - scanner.streamPosition >= options.splitThreshold,
           let split = scanner.mode == .jsonArray ? stream.elementStart(after: middle) : stream.newline(after: middle) {
            let before = sink
            if try runSplit(scanner, plan, parser: &parser, split: split, end: range.upperBound, into: &sink) {
                stream.finish()
                return
            }
            // The split fell inside a quoted field, a record or a block of other `#Fields`: read the whole file again, in one pass.
            sink = before
            let again = RecordScanner(stream: stream.slice(range), mode: scanner.mode, limits: options.limits)
            _ = try again.prime()
            if scanner.mode == .jsonArray {
                let before = Int(recordsOffset - again.nextOffset)
                _ = try again.lookAhead(before)
                again.skip(before)
                again.expectsArrayEnd = true
            }
            parser = makeParser(plan)
            offsets = WrittenOffsets()
            try RowReaders.run(again, plan, parser: &parser, sink: &sink, skipHeader: skipsHeader(plan), cancel: nil)
            arrayBroke = again.jsonBreak != nil
            otherFieldsLineAtEnd = again.otherFieldsLine
            return
        }
        defer { stream.finish() }
        try RowReaders.run(scanner, plan, parser: &parser, sink: &sink, skipHeader: skipsHeader(plan), cancel: nil)
        arrayBroke = scanner.jsonBreak != nil
        otherFieldsLineAtEnd = scanner.otherFieldsLine
    }

    /// The rows of `[start, headEnd)` and of `tail`, for a first look at a
    /// sorted file: what lies between is left for the full load. Notes
    /// which instants are whole: those before the head's last bucket and
    /// those after the tail's first.
    private func runHeadAndTail(_ scanner: RecordScanner, _ plan: RecordPlan, parser: inout TimeParser, headEnd: Int64,
                                tail: Range<Int64>, into sink: inout RowSink) throws(ReadError) {
        defer { stream.finish() }
        stream.limit(to: headEnd)
        try RowReaders.run(scanner, plan, parser: &parser, sink: &sink, skipHeader: skipsHeader(plan), cancel: nil)
        let headThrough = sink.trail.readThrough
        var tailSink = sink.fresh(calendar: calendar, baseUnit: baseUnit)
        let tailScanner = RecordScanner(stream: stream.slice(tail), mode: scanner.mode, limits: options.limits)
        _ = try tailScanner.prime()
        var tailParser = makeParser(plan)
        try RowReaders.run(tailScanner, plan, parser: &tailParser, sink: &tailSink, skipHeader: false, cancel: nil)
        offsets = offsets.merged(with: tailParser.writtenOffsets)
        var tailFirst = tailSink.accumulator
        tailFirst.flush()
        let tailFrom = tailFirst.instantRange.map { calendar.start(of: baseUnit, ordinal: calendar.ordinal(of: baseUnit, at: $0.lowerBound) + 1) }
        let inOrder = !sink.trail.wentBack && !tailSink.trail.wentBack
        sink.absorb(tailSink, lineOffset: 0)
        wholeSpans = inOrder ? [headThrough.map { Int64.min..<$0 }, tailFrom.map { $0..<Int64.max }].compactMap { $0 } : []
        bytesLooked = (headEnd - (stream.fileRange?.lowerBound ?? 0)) + Int64(tail.count)
    }


    /// Reads `[start, split)` here and `[split, end)` on a second thread.
    /// Returns false when the halves are not to be joined, and the file is
    /// read again in one pass: the split fell inside a quoted field, a half
    /// meets a block of other `#Fields`, a half reached the series cap, or
    /// the second half came to no result.
    private func runSplit(_ scanner: RecordScanner, _ plan: RecordPlan, parser: inout TimeParser, split: Int64, end: Int64,
                          into sink: inout RowSink) throws(ReadError) -> Bool {
        stream.limit(to: split)
        // A JSON array's first half ends at the split (between records, or the split is wrong), its second at the `]`.
        scanner.expectsArrayEnd = false
        // The halves are held at once: each keeps within half the base buckets, and half the intervals, the load may keep.
        let (wholeLimit, wholeIntervals) = (sink.accumulator.baseLimit, sink.intervals.limit)
        if wholeLimit < .max { sink.accumulator.baseLimit = wholeLimit / 2 }
        if wholeIntervals < .max { sink.intervals.limit = wholeIntervals / 2 }
        let second = SecondHalf(stream: stream.slice(split..<end), mode: scanner.mode, limits: options.limits, plan: plan,
                                parser: makeParser(plan), sink: sink.fresh(calendar: calendar, baseUnit: baseUnit))
        let thread = Thread { second.run() }
        thread.stackSize = 4 << 20
        thread.start()
        var failure: ReadError?
        do {
            try RowReaders.run(scanner, plan, parser: &parser, sink: &sink, skipHeader: skipsHeader(plan), cancel: nil)
        } catch {
            failure = error
        }
        // A quote still open at the split: this half's last record (and maybe
        // an error about it) and the other half cannot be trusted.
        // A JSON array that breaks in the first half ends there: the second half is not read.
        let broken = scanner.jsonBreak != nil
        // Under a `#Fields` line that names other fields at the split, the
        // second half's first rows are too, which it cannot know.
        let underOtherFields = scanner.otherFieldsLine != nil
        if scanner.endedInsideQuote || underOtherFields || failure != nil || broken { second.cancel.cancel() }
        second.done.wait()
        // Both halves are read: joined, they keep what the whole load may.
        (sink.accumulator.baseLimit, sink.intervals.limit) = (wholeLimit, wholeIntervals)
        if scanner.endedInsideQuote || underOtherFields { return false }
        // The second half names such a line by its line in the half, not in the file: read again in one pass.
        if second.metOtherFields { return false }
        if let failure { throw failure }
        arrayBroke = broken
        if broken { return true }
        let lineOffset = scanner.line - 1
        switch second.result {
        // Each half admits its own first series up to the cap: past it, which series are kept is one
        // decision for the whole input, made by reading it in one pass (a series is never half kept).
        case .success(let other) where sink.series.names.count >= SeriesTable.limit || other.series.names.count >= SeriesTable.limit:
            return false
        case .success(let other):
            arrayBroke = second.brokeArray
            sink.absorb(other, lineOffset: lineOffset)
            offsets = offsets.merged(with: second.parser.writtenOffsets)
            return true
        case .failure(.badRow(var row)):
            row.line += lineOffset
            throw .badRow(row)
        case .failure(let error):
            throw error
        case nil:
            return false
        }
    }
}

/// The second thread's half of a file and what came of it.
private final class SecondHalf: @unchecked Sendable {
    let stream: ByteStream
    let mode: RecordScanner.Mode
    let limits: ScannerLimits
    let plan: RecordPlan
    var parser: TimeParser
    var sink: RowSink
    let cancel = CancelFlag()
    let done = DispatchSemaphore(value: 0)
    var result: Result<RowSink, ReadError>?
    /// A JSON array broke in this half.
    var brokeArray = false
    /// A `#Fields` line naming other fields was met in this half.
    var metOtherFields = false

    init(stream: ByteStream, mode: RecordScanner.Mode, limits: ScannerLimits, plan: RecordPlan, parser: TimeParser, sink: RowSink) {
        self.stream = stream
        self.mode = mode
        self.limits = limits
        self.plan = plan
        self.parser = parser
        self.sink = sink
    }

    func run() {
        defer { done.signal() }
        let scanner = RecordScanner(stream: stream, mode: mode, limits: limits)
        scanner.expectsArrayEnd = mode == .jsonArray
        do {
            try RowReaders.run(scanner, plan, parser: &parser, sink: &sink, skipHeader: false, cancel: cancel)
            brokeArray = scanner.jsonBreak != nil
            metOtherFields = scanner.metOtherFields
            // Flushed while nothing else holds its buckets: the merge then copies none.
            sink.accumulator.flush()
            result = .success(sink)
        } catch {
            result = .failure(error)
        }
    }
}
