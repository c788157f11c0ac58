import Foundation

/// Decides how one input is read, before any row is: sniffs its format,
/// samples its records (the head, then chunks spread through a regular
/// file), finds the header and the lines above it, and has the column
/// picker choose the time, values and series. What it found is read by
/// `InputReader`, which then streams every record by the plan.
final class InputPlanner {
    /// What planning found: no input, a header and nothing else, or how to read the records.
    enum Outcome { case empty, headerOnly, records(RecordPlan) }

    static let sampleRows = 100

    let stream: ByteStream
    let options: ReadOptions
    /// A screen is shown the rows as they come: a pipe that pauses is not waited for.
    let watched: Bool
    let pattern: StrftimePattern?
    /// What times without a year are dated back from (`InputReader.now`).
    let now: Int64
    /// Where syslog times take their year (`InputReader.years`).
    private(set) var years: SyslogYears
    /// Set by the planning of each shape (`prepareWide` among them).
    var notes: [String] = []
    private(set) var valueName = ColumnNames.countedRows
    /// The time column (`a+b` when joined), or `line` for logs.
    private(set) var timeName = "line"
    /// What the sample said, once the plan is made.
    var profile = SampleProfile(times: [], offsets: [])
    /// The head sample's bytes a record, for how many rows a file holds.
    private var headRecordBytes: Double?
    /// The other value columns picked, in `RowSink.others` order.
    private(set) var otherNames: [String] = []
    /// The series column (named or found), if any.
    private(set) var seriesColumn: String?
    /// The names of the columns or fields the picker chose from, for `--where`.
    var fieldNames: [String] = []
    /// Those a filter may name, as the plan reads them.
    private(set) var filterFields = FilterFields()
    /// The fields that can split the rows into series (`ColumnPicker.breakdownCandidates`).
    var breakdowns: [String] = []
    /// Records of the sample too long to read, for the error when nothing else is there.
    private var oversized: [SkippedRow] = []
    /// A JSON document's records: the dotted path of their array (empty at the top).
    var recordsPath: String?
    /// The key of the records' [time, value] pairs, for a metric matrix.
    var pairsName: String?
    /// Where the records' array's first element is (past its `[`), in a regular file.
    var recordsOffset: Int64 = 0
    /// A pretty-printed array's records start on lines of their own after
    /// this many spaces: where the sample's chunks through the file may start.
    var elementIndent: Int?

    init(stream: ByteStream, options: ReadOptions, watched: Bool, pattern: StrftimePattern?, now: Int64, years: SyslogYears) {
        self.stream = stream
        self.options = options
        self.watched = watched
        self.pattern = pattern
        self.now = now
        self.years = years
    }

    var file: String { stream.name }

