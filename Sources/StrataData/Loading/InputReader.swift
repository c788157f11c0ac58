import Foundation

/// Reads one input: sniffs its format, samples its first rows, decides the
/// columns and the time format once, then streams every record into a
/// `RowSink`. A large regular file is read by two threads, one per half.
final class InputReader {
    enum Outcome { case rows, empty, headerOnly }

    static let sampleRows = 100

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
    /// The head sample's bytes a record, for how many rows a file holds.
    private var headRecordBytes: Double?
    /// The other value columns loaded, in `RowSink.others` order.
    private(set) var otherNames: [String] = []
    /// The series column (named or found), if any.
    private(set) var seriesColumn: String?
    /// Called once the sample is read and before any row is: picks the
    /// calendar and base bucket from the profile (the first input's zone and levels).
    var decide: ((SampleProfile, _ valueColumns: Int) throws(ReadError) -> (CalendarSystem, TimeUnit))?
    /// The offsets written in this input's times.
    private(set) var offsets = WrittenOffsets()
    /// How the records were read, for reading them back (nil until they are).
    private(set) var recordPlan: RecordPlan?
    private(set) var recordMode = RecordScanner.Mode.lines
    /// After a head-and-tail read: the instants whose rows were all read
    /// (none when the rows turned out not to be in order), and the bytes read.
    private(set) var wholeSpans: [Range<Int64>] = []
    private(set) var bytesLooked: Int64 = 0
    /// Records of the sample too long to read, for the error when nothing else is there.
    private var oversized: [SkippedRow] = []
    /// A JSON document's records: the dotted path of their array (empty at the top).
    private(set) var recordsPath: String?
    /// The key of the records' [time, value] pairs, for a metric matrix.
    private var pairsName: String?
    /// Where the records' array's first element is (past its `[`), in a regular file.
    private var recordsOffset: Int64 = 0
    /// A pretty-printed array's records start on lines of their own after
    /// this many spaces: where the sample's chunks through the file may start.
    private var elementIndent: Int?
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
        var plan: RecordPlan
        switch format {
        case .csv, .tsv, .auto:
            let delimiter = format == .tsv ? UInt8(ascii: "\t")
                : FormatSniffer.delimiter(head, candidates: [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "\t")])
                ?? UInt8(ascii: ",")
            do {
                guard let p = try prepareDelimited(scanner, delimiter: delimiter) else { return .headerOnly }
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
        if let recordsPath {
            notes.insert("input: JSON array" + (recordsPath.isEmpty ? "" : " at \(recordsPath)"), at: 0)
        } else if sniffed && (format == .jsonl || format == .lines) {
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
        if let decide {
            (calendar, baseUnit) = try decide(profile, 1 + otherNames.count)
            let watcher = sink.watcher
            sink = sink.fresh(calendar: calendar, baseUnit: baseUnit)
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
            let what = pairsName.map { ", [time, value] pairs in \($0) (\(Self.grouped(rows)) rows)" }
                ?? " (\(Self.grouped(rows)) record\(rows == 1 ? "" : "s"))"
            notes[0] += what
        }
        return .rows
    }

    /// `2,300`: a count as the notes write it.
    static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var i = digits.count - 3
        while i > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: i))
            i -= 3
        }
        return digits
    }

    /// Says so when "no time found" comes from bytes that are not text.
    private func binaryHint(_ error: ReadError, _ binary: Bool) -> ReadError {
        guard case .noTimeColumn(let file, let detail) = error, binary else { return error }
        return .noTimeColumn(file: file, detail: detail + " (the input looks binary: it holds NUL bytes)")
    }

    // MARK: sampling

    /// Copies up to `count` records (all fields), about `sampleWindow`
    /// bytes at most, and rewinds; with `spread`, adds the records of
    /// chunks spread through the rest of a regular file (`SpreadSampler`).
    /// Records the sample leaves out are still read (or skipped, with
    /// their reason) like every other.
    private func sampleRecords(_ scanner: RecordScanner, count: Int, spread: Bool = false) throws(ReadError) -> Sample {
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
        let preamble = options.skipLines ?? Self.preambleLength(read)
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
        do {
            return .delimited(try adopt(picker), hasHeader: header, preamble: preamble)
        } catch {
            // Dates the sample cannot tell: read on until a day over 12 does.
            guard case .ambiguousDates(_, let column, let ambiguous) = error,
                  let c = (0..<picker.columnCount).first(where: { picker.name($0) == column }) else { throw error }
            guard let (order, line, example) = try settleDayMonth(scanner, column: c) else {
                return .delimited(try adoptDayFirst(&picker, ambiguous, error), hasHeader: header, preamble: preamble)
            }
            picker.dayMonthOrder = order
            return .delimited(try adopt(picker, dayMonthNote: "\(order == .dmy ? "day" : "month") first (line \(line) reads \(example))"),
                              hasHeader: header, preamble: preamble)
        }
    }

    /// Dotted dates whose every value leaves day and month open are read
    /// day first, as the countries that write dots do; others are refused (`error`).
    private func adoptDayFirst(_ picker: inout ColumnPicker, _ example: String, _ error: ReadError) throws(ReadError) -> RowPlan {
        guard example.contains("."), !example.contains("/") else { throw error }
        picker.dayMonthOrder = .dmy
        let flip = ReadError.dayMonthPatterns(example).monthFirst
        return try adopt(picker, dayMonthNote: "day first (no date read has a day over 12; --time-format \"\(flip)\" reads month first)")
    }

    /// The order of day and month in `column`, from the first date past
    /// the sample with a field over 12, its line and its text: through a
    /// regular file to its end, through the sample's window of a pipe.
    private func settleDayMonth(_ scanner: RecordScanner, column c: Int) throws(ReadError) -> (NumericDate.Order, Int, String)? {
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
        while true {
            switch try reader.next() {
            case .end, .windowFull: return nil
            case .record where c < reader.fieldCount:
                let date = ByteText.trimmed(reader.field(c))
                guard let (first, second, _, _, _) = NumericDate.parts(date, 0), first <= 31, second <= 31, first > 12 || second > 12 else { continue }
                return (first > 12 ? .dmy : .mdy, reader.recordLine, String(decoding: date, as: UTF8.self))
            default: continue
            }
        }
    }

    /// The error for a sample whose only data records were too long to read:
    /// the one any record too long gives when no row is left.
    private func onlyOversized() -> ReadError? {
        oversized.isEmpty ? nil : .allSkipped(file: file, rows: oversized.count, first: oversized.first)
    }

    /// The picker's plan, its notes and its sample's profile, and the names
    /// it picked, as the reader's; a note on the order of day and month
    /// follows the time's.
    private func adopt(_ picker: ColumnPicker, dayMonthNote: String? = nil) throws(ReadError) -> RowPlan {
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
        if let range = stream.fileRange, let perRecord = headRecordBytes, perRecord > 0 {
            self.profile.sampled(picker.sample.count, of: Int(Double(range.count) / perRecord))
        }
        valueName = plan.valueName
        timeName = plan.timeName
        otherNames = plan.otherNames
        seriesColumn = plan.series != nil || !plan.sideBySide.isEmpty ? plan.seriesName : nil
        return plan
    }

    private func insertAfterTimeNote(_ note: String) {
        let after = (notes.firstIndex { $0.hasPrefix("time:") } ?? notes.count - 1) + 1
        notes.insert(note, at: after)
    }

    /// The lines above a table's header: those not as wide as the table
    /// (`Sample.preambleLength`), else up to three as wide whose next line
    /// is a header when they are not (a station's id, name, state and offset).
    static func preambleLength(_ records: Sample) -> Int {
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
        if records.count == 1 { return true }
        for c in first.indices {
            let below = (1..<records.count).map { records.value($0, c) }.filter { !ByteText.trimmed($0).isEmpty }
            if !below.isEmpty && below.count(where: isData) * 2 > below.count { return true }
        }
        // Text throughout: a header if its cells differ from every row below.
        return (1..<records.count).allSatisfy { r in first.indices.contains { records.text(r, $0) != records.text(0, $0) } }
            && records.count > 1 && first.allSatisfy { !ByteText.trimmed($0).isEmpty }
    }

    /// The plan for a JSON document: its records' array, found in its
    /// head, is read from its first element as JSON Lines are. A document
    /// that is one object on one line is JSON Lines of one record.
    private func prepareDocument(_ scanner: RecordScanner) throws(ReadError) -> RecordPlan {
        let window = options.limits.sampleWindow
        let head = try scanner.lookAhead(window)
        switch JSONDocument.locate(head, path: options.jsonPath) {
        case .records(let path, let offset):
            let first = ByteText.skipSpacesAndNewlines(head, offset + 1)
            if let newline = head[(offset + 1)..<first].lastIndex(of: 10) { elementIndent = first - newline - 1 }
            scanner.skip(offset + 1)
            recordsOffset = scanner.nextOffset
            scanner.mode = .jsonArray
            scanner.expectsArrayEnd = true
            recordsPath = path
        case .nothing(let top):
            let firstLine = Field(rebasing: head[0..<(head.firstIndex(of: 10) ?? head.count)])
            let whole = scanner.atEOF && head.count < window
            let within = whole ? "" : " in the first \(window >> 20) MB"
            let noRecords = ReadError.noTimeColumn(file: file, detail: "no array of objects\(within) in the JSON document (its top is \(top))")
            if options.jsonPath == nil, JSONLine().walk(firstLine, { _, _, _, _ in }) == nil {
                scanner.mode = .lines
                do {
                    return try prepareJSON(scanner)
                } catch .noTimeColumn {
                    // One object without a time, as an API's compact error answer is: what it holds, as when pretty-printed.
                    throw noRecords
                }
            }
            if let wanted = options.jsonPath {
                throw .noTimeColumn(file: file, detail: "--json-path \(wanted): no array there\(within) (the top of the document is \(top))")
            }
            throw noRecords
        }
        do {
            return try prepareJSON(scanner)
        } catch .noTimeColumn(let file, let detail) where options.jsonPath == nil {
            // Breadth-first may have found an array beside the one meant.
            let array = recordsPath!.isEmpty ? "the top array" : "the array at \(recordsPath!)"
            throw .noTimeColumn(file: file, detail: "\(detail); read \(array), --json-path picks another")
        }
    }

    private func prepareJSON(_ scanner: RecordScanner) throws(ReadError) -> RecordPlan {
        let inArray = scanner.mode == .jsonArray
        // An array's chunks need its records on lines of their own; one on a single line has none.
        let lines = try sampleRecords(scanner, count: Self.sampleRows, spread: !inArray || elementIndent != nil)
        if lines.count == 0, let error = onlyOversized() { throw error }
        var names: [String] = []
        var index: [String: Int] = [:]
        func column(_ name: String) -> Int {
            if let known = index[name] { return known }
            index[name] = names.count
            names.append(name)
            return names.count - 1
        }
        // Each segment's objects, in order; a line that is not one is left out.
        var segments: [[[Int: [UInt8]]]] = []
        // The first key whose array holds [time, value] pairs: a metric matrix.
        var pairsPath: String?
        // Each record with pairs: where its rows are, and its other fields, to name its series once all are seen.
        var matrixRecords: [(segment: Int, rows: Range<Int>, fields: [(path: String, value: [UInt8])])] = []
        let walker = JSONLine()
        // The first sampled record refused for its depth, to name when none is read.
        var tooDeep: Int?
        for segment in lines.segments {
            segments.append([])
            for r in segment {
                var row: [Int: [UInt8]] = [:]
                var arrays: [(String, [UInt8])] = []
                var fields: [(path: String, value: [UInt8])] = []
                let failure = walker.walk(lines.value(r, 0), arrays: { path, array in
                    arrays.append((String(decoding: path, as: UTF8.self), Array(array)))
                }, { path, value, kind, _ in
                    let name = String(decoding: path, as: UTF8.self)
                    row[column(name)] = kind == .null ? [] : Array(value)
                    fields.append((name, Array(value)))
                })
                guard failure == nil else {
                    if case .tooDeep = failure, tooDeep == nil { tooDeep = r }
                    continue
                }
                if pairsPath == nil {
                    pairsPath = arrays.first { $0.1.withUnsafeBufferPointer(JSONPairs.holdsPairs) }?.0
                }
                guard let pairsPath, let pairs = arrays.first(where: { $0.0 == pairsPath })?.1 else {
                    segments[segments.count - 1].append(row)
                    continue
                }
                // A few of the record's pairs, as rows, say what its columns are.
                let first = segments[segments.count - 1].count
                _ = pairs.withUnsafeBufferPointer { array in
                    JSONPairs.each(in: array) { (time, value) throws(Never) in
                        guard segments[segments.count - 1].count - first < Self.sampleRows else { return }
                        var pairRow = row
                        pairRow[column(JSONPairs.timeName(pairsPath))] = Array(time)
                        pairRow[column(JSONPairs.valueName(pairsPath))] = Array(value)
                        segments[segments.count - 1].append(pairRow)
                    }
                }
                matrixRecords.append((segments.count - 1, first..<segments[segments.count - 1].count, fields))
            }
        }
        let labels = JSONPairs.Labels(matrixRecords.map(\.fields))
        var labelSets = Set<[UInt8]>()
        for record in matrixRecords {
            let text = labels.text(record.fields)
            labelSets.insert(text)
            for r in record.rows { segments[record.segment][r][column(JSONPairs.seriesName)] = text }
        }
        // The values named after the one metric all records hold.
        let valueName = pairsPath.map { labels.metric ?? JSONPairs.valueName($0) }
        if let pairsPath, let valueName, let c = index[JSONPairs.valueName(pairsPath)] {
            index[valueName] = c
            names[c] = valueName
        }
        guard segments.contains(where: { !$0.isEmpty }) else {
            if let tooDeep {
                throw .noTimeColumn(file: file, detail: "the \(inArray ? "array's" : "input's") record \(tooDeep + 1) is nested deeper than \(JSONLine.maxDepth) levels, and no other sampled record is an object")
            }
            if inArray {
                throw .noTimeColumn(file: file, detail: "no JSON object in the first \(lines.count) elements of the array")
            }
            throw .noTimeColumn(file: file, detail: "no JSON object in the first \(lines.count) lines (JSON Lines needs one object per line)")
        }
        let data = Sample()
        for rows in segments {
            data.beginSegment()
            for row in rows { data.append((0..<names.count).map { row[$0] ?? [] }) }
        }
        // A matrix's time and value are its pairs', its series the records' other fields.
        var pick = options
        if let pairsPath {
            pick.timeColumn = options.timeColumn ?? JSONPairs.timeName(pairsPath)
            if !options.countOnly { pick.valueColumn = options.valueColumn ?? valueName }
            if labelSets.count > 1 { pick.seriesColumn = options.seriesColumn ?? JSONPairs.seriesName }
        }
        var picker = ColumnPicker(file: file, names: names, sample: data, options: pick, pattern: pattern, noun: "field", years: years)
        var plan: RowPlan
        do {
            plan = try adopt(picker)
        } catch .ambiguousDates(let file, let column, let example) {
            plan = try adoptDayFirst(&picker, example, .ambiguousDates(file: file, column: column, example: example))
        }
        // A matrix's values sample a level (a gauge, a rate): its periods show their mean.
        if pairsPath != nil, options.valueColumn == nil, plan.value != nil, plan.end == nil { profile.aggregate = .mean }
        let paths = Self.slot(&plan, names: names)
        let pairs = pairsPath.map { path in
            JSONPairs.Plan(path: Array(path.utf8), time: paths.firstIndex(of: Array(JSONPairs.timeName(path).utf8)),
                           value: valueName.flatMap { paths.firstIndex(of: Array($0.utf8)) },
                           labels: paths.firstIndex(of: Array(JSONPairs.seriesName.utf8)), labelPaths: labels.paths.map { Array($0.utf8) })
        }
        pairsName = pairsPath
        return .json(plan, paths: paths, pairs: pairs)
    }

    /// Renumbers the fields `plan` uses into slots 0, 1, 2…, in the order
    /// it names them; returns each slot's path.
    private static func slot(_ plan: inout RowPlan, names: [String]) -> [[UInt8]] {
        var paths: [[UInt8]] = []
        func slot(_ c: Int) -> Int {
            let p = Array(names[c].utf8)
            if let i = paths.firstIndex(of: p) { return i }
            paths.append(p)
            return paths.count - 1
        }
        switch plan.time {
        case .column(let c): plan.time = .column(slot(c))
        case .joined(let a, let b): plan.time = .joined(slot(a), slot(b))
        case .parts(let cs): plan.time = .parts(cs.map(slot))
        }
        plan.value = plan.value.map(slot)
        plan.series = plan.series.map(slot)
        plan.others = plan.others.map(slot)
        switch plan.end {
        case .time(let c, let f)?: plan.end = .time(slot(c), f)
        case .duration(let c)?: plan.end = .duration(slot(c))
        case nil: break
        }
        plan.label = plan.label.map(slot)
        return paths
    }

    private func prepareLines(_ scanner: RecordScanner) throws(ReadError) -> RecordPlan {
        for (option, spec) in [("--time", options.timeColumn), ("--value", options.valueColumn), ("--series", options.seriesColumn)] {
            if let spec { throw .unknownColumn(file: file, option: option, column: spec, available: []) }
        }
        let lines = try sampleRecords(scanner, count: Self.sampleRows)
        if lines.count == 0, let error = onlyOversized() { throw error }
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
        return .lines(format)
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
        // A first look would cut an array's records at the head's end and
        // report one as broken: an array is read whole.
        if scanner.mode != .jsonArray, let (head, tail) = options.headAndTail, let range = stream.fileRange,
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
            // The split fell inside a quoted field or a record: read the whole file again, in one pass.
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
            return
        }
        defer { stream.finish() }
        try RowReaders.run(scanner, plan, parser: &parser, sink: &sink, skipHeader: skipsHeader(plan), cancel: nil)
        arrayBroke = scanner.jsonBreak != nil
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
    /// Returns false when the split turned out not to be on a record boundary.
    private func runSplit(_ scanner: RecordScanner, _ plan: RecordPlan, parser: inout TimeParser, split: Int64, end: Int64,
                          into sink: inout RowSink) throws(ReadError) -> Bool {
        stream.limit(to: split)
        // A JSON array's first half ends at the split (between records, or the split is wrong), its second at the `]`.
        scanner.expectsArrayEnd = false
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
        if scanner.endedInsideQuote || failure != nil || broken { second.cancel.cancel() }
        second.done.wait()
        if scanner.endedInsideQuote { return false }
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
            // Flushed while nothing else holds its buckets: the merge then copies none.
            sink.accumulator.flush()
            result = .success(sink)
        } catch {
            result = .failure(error)
        }
    }
}
