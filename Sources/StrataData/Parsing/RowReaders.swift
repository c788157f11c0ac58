import Foundation

/// Tells a second reading thread to stop early (the first one failed).
final class CancelFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    func cancel() { lock.withLock { cancelled = true } }
    var isCancelled: Bool { lock.withLock { cancelled } }
}

/// How to read every record of one input, decided from its sample.
enum RecordPlan: Sendable {
    /// `preamble`: the lines above the header (a title, a station's
    /// details) that the rows never include.
    case delimited(RowPlan, hasHeader: Bool, preamble: Int)
    /// JSON Lines and JSON arrays: `paths[i]` is the dotted path read into
    /// slot `i` of the plan's columns; with `pairs`, each of a record's
    /// `[time, value]` pairs is a row.
    case json(RowPlan, paths: [[UInt8]], pairs: JSONPairs.Plan?)
    /// Log lines of a known shape, read as records: `paths[i]` is the field read into slot `i`.
    case log(RowPlan, LogFormat, paths: [[UInt8]])
    /// Lines of no known shape: each counts 1 at the first time on it. `filter` matches text only.
    case lines(TimeFormat, filter: RowMatcher?)

    var format: TimeFormat {
        switch self {
        case .delimited(let p, _, _), .json(let p, _, _), .log(let p, _, _): p.format
        case .lines(let f, _): f
        }
    }

    /// The plan of a record's fields; nil for lines of no known shape.
    var rowPlan: RowPlan? {
        switch self {
        case .delimited(let p, _, _), .json(let p, _, _), .log(let p, _, _): p
        case .lines: nil
        }
    }

    /// The records an input starts with that are not rows: its preamble and its header.
    var recordsBeforeRows: Int {
        guard case .delimited(_, let header, let preamble) = self else { return 0 }
        return preamble + (header ? 1 : 0)
    }
}

/// The loops that turn records into accepted or skipped rows. Every
/// record that is not blank (and not the header) is counted in `rowsRead`
/// and then either accepted or skipped, never both, never neither.
enum RowReaders {
    /// Rows between looks at the other thread, the progress and the screen (a few milliseconds of reading).
    static let cancelCheckInterval = 1 << 12

    static func run(_ scanner: RecordScanner, _ plan: RecordPlan, parser: inout TimeParser, sink: inout RowSink,
                    skipHeader: Bool, cancel: CancelFlag?) throws(ReadError) {
        switch plan {
        case .delimited(let p, _, _) where p.wide != nil:
            try wide(scanner, p, p.wide!, parser: &parser, sink: &sink, recordsBeforeRows: skipHeader ? plan.recordsBeforeRows : 0, cancel: cancel)
        case .delimited(let p, _, _):
            try delimited(scanner, p, parser: &parser, sink: &sink, recordsBeforeRows: skipHeader ? plan.recordsBeforeRows : 0, cancel: cancel)
        case .json(let p, let paths, let pairs):
            try json(scanner, p, paths: paths, pairs: pairs, parser: &parser, sink: &sink, cancel: cancel)
        case .log(let p, let format, let paths):
            try log(scanner, p, format: format, paths: paths, parser: &parser, sink: &sink, cancel: cancel)
        case .lines(_, let filter): try lines(scanner, filter: filter, parser: &parser, sink: &sink, cancel: cancel)
        }
    }