    /// Plans the input `scanner` reads, leaving it where the records start.
    func plan(_ scanner: RecordScanner) throws(ReadError) -> Outcome {
        // With a screen waiting, a pipe's first chunk is what has come when it pauses.
        let head = try scanner.prime(patience: watched ? 100 : nil)
        if scanner.atEOF && ByteText.skipSpacesAndNewlines(head, 0) == head.count { return .empty }
        if head.count >= 2, (head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF) {
            throw .unreadable(file: file, reason: "the text is UTF-16; convert it to UTF-8 (iconv -f UTF-16 -t UTF-8)")
        }
        // `head` points into the scanner's buffer: use it before sampling moves it.
        let binary = head.contains(0)
        // NUL bytes and not one line end in the whole head: no record is to be found (`/dev/zero` never ends).
        if binary, !scanner.atEOF, !head.contains(10) {
            throw .noTimeColumn(file: file, detail: "no line ends in its first \(head.count >> 10) kB (the input looks binary: it holds NUL bytes)")
        }
        let sniffed = options.format == .auto
        var format = sniffed ? FormatSniffer.format(name: file, head: head) : options.format
        let directives = sniffed ? LogDirectives.read(head) : nil
        var plan: RecordPlan
        if let directives {
            do {
                guard let p = try prepareDirectives(scanner, directives) else { return .headerOnly }
                plan = p
            } catch {
                throw binaryHint(error, binary)
            }
        } else {
            guard let p = try prepare(scanner, head: head, format: &format, sniffed: sniffed, binary: binary) else { return .headerOnly }
            plan = p
        }
        filterFields = FilterFields(plan, names: fieldNames)
        if let filter = options.filter { plan = try filtered(plan, by: filter) }
        if let recordsPath {
            notes.insert("input: JSON array" + (recordsPath.isEmpty ? "" : " at \(recordsPath)"), at: 0)
        } else if case .log(_, let log, _) = plan {
            notes.insert("input: \(log.name) lines, fields " + fieldNames.joined(separator: ", "), at: 0)
        } else if sniffed && directives == nil && (format == .jsonl || format == .lines) {
            notes.insert("input: \(format.rawValue)", at: 0)
        }
        if plan.format == .syslog, let year = options.year {
            insertAfterTimeNote("time: syslog lines have no year: the first takes \(year) (--year), each after it the earliest "
                                + "that does not put it before the first")
        } else if plan.format == .syslog {
            let day = CivilDate(dayNumber: Int(floorDiv64(now, 86_400)))
            let from = stream.modified == nil ? "now"
                : "the file's modification time (\(day.year)-\(Digits.pad(day.month, 2))-\(Digits.pad(day.day, 2)))"
            insertAfterTimeNote("time: syslog lines have no year: each takes the latest that does not put it after \(from)")
        } else if let year = options.year {
            insertAfterTimeNote("time: --year \(year) ignored: these times carry their year")
        }
        return .records(plan)
    }

    /// Says so when "no time found" comes from bytes that are not text.
    private func binaryHint(_ error: ReadError, _ binary: Bool) -> ReadError {
        guard case .noTimeColumn(let file, let detail) = error, binary else { return error }
        return .noTimeColumn(file: file, detail: detail + " (the input looks binary: it holds NUL bytes)")
    }