    /// Counts records the scanner could not split (too long, quote never
    /// closed) or read (under a `#Fields` line naming other fields).
    fileprivate static func skipBroken(_ next: RecordScanner.Next, _ scanner: RecordScanner, _ sink: inout RowSink) throws(ReadError) {
        sink.rowsRead += 1
        let file = scanner.stream.name
        if next == .oversized {
            try sink.skip(SkippedRow(file: file, line: scanner.recordLine, column: 1,
                                     reason: "record longer than \(scanner.limits.maxRecord >> 20) MB"))
        } else if next == .cutShort {
            try sink.skip(SkippedRow(file: file, line: scanner.recordLine, column: 1,
                                     reason: "\(scanner.stream.cut ?? "the input is cut short"); the read stops here"))
        } else if next == .otherFields, let fieldsLine = scanner.otherFieldsLine {
            try sink.skip(SkippedRow(file: file, line: scanner.recordLine, column: 1,
                                     reason: "under the #Fields of line \(fieldsLine), which names other fields than the first"))
        } else if next == .brokenJSON, let (reason, offset) = scanner.jsonBreak {
            try sink.skip(SkippedRow(file: file, line: scanner.recordLine, column: scanner.badColumn,
                                     reason: "invalid JSON at byte \(offset): \(reason); the read stops here"))
        } else {
            try sink.skip(SkippedRow(file: file, line: scanner.recordLine, column: scanner.badColumn,
                                     reason: "quoted field is never closed"))
        }
    }

    // MARK: CSV and TSV

    static func delimited(_ scanner: RecordScanner, _ plan: RowPlan, parser: inout TimeParser, sink: inout RowSink,
                          recordsBeforeRows: Int, cancel: CancelFlag?) throws(ReadError) {
        sink.prepare(for: plan)
        let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(plan.width, plan.sideBySide.count))
        defer { values.deallocate() }
        let needed = plan.columnsNeeded
        var joined = ByteBuffer()
        defer { joined.free() }
        var ends = IntervalEnds(plan, parser: parser, baseUnit: sink.accumulator.baseUnit)
        var loop = RecordLoop(recordsToPass: recordsBeforeRows, cancel: cancel)
        while try loop.next(scanner, &sink) {
            guard sink.passes(plan.filter, text: scanner.recordBytes, field: { $0 < scanner.fieldCount ? scanner.field($0) : nil }) else { continue }
            guard scanner.fieldCount >= needed else {
                try skipShortRow(scanner, plan, &sink)
                continue
            }
            let seconds: Int64?
            switch plan.time {
            case .column(let c):
                seconds = parser.parse(scanner.field(c))
            case .joined(let a, let b, let form):
                ClockTime.join(date: scanner.field(a), clock: scanner.field(b), form: form, into: &joined)
                seconds = parser.parse(joined.bytes)
            case .parts(let cs):
                TimePart.build(count: cs.count, into: &joined) { scanner.field(cs[$0]) }
                seconds = parser.parse(joined.bytes)
            }
            guard let seconds else {
                let f: Field
                switch plan.time {
                case .column(let c): f = scanner.field(c)
                case .joined, .parts: f = joined.bytes
                }
                let at = scanner.location(ofField: plan.timeColumn)
                let reason = timeReason(f, plan, &parser)
                try sink.skip(SkippedRow(file: scanner.stream.name, line: at.line, column: at.column, reason: reason))
                continue
            }
            var end: Int64?
            if let column = plan.end?.column {
                switch ends.end(scanner.field(column), start: seconds) {
                case .success(let e): end = e
                case .failure(let skip):
                    let at = scanner.location(ofField: column)
                    try sink.skip(SkippedRow(file: scanner.stream.name, line: at.line, column: at.column, reason: skip.reason))
                    continue
                }
            }
            if !plan.sideBySide.isEmpty {
                read(plan.sideBySide, scanner, plan, into: values.baseAddress.unsafelyUnwrapped)
                sink.accept(seconds: seconds, sideBySide: values, count: plan.sideBySide.count)
                continue
            }
            var value: Double? = 1.0
            if let c = plan.value {
                value = plan.value(scanner.field(c), word: scanner.word(c))
                // An empty value (or `NA`, `null`…) is "no value" for this column, not a bad row.
                if value == nil && !plan.isNoValue(scanner.field(c)) {
                    let at = scanner.location(ofField: c)
                    try sink.skip(SkippedRow(file: scanner.stream.name, line: at.line, column: at.column,
                                             reason: ValueParser.reason(scanner.field(c), column: plan.valueName)))
                    continue
                }
            }
            var series = 0
            if let c = plan.series {
                guard let s = sink.series.index(of: scanner.field(c)) else {
                    let at = scanner.location(ofField: c)
                    try sink.skip(SkippedRow(file: scanner.stream.name, line: at.line, column: at.column,
                                             reason: "series \(ByteText.quoted(scanner.field(c))) is past the limit of \(SeriesTable.limit) series"))
                    continue
                }
                series = s
            }
            values[0] = value ?? .nan
            if !plan.others.isEmpty { read(plan.others, scanner, plan, into: values.baseAddress.unsafelyUnwrapped + 1) }
            if let end {
                values[plan.durationColumn] = 0
                let label = plan.label.flatMap { $0 < scanner.fieldCount ? scanner.field($0) : nil } ?? Field(start: nil, count: 0)
                sink.accept(start: seconds, end: end, series: series, label: label, line: scanner.recordLine, values: values)
                continue
            }
            sink.accept(seconds: seconds, series: series, values: values)
        }
    }

    /// The values of `columns` (the other value columns, or those side by
    /// side) into `out[0...]`, NaN for none: a missing or non-numeric field
    /// is no value, never a bad row. A call of its own, small enough for the
    /// parsing to be inlined in it (the row loop is too large for the
    /// optimizer to inline more into).
    @inline(never)
    private static func read(_ columns: [Int], _ scanner: RecordScanner, _ plan: RowPlan, into out: UnsafeMutablePointer<Double>) {
        let fields = scanner.fieldCount
        columns.withUnsafeBufferPointer { columns in
            guard !plan.decimalComma else {
                for (k, c) in columns.enumerated() { out[k] = c < fields ? plan.value(scanner.field(c)) ?? .nan : .nan }
                return
            }
            let refs = scanner.fieldRefs
            for k in 0..<columns.count {
                let c = columns[k]
                guard c < fields else {
                    out[k] = .nan
                    continue
                }
                let field = refs[c].bytes
                let n = field.count
                let word = UnsafeRawPointer(field.baseAddress.unsafelyUnwrapped).loadUnaligned(as: UInt64.self)
                if n > 0 && n <= 8, let v = ValueParser.plainDecimal(word: word, count: n) {
                    out[k] = v
                } else {
                    out[k] = ValueParser.parse(field) ?? .nan
                }
            }
        }
    }

    private static func skipShortRow(_ scanner: RecordScanner, _ plan: RowPlan, _ sink: inout RowSink) throws(ReadError) {
        let have = scanner.fieldCount
        var missing: [(Int, String)] = []
        switch plan.time {
        case .column(let c): missing.append((c, plan.timeName))
        case .joined(let a, let b, _): missing += [(a, plan.timeName), (b, plan.timeName)]
        case .parts(let cs): missing += cs.map { ($0, plan.timeName) }
        }
        if let v = plan.value { missing.append((v, plan.valueName)) }
        if let s = plan.series { missing.append((s, plan.seriesName)) }
        if let e = plan.end { missing.append((e.column, plan.endName)) }
        let first = missing.filter { $0.0 >= have }.min { $0.0 < $1.0 }
        let at = scanner.location(ofField: have)
        let fields = scanner.totalFields == 1 ? "1 field" : "\(scanner.totalFields) fields"
        try sink.skip(SkippedRow(file: scanner.stream.name, line: at.line, column: at.column,
                                 reason: "row has \(fields), no column \((first?.0 ?? have) + 1) (\"\(first?.1 ?? "")\")"))
    }

    private static func timeReason(_ f: Field, _ plan: RowPlan, _ parser: inout TimeParser) -> String {
        let t = ByteText.trimmed(f)
        if t.isEmpty || (t.count == 1 && t[0] == ByteText.space) { return "empty time in column \"\(plan.timeName)\"" }
        return "time \(ByteText.quoted(t)) \(parser.refusal(t))"
    }

    // MARK: JSON Lines

    static func json(_ scanner: RecordScanner, _ plan: RowPlan, paths: [[UInt8]], pairs: JSONPairs.Plan?, parser: inout TimeParser,
                     sink: inout RowSink, cancel: CancelFlag?) throws(ReadError) {
        sink.prepare(for: plan)
        let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: plan.width)
        defer { values.deallocate() }
        let walker = JSONLine()
        let slots = JSONSlots(paths)
        var joined = ByteBuffer()
        var labels = ByteBuffer()
        defer {
            joined.free()
            labels.free()
        }
        let file = scanner.stream.name
        var ends = IntervalEnds(plan, parser: parser, baseUnit: sink.accumulator.baseUnit)
        var loop = RecordLoop(recordsToPass: 0, cancel: cancel)
        func skip(at offset: Int, _ reason: String, _ sink: inout RowSink) throws(ReadError) {
            // Located only when kept: on a long line a column costs a count of its characters.
            try sink.skip(skippedRow(scanner, file: file, at: offset, reason))
        }
        let pairsName = pairs.map { String(decoding: $0.path, as: UTF8.self) } ?? ""
        while try loop.next(scanner, &sink) {
            slots.reset()
            guard let pairs else {
                if let failure = walker.walk(scanner.field(0), { path, value, kind, offset in
                    slots.offer(path: path, value: value, kind: kind, offset: offset)
                }) {
                    try skipInvalid(failure, skip: skip, &sink)
                    continue
                }
                guard sink.passes(plan.filter, text: scanner.field(0), field: slots.present) else { continue }
                try jsonRow(plan, slots, &joined, &parser, &ends, values, skip: skip, record: scanner.recordLine, &sink)
                continue
            }
            // A metric matrix: each pair a row, the record's other fields its series.
            labels.removeAll()
            var array: (start: Int, count: Int)?
            let record = scanner.field(0)
            let failure = walker.walk(record, arrays: { path, found in
                if array == nil, path.elementsEqual(pairs.path) { array = (record.baseAddress!.distance(to: found.baseAddress!), found.count) }
            }, { path, value, kind, offset in
                slots.offer(path: path, value: value, kind: kind, offset: offset)
                if pairs.labelPaths.isEmpty || pairs.labelPaths.contains(where: { path.elementsEqual($0) }) {
                    JSONPairs.appendLabel(path: path, value: value, keyed: pairs.labelPaths.count != 1, to: &labels)
                }
            })
            if let failure {
                try skipInvalid(failure, skip: skip, &sink)
                continue
            }
            if let labelSlot = pairs.labels { slots.set(labelSlot, value: labels.bytes, kind: .string, offset: 0) }
            guard let (start, count) = array else {
                try skip(at: 0, "no field \"\(pairsName)\"", &sink)
                continue
            }
            var rows = 0
            let holdsPairs = try JSONPairs.each(in: Field(rebasing: record[start..<(start + count)])) { (time, value) throws(ReadError) in
                rows += 1
                if rows > 1 { sink.rowsRead += 1 }
                if let t = pairs.time { slots.set(t, value: time, kind: .number, offset: start) }
                if let v = pairs.value { slots.set(v, value: value, kind: .string, offset: start) }
                guard sink.passes(plan.filter, text: record, field: slots.present) else { return }
                try jsonRow(plan, slots, &joined, &parser, &ends, values, skip: skip, record: scanner.recordLine, &sink)
            }
            if !holdsPairs {
                // What follows the last pair read is one more row, skipped.
                if rows > 0 { sink.rowsRead += 1 }
                try skip(at: start, "\"\(pairsName)\" holds something other than [time, value] pairs", &sink)
            }
        }
    }

    private static func skippedRow(_ scanner: RecordScanner, file: String, at offset: Int, _ reason: String) -> SkippedRow {
        let at = scanner.location(ofOffset: offset)
        return SkippedRow(file: file, line: at.line, column: at.column, reason: reason)
    }

    private typealias JSONSkip = (_ offset: Int, _ reason: String, _ sink: inout RowSink) throws(ReadError) -> Void

    private static func skipInvalid(_ failure: JSONLine.Failure, skip: JSONSkip, _ sink: inout RowSink) throws(ReadError) {
        switch failure {
        case .notAnObject: try skip(0, "not a JSON object", &sink)
        case .invalid(let at): try skip(at, "invalid JSON", &sink)
        case .tooDeep(let at): try skip(at, "nested deeper than \(JSONLine.maxDepth) levels", &sink)
        }
    }

    /// One row from the slots a JSON record (or one of its pairs) filled: accepted or skipped.
    private static func jsonRow(_ plan: RowPlan, _ slots: JSONSlots, _ joined: inout ByteBuffer, _ parser: inout TimeParser,
                                _ ends: inout IntervalEnds, _ values: UnsafeMutableBufferPointer<Double>, skip: JSONSkip,
                                record line: Int, _ sink: inout RowSink) throws(ReadError) {
        // The time.
        let text: Field
        switch plan.time {
        case .column(let c):
            guard slots.isPresent(c) else { return try skip(0, "no field \"\(plan.timeName)\"", &sink) }
            text = slots.value(c)
        case .joined(let a, let b, let form):
            guard slots.isPresent(a), slots.isPresent(b) else { return try skip(0, "no field \"\(plan.timeName)\"", &sink) }
            ClockTime.join(date: slots.value(a), clock: slots.value(b), form: form, into: &joined)
            text = joined.bytes
        case .parts(let cs):
            guard cs.allSatisfy(slots.isPresent) else { return try skip(0, "no field \"\(plan.timeName)\"", &sink) }
            TimePart.build(count: cs.count, into: &joined) { slots.value(cs[$0]) }
            text = joined.bytes
        }
        guard let seconds = parser.parse(text) else {
            return try skip(slots.offset(plan.timeColumn), timeReason(text, plan, &parser), &sink)
        }
        var end: Int64?
        if let column = plan.end?.column {
            let field = slots.isPresent(column) ? slots.value(column) : Field(start: nil, count: 0)
            switch ends.end(field, start: seconds) {
            case .success(let e): end = e
            case .failure(let bad): return try skip(slots.isPresent(column) ? slots.offset(column) : 0, bad.reason, &sink)
            }
        }
        var value: Double? = 1.0
        if let c = plan.value {
            let kind = slots.isPresent(c) ? slots.kind(c) : .null
            // A missing, null or empty value is "no value", not a bad row.
            if kind == .null || (kind == .string && ValueParser.isNoValue(slots.value(c))) {
                value = nil
            } else {
                guard kind == .number || kind == .string, let v = plan.value(slots.value(c)) else {
                    return try skip(slots.offset(c), ValueParser.reason(slots.value(c), column: plan.valueName), &sink)
                }
                value = v
            }
        }
        var series = 0
        if let c = plan.series {
            guard let s = sink.series.index(of: slots.isPresent(c) ? slots.value(c) : Field(start: nil, count: 0)) else {
                return try skip(slots.offset(c), "series past the limit of \(SeriesTable.limit) series", &sink)
            }
            series = s
        }
        values[0] = value ?? .nan
        for (k, c) in plan.others.enumerated() {
            let present = slots.isPresent(c) && (slots.kind(c) == .number || slots.kind(c) == .string)
            values[k + 1] = present ? plan.value(slots.value(c)) ?? .nan : .nan
        }
        if let end {
            values[plan.durationColumn] = 0
            let label = plan.label.flatMap { slots.isPresent($0) ? slots.value($0) : nil } ?? Field(start: nil, count: 0)
            sink.accept(start: seconds, end: end, series: series, label: label, line: line, values: values)
            return
        }
        sink.accept(seconds: seconds, series: series, values: values)
    }

    // MARK: logs

    /// Log lines read as records: each line's fields into the slots, then
    /// read as a JSON record's are. A line not of the format counts 1 at
    /// the first time on it, with no fields, as a line of no known shape does.
    static func log(_ scanner: RecordScanner, _ plan: RowPlan, format: LogFormat, paths: [[UInt8]], parser: inout TimeParser,
                    sink: inout RowSink, cancel: CancelFlag?) throws(ReadError) {
        sink.prepare(for: plan)
        let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: plan.width)
        let fields = LogFields(format)
        let slots = JSONSlots(paths)
        var joined = ByteBuffer()
        defer {
            values.deallocate()
            fields.free()
            joined.free()
        }
        let file = scanner.stream.name
        var ends = IntervalEnds(plan, parser: parser, baseUnit: sink.accumulator.baseUnit)
        var loop = RecordLoop(recordsToPass: 0, cancel: cancel)
        func skip(at offset: Int, _ reason: String, _ sink: inout RowSink) throws(ReadError) {
            try sink.skip(skippedRow(scanner, file: file, at: offset, reason))
        }
        while try loop.next(scanner, &sink) {
            slots.reset()
            let line = scanner.field(0)
            let read = fields.read(line) { name, value, offset in slots.offer(path: name, value: value, kind: .string, offset: offset) }
            if !read { slots.reset() }
            guard sink.passes(plan.filter, text: line, field: slots.present) else { continue }
            if read {
                try jsonRow(plan, slots, &joined, &parser, &ends, values, skip: skip, record: scanner.recordLine, &sink)
                continue
            }
            guard plan.end == nil, let (seconds, _) = parser.find(in: line) else {
                try skip(at: 0, "neither a \(format.name) line nor a \(parser.format.shortDescription) time", &sink)
                continue
            }
            var series = 0
            if plan.series != nil {
                guard let s = sink.series.index(of: Field(start: nil, count: 0)) else {
                    try skip(at: 0, "series past the limit of \(SeriesTable.limit) series", &sink)
                    continue
                }
                series = s
            }
            values[0] = plan.value == nil ? 1 : .nan
            for k in plan.others.indices { values[k + 1] = .nan }
            sink.accept(seconds: seconds, series: series, values: values)
        }
    }

    static func lines(_ scanner: RecordScanner, filter: RowMatcher?, parser: inout TimeParser, sink: inout RowSink,
                      cancel: CancelFlag?) throws(ReadError) {
        sink.accumulator.countRows(false)  // each line adds its 1 (after a table read into the same sink)
        var loop = RecordLoop(recordsToPass: 0, cancel: cancel)
        while try loop.next(scanner, &sink) {
            guard sink.passes(filter, text: scanner.field(0), field: { _ in nil }) else { continue }
            if let (seconds, _) = parser.find(in: scanner.field(0)) {
                sink.accept(seconds: seconds, value: 1, series: 0)
            } else {
                try sink.skip(SkippedRow(file: scanner.stream.name, line: scanner.recordLine, column: 1,
                                         reason: "no \(parser.format.shortDescription) time on this line"))
            }
        }
    }
}