    /// The plan of records of `format`, sniffed or named (`head` the
    /// input's first bytes); nil when the input has a header and nothing
    /// else. `format` becomes what the records were read as: lines, for a
    /// log whose lines happen to hold commas; JSON Lines, for a document
    /// whose records are not in an array.
    private func prepare(_ scanner: RecordScanner, head: Field, format: inout InputFormat, sniffed: Bool,
                         binary: Bool) throws(ReadError) -> RecordPlan? {
        var plan: RecordPlan
        switch format {
        case .csv, .tsv, .auto:
            let delimiter = format == .tsv ? UInt8(ascii: "\t")
                : FormatSniffer.delimiter(head, candidates: [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "\t")])
                ?? UInt8(ascii: ",")
            do {
                guard let p = try prepareDelimited(scanner, delimiter: delimiter) else { return nil }
                plan = p
            } catch {
                // A log whose lines happen to hold commas (sniffed from its
                // content, not named .csv): read it as lines.
                let named = ["csv", "tsv", "tab"].contains(FormatSniffer.fileExtension(file))
                guard case .noTimeColumn = error, sniffed, !named, options.timeColumn == nil,
                      options.valueColumn == nil, options.seriesColumn == nil else { throw binaryHint(error, binary) }
                format = .lines
                scanner.mode = .lines
                do {
                    plan = try prepareLines(scanner)
                } catch _ {
                    throw binaryHint(error, binary)
                }
            }
            if sniffed, case .delimited(_, let header, _) = plan, format != .lines {
                var parts: [String] = []
                if delimiter != UInt8(ascii: ",") || format == .tsv {
                    parts.append(delimiter == UInt8(ascii: "\t") ? "tab-separated" : "\"\(UnicodeScalar(delimiter))\"-separated")
                }
                if !header && options.header == nil { parts.append("no header") }
                if !parts.isEmpty { notes.insert("input: " + parts.joined(separator: ", "), at: 0) }
            }
        case .jsonl:
            scanner.mode = .lines
            do { plan = try prepareJSON(scanner) } catch { throw binaryHint(error, binary) }
        case .json:
            do { plan = try prepareDocument(scanner) } catch { throw binaryHint(error, binary) }
            if recordsPath == nil { format = .jsonl }
        case .lines:
            do { plan = try prepareLines(scanner) } catch { throw binaryHint(error, binary) }
        }
        return plan
    }

    // MARK: sampling

    /// Copies up to `count` records (all fields), about `sampleWindow`
    /// bytes at most, and rewinds; with `spread`, adds the records of
    /// chunks spread through the rest of a regular file (`SpreadSampler`).
    /// Records the sample leaves out are still read (or skipped, with
    /// their reason) like every other.
    func sampleRecords(_ scanner: RecordScanner, count: Int, spread: Bool = false) throws(ReadError) -> Sample {
        let sample = Sample()
        let window = options.limits.sampleWindow
        var held = 0
        scanner.beginSample()
        defer { scanner.endSample() }
        var ended = false
        while sample.count < count && held < window {
            let next = try scanner.next()
            if next == .end { ended = true }
            if next == .end || next == .windowFull { break }
            if next == .oversized {
                oversized.append(SkippedRow(file: file, line: scanner.recordLine, column: 1,
                                            reason: "record longer than \(options.limits.maxRecord >> 20) MB"))
            }
            guard next == .record else { continue }
            // A record longer than the window says little about the columns
            // and would crowd out the rows after it. The first stays: it may be the header.
            let length = scanner.recordEnd - scanner.recordStart
            if length > window && sample.count > 0 { continue }
            held += length
            sample.append((0..<scanner.fieldCount).map { scanner.field($0) })
        }
        headRecordBytes = sample.count > 0 ? Double(held) / Double(sample.count) : nil
        if spread && !ended && sample.count > 0 {
            let fields = scanner.mode == .lines || scanner.mode == .jsonArray ? nil : sample.usualColumns
            try SpreadSampler(stream: stream, mode: scanner.mode, elementIndent: elementIndent)
                .sample(after: scanner.nextOffset, into: sample, fields: fields)
        }
        return sample
    }

    /// The plan for CSV/TSV; nil when the input has a header and nothing else.
    private func prepareDelimited(_ scanner: RecordScanner, delimiter: UInt8) throws(ReadError) -> RecordPlan? {
        scanner.mode = .delimited(delimiter)
        let read = try sampleRecords(scanner, count: Self.sampleRows + 1, spread: true)
        let preamble = options.skipLines ?? Self.linesAboveHeader(read)
        let records = preamble > 0 ? read.dropping(first: preamble) : read
        guard records.count > 0 else {
            if let error = onlyOversized() { throw error }
            return nil
        }
        if preamble > 0 && options.skipLines == nil {
            notes.append("input: \(preamble == 1 ? "1 line" : "\(preamble) lines") before the header passed over (--skip \(preamble) says so)")
        }
        let header = options.header ?? Self.looksLikeHeader(records)
        let data = Sample()
        for segment in records.segments {
            data.beginSegment()
            for r in segment where r > 0 || !header { data.append(records.row(r)) }
        }
        if header && data.count == 0 {
            if let error = onlyOversized() { throw error }
            return nil
        }
        let names = header ? (0..<records.fieldCount(0)).map { records.text(0, $0) } : []
        var picker = ColumnPicker(file: file, names: names, sample: data, options: options, pattern: pattern, noun: "column",
                                  decimalCommaAllowed: delimiter == UInt8(ascii: ";") || delimiter == ByteText.tab, years: years)
        picker.readsColumnsAsSeries = true
        picker.inputRows = inputRows
        let above = preamble + (header ? 1 : 0)
        picker.readOn = { (body) throws(ReadError) in try self.batchesPastHead(scanner, skipping: above) { body($0); return false } }
        do {
            let plan = try adopt(picker)
            if profile.needsReadOn, let gap = try gapPastHead(scanner, picker, plan, skipping: above) {
                profile.readOn(gap: gap)
            }
            return .delimited(plan, hasHeader: header, preamble: preamble)
        } catch {
            // Times as the header's names, one series a row (World Bank, Johns Hopkins): read wide.
            if error.leavesWideToTry, options.header != false,
               let plan = try prepareWide(names: (0..<records.fieldCount(0)).map { records.text(0, $0) },
                                          data: header ? data : records.dropping(first: 1)) {
                return .delimited(plan, hasHeader: true, preamble: preamble)
            }
            // Dates the sample cannot tell: read on until a day over 12 does.
            guard case .ambiguousDates(_, let column, let ambiguous) = error,
                  let c = (0..<picker.columnCount).first(where: { picker.name($0) == column }) else { throw error }
            let note: String
            switch try settleDayMonth(scanner, column: c) {
            case .overTwelve(let order, let line, let example)?:
                picker.dayMonthOrder = order
                note = "\(order == .dmy ? "day" : "month") first (line \(line) reads \(example))"
            case .sameDay(let order, let day, let years)?:
                picker.dayMonthOrder = order
                let (dayFirst, monthFirst) = ReadError.dayMonthPatterns(ambiguous)
                note = "\(order == .dmy ? "day" : "month") first (every date's \(order == .dmy ? "first" : "second") number is \(day), "
                    + "from \(years.lowerBound) to \(years.upperBound): one day of each month; "
                    + "--time-format \"\(order == .dmy ? monthFirst : dayFirst)\" reads \(order == .dmy ? "month" : "day") first)"
            case nil:
                return .delimited(try adoptDayFirst(&picker, ambiguous, error), hasHeader: header, preamble: preamble)
            }
            return .delimited(try adopt(picker, dayMonthNote: note), hasHeader: header, preamble: preamble)
        }
    }

    /// What reading a column of dates on says of the order of their day and month.
    private enum DayMonthEvidence {
        /// A date with a number over 12, at its line.
        case overTwelve(NumericDate.Order, line: Int, example: String)
        /// One number the same in every date, the other not, over more than
        /// one year: the same one is the day (monthly rows dated on the 1st).
        case sameDay(NumericDate.Order, day: Int, years: ClosedRange<Int>)
    }

    /// Dotted dates whose every value leaves day and month open are read
    /// day first, as the countries that write dots do; others are refused (`error`).
    func adoptDayFirst(_ picker: inout ColumnPicker, _ example: String, _ error: ReadError) throws(ReadError) -> RowPlan {
        guard example.contains("."), !example.contains("/") else { throw error }
        picker.dayMonthOrder = .dmy
        let flip = ReadError.dayMonthPatterns(example).monthFirst
        return try adopt(picker, dayMonthNote: "day first (no date read has a day over 12; --time-format \"\(flip)\" reads month first)")
    }

    /// The order of day and month in `column`, read through a regular file
    /// to its end, through the sample's window of a pipe: from the first
    /// date with a field over 12, else from a field that never changes
    /// while the other does, over more than one year.
    private func settleDayMonth(_ scanner: RecordScanner, column c: Int) throws(ReadError) -> DayMonthEvidence? {
        var firsts = Set<Int>(), seconds = Set<Int>(), years = Set<Int>()
        return try readingOn(scanner) { (reader) throws(ReadError) -> DayMonthEvidence? in
            while true {
                switch try reader.next() {
                case .end, .windowFull:
                    guard years.count > 1, let (order, day) = Self.sameDay(firsts, seconds) else { return nil }
                    return .sameDay(order, day: day, years: years.min()!...years.max()!)
                case .record where c < reader.fieldCount:
                    let date = ByteText.trimmed(reader.field(c))
                    guard let (first, second, year, _, _) = NumericDate.parts(date, 0), first <= 31, second <= 31 else { continue }
                    guard first > 12 || second > 12 else {
                        if firsts.count < 3 { firsts.insert(first) }
                        if seconds.count < 3 { seconds.insert(second) }
                        years.insert(year)
                        continue
                    }
                    return .overTwelve(first > 12 ? .dmy : .mdy, line: reader.recordLine, example: String(decoding: date, as: UTF8.self))
                default: continue
                }
            }
        }
    }

    /// The order whose day is the one number seen, when the other took several.
    private static func sameDay(_ firsts: Set<Int>, _ seconds: Set<Int>) -> (NumericDate.Order, Int)? {
        if firsts.count == 1, seconds.count > 1 { return (.dmy, firsts.first!) }
        if seconds.count == 1, firsts.count > 1 { return (.mdy, seconds.first!) }
        return nil
    }

    /// How far the first time that differs from the first row's lies from
    /// it, the input read on past its head (`batchesPastHead`); nil when
    /// every time there is the first's.
    private func gapPastHead(_ scanner: RecordScanner, _ picker: ColumnPicker, _ plan: RowPlan,
                             skipping: Int) throws(ReadError) -> Int64? {
        var first: Int64?, gap: Int64?
        _ = try batchesPastHead(scanner, skipping: skipping) { batch in
            for time in picker.sampleTimes(plan.time, plan.format, of: batch).lazy.compactMap({ $0?.0 }) {
                guard let start = first else { first = time; continue }
                if time != start { gap = abs(time - start); return true }
            }
            return false
        }
        return gap
    }

    /// Hands `body` the input's records past its first `skipping` (the
    /// header, lines above it), read on from its top as far as the sample's
    /// window, a batch at a time, until `body` says it has seen enough;
    /// true when the input ended within the window.
    private func batchesPastHead(_ scanner: RecordScanner, skipping: Int,
                                 _ body: (Sample) -> Bool) throws(ReadError) -> Bool {
        try readingOn(scanner) { (reader) throws(ReadError) in
            var records = 0, held = 0, stopped = false, ended = false
            while !stopped && held < options.limits.sampleWindow {
                let batch = Sample()
                while batch.count < 256 && held < options.limits.sampleWindow {
                    let next = try reader.next()
                    if next == .end || next == .windowFull { (stopped, ended) = (true, next == .end); break }
                    guard next == .record else { continue }
                    records += 1
                    guard records > skipping else { continue }
                    held += reader.recordEnd - reader.recordStart
                    batch.append((0..<reader.fieldCount).map { reader.field($0) })
                }
                if body(batch) { break }
            }
            return ended
        }
    }

    /// `body` given a scanner that reads the input again from its top: a
    /// regular file to its end, a pipe as far as the sample's window.
    private func readingOn<T>(_ scanner: RecordScanner, _ body: (RecordScanner) throws(ReadError) -> T) throws(ReadError) -> T {
        var reader = scanner
        if let range = stream.fileRange {
            let whole = stream.slice(range)
            whole.progress = nil
            reader = RecordScanner(stream: whole, mode: scanner.mode, limits: options.limits)
            _ = try reader.prime()
        } else {
            scanner.beginSample()
        }
        defer { if reader === scanner { scanner.endSample() } }
        return try body(reader)
    }

    /// The error for a sample whose only data records were too long to read:
    /// the one any record too long gives when no row is left.
    func onlyOversized() -> ReadError? {
        oversized.isEmpty ? nil : .allSkipped(file: file, rows: oversized.count, first: oversized.first)
    }

    /// The picker's plan, its notes and its sample's profile, and the names
    /// it picked, as the reader's; a note on the order of day and month
    /// follows the time's.
    func adopt(_ picker: ColumnPicker, dayMonthNote: String? = nil) throws(ReadError) -> RowPlan {
        let (plan, notes, profile) = try picker.plan()
        // The first time of `--year`, as the sample's parser read it (its wall time: read as UTC).
        if case .from(let year, nil) = years, plan.format == .syslog,
           let first = picker.sampleTimes(plan.time, plan.format).lazy.compactMap({ $0?.0 }).first {
            years = .from(year: year, first: first)
        }
        self.notes += notes
        if let dayMonthNote { insertAfterTimeNote("time: " + dayMonthNote) }
        self.profile = profile
        // A regular file's size tells about how many rows its sample was taken from.
        if let inputRows { self.profile.sampled(picker.sample.count, of: inputRows) }
        valueName = plan.valueName
        timeName = plan.timeName
        fieldNames = (0..<picker.columnCount).map(picker.name)
        breakdowns = picker.breakdownCandidates(excluding: Set(plan.timeName.split(separator: "+").map(String.init)),
                                                decimalComma: plan.decimalComma)
        otherNames = plan.otherNames
        seriesColumn = plan.series != nil || !plan.sideBySide.isEmpty ? plan.seriesName : nil
        return plan
    }

    /// The options a log's rows are picked by: a log line is an event, so a
    /// duration on it (`duration=12ms`) is a value, not the length of an
    /// interval, unless `--end` or `--duration` asks.
    var eventOptions: ReadOptions {
        var pick = options
        if pick.endColumn == nil && pick.durationColumn == nil { pick.endColumn = "none" }
        return pick
    }

    /// About how many rows a regular file holds: its size over the head sample's bytes a record.
    var inputRows: Int? {
        guard let range = stream.fileRange, let perRecord = headRecordBytes, perRecord > 0 else { return nil }
        return Int(Double(range.count) / perRecord)
    }

    private func insertAfterTimeNote(_ note: String) {
        let after = (notes.firstIndex { $0.hasPrefix("time:") } ?? notes.count - 1) + 1
        notes.insert(note, at: after)
    }

    /// The lines above a table's header: those not as wide as the table
    /// (`Sample.preambleLength`), else up to three as wide whose next line
    /// is a header when they are not (a station's id, name, state and offset).
    static func linesAboveHeader(_ records: Sample) -> Int {
        guard records.count > 0 else { return 0 }
        let narrower = records.preambleLength
        if narrower > 0 || looksLikeHeader(records) { return narrower }
        return (1...3).first { $0 < records.count && looksLikeHeader(records.dropping(first: $0)) } ?? 0
    }

    /// A first row is a header when it holds no number and no time while
    /// the rows below it do (or when it is all there is and holds neither).
    static func looksLikeHeader(_ records: Sample) -> Bool {
        let first = records.row(0)
        func isData(_ f: Field) -> Bool {
            let t = ByteText.trimmed(f)
            guard !t.isEmpty else { return false }
            if ValueParser.parse(t) != nil { return true }
            return TimeFormatDetector.detect([t], allowAnyEpoch: false) != .none
        }
        if first.contains(where: isData) { return false }
        // A title a spreadsheet padded to the table's width (`Report for May,,,`) names no columns.
        if first.count > 1 && first.count(where: { ByteText.trimmed($0).isEmpty }) * 2 > first.count { return false }
        if records.count == 1 { return true }
        for c in first.indices {
            let below = (1..<records.count).map { records.value($0, c) }.filter { !ByteText.trimmed($0).isEmpty }
            if !below.isEmpty && below.count(where: isData) * 2 > below.count { return true }
        }
        // Text throughout: a header if its cells differ from every row below.
        return (1..<records.count).allSatisfy { r in first.indices.contains { records.text(r, $0) != records.text(0, $0) } }
            && records.count > 1 && first.allSatisfy { !ByteText.trimmed($0).isEmpty }
    }

    /// `plan` reading only the rows `filter` passes: its names resolved
    /// (`filterFields`) to the columns, or to slots of the fields (added to
    /// those read) that the sample held; lines of no known shape have text alone.
    private func filtered(_ plan: RecordPlan, by filter: RowFilter) throws(ReadError) -> RecordPlan {
        let field = { [filterFields] (name: String) throws(ReadError) -> Int in
            guard let index = filterFields.index(of: name) else {
                throw ReadError.unknownColumn(file: self.file, option: "--where", column: name, available: self.fieldNames)
            }
            return index
        }
        switch plan {
        case .delimited(var p, let header, let preamble):
            p.filter = try RowMatcher(filter, field: field)
            return .delimited(p, hasHeader: header, preamble: preamble)
        case .json(var p, var paths, let pairs):
            p.filter = try slotMatcher(filter, &paths, field)
            return .json(p, paths: paths, pairs: pairs)
        case .log(var p, let format, var paths):
            p.filter = try slotMatcher(filter, &paths, field)
            return .log(p, format, paths: paths)
        case .lines(let format, _):
            return .lines(format, filter: try RowMatcher(filter, field: field))
        }
    }

    private func slotMatcher(_ filter: RowFilter, _ paths: inout [[UInt8]],
                             _ field: (String) throws(ReadError) -> Int) throws(ReadError) -> RowMatcher {
        try RowMatcher(filter) { (name) throws(ReadError) in
            _ = try field(name)
            let path = Array(name.utf8)
            if let slot = paths.firstIndex(of: path) { return slot }
            paths.append(path)
            return paths.count - 1
        }
    }

    private func prepareLines(_ scanner: RecordScanner) throws(ReadError) -> RecordPlan {
        let lines = try sampleRecords(scanner, count: Self.sampleRows)
        if lines.count == 0, let error = onlyOversized() { throw error }
        if let log = LogFormat.detect((0..<lines.count).map { lines.value($0, 0) }) { return try prepareLog(scanner, log) }
        for (option, spec) in [("--time", options.timeColumn), ("--value", options.valueColumn), ("--series", options.seriesColumn)] {
            if let spec { throw .unknownColumn(file: file, option: option, column: spec, available: []) }
        }
        let format: TimeFormat?
        if let pattern {
            format = .pattern(pattern)
        } else {
            format = TimeFormatDetector.detectInLines((0..<lines.count).map { lines.value($0, 0) })
        }
        guard let format else {
            throw .noTimeColumn(file: file, detail: "no timestamps found in the first \(lines.count) lines; "
                                + "for a table, name the time column with --time (and --time-format)")
        }
        var parser = TimeParser(format: format, zone: .utc, years: years)
        let found = (0..<lines.count).map { parser.find(in: lines.value($0, 0)) }
        years = parser.years
        profile = SampleProfile(times: found.map { $0?.0 },
                                offsets: found.indices.map { r in found[r].flatMap { SampleProfile.offset(of: lines.value(r, 0), format: format, from: $0.1) } })
        notes.append("time: first timestamp on each line, format \(format.description)")
        notes.append("value: none, counting lines")
        valueName = ColumnNames.countedRows
        return .lines(format, filter: nil)
    }

    /// The plan for log lines of `format`: the sample (spread through a
    /// regular file) split into fields, whose time, values and series the
    /// column picker chooses as it does a table's.
    private func prepareLog(_ scanner: RecordScanner, _ format: LogFormat) throws(ReadError) -> RecordPlan {
        let lines = try sampleRecords(scanner, count: Self.sampleRows, spread: true)
        var names = format.fieldNames
        var index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let reader = LogFields(format)
        defer { reader.free() }
        let data = Sample()
        for segment in lines.segments {
            data.beginSegment()
            for r in segment {
                var row: [Int: [UInt8]] = [:]
                let read = reader.read(lines.value(r, 0)) { name, value, _ in
                    let key = String(decoding: name, as: UTF8.self)
                    let c = index[key] ?? {
                        index[key] = names.count
                        names.append(key)
                        return names.count - 1
                    }()
                    // The first of a name holds, as a record's slot keeps it.
                    if row[c] == nil { row[c] = Array(value) }
                }
                if read { data.append(names.indices.map { row[$0] ?? [] }) }
            }
        }
        // Fields that no sampled line holds (no request time in this log) are left out.
        let held = names.indices.filter { c in (0..<data.count).contains { !data.value($0, c).isEmpty } }
        let columns = Sample()
        for segment in data.segments {
            columns.beginSegment()
            for r in segment { columns.append(held.map { data.value(r, $0) }) }
        }
        let heldNames = held.map { names[$0] }
        let picker = ColumnPicker(file: file, names: heldNames, sample: columns, options: eventOptions, pattern: pattern, noun: "field", years: years)
        var plan = try adopt(picker)
        let paths = Self.slot(&plan, names: heldNames)
        return .log(plan, format, paths: paths)
    }

}