/// What every reader loop shares: fetch the next record, count the ones the
/// scanner could not split, pass over a preamble and a header, and notice cancellation.
struct RecordLoop {
    var recordsToPass: Int
    let cancel: CancelFlag?
    var countdown = RowReaders.cancelCheckInterval

    /// True when a record is ready (and counted in `rowsRead`); false at the
    /// end of the input, when another thread cancelled the read, or when
    /// the sink's trail has read enough (a card's rows).
    @inline(__always)
    mutating func next(_ scanner: RecordScanner, _ sink: inout RowSink) throws(ReadError) -> Bool {
        if sink.trail.pending, !sink.trail.resolve(scanner) { return false }
        while true {
            let next = try scanner.next()
            if next != .record {
                if next == .end || next == .windowFull { return false }
                if next == .stalled {
                    sink.watcher?.offer(sink, now: true)
                    continue
                }
                try RowReaders.skipBroken(next, scanner, &sink)
                continue
            }
            if recordsToPass > 0 {
                recordsToPass -= 1
                continue
            }
            countdown -= 1
            if countdown == 0 {
                countdown = RowReaders.cancelCheckInterval
                sink.progress?.add(rows: RowReaders.cancelCheckInterval, filteredOut: sink.filteredOut - sink.toldFilteredOut,
                                   lacking: sink.lackingField - sink.toldLackingField)
                (sink.toldFilteredOut, sink.toldLackingField) = (sink.filteredOut, sink.lackingField)
                if cancel?.isCancelled == true { return false }
                sink.watcher?.offer(sink, now: false)
            }
            sink.rowsRead += 1
            return true
        }
    }
}
