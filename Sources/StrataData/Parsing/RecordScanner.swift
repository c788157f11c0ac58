import Foundation

/// One field of the current record: its text (unquoted) and where it
/// starts, for messages. Valid until the scanner moves on.
struct FieldRef {
    var bytes: Field
    /// Buffer index of the field's first byte, and of the start of its physical line.
    var rawStart: Int
    var lineStart: Int
    /// Newlines between the record's start and this field (quoted newlines).
    var lineDelta: Int
}

/// Splits a byte stream into records without making a String per line:
/// delimited records (RFC 4180 quoting: quoted delimiters, doubled quotes,
/// newlines inside quotes; CRLF) or plain lines. Reads into one buffer of
/// about 1 MB, which grows only to hold a record longer than that (up to
/// `maxRecord`). Counts physical lines as it goes. Blank lines are skipped.
/// A JSON document's records are the elements of its array (`jsonArray`).
final class RecordScanner {
    enum Mode: Equatable {
        case delimited(UInt8), lines, jsonArray
        /// Delimited rows under `#` lines that are no records (`LogDirectives`):
        /// `fields` is the key of the names the rows are read by. A space
        /// delimiter reads a run of spaces as one.
        case directives(UInt8, fields: UInt64)
    }

    enum Next: Equatable {
        case record
        /// A record longer than `maxRecord` bytes, skipped up to the next line.
        case oversized
        /// A quote that never closes: the rest of its first line is skipped.
        case unterminatedQuote
        /// A JSON array's syntax breaks (`jsonBreak` says how): the read stops there.
        case brokenJSON
        /// Gzip data ends before its end (`stream.cut` says how): its last
        /// line, cut mid-way if it was, is not a record; the read stops there.
        case cutShort
        /// While sampling: the sample cannot hold this record as well as
        /// those before it; the record is read again after `endSample`.
        case windowFull
        /// A row under a `#Fields` line that names other fields than the
        /// mode's (`otherFieldsLine`): not read by names it does not have.
        case otherFields
        /// A pipe has nothing more for now, every whole record before it read
        /// (only when its stream `reportsStalls`); call `next` again to wait.
        case stalled
        case end
    }

    static let maxFields = 4096
    /// Bytes allocated past the buffer's and the arena's capacity, zeroed,
    /// so that the 8 bytes at any field's start can be read as one word,
    /// and the 64 from any byte for its `SeparatorMask`.
    static let padding = 64
    static let quote = UInt8(ascii: "\"")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")

    let stream: ByteStream
    var mode: Mode
    let limits: ScannerLimits
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var pos = 0
    private var end = 0
    private(set) var atEOF = false
    /// The physical line on which the next record starts.
    private(set) var line = 1
    private var pin: Int?
    private var pinLine = 1
    /// Buffer offsets, ascending, where a sample cut out a record longer
    /// than `maxRecord` (the buffer must keep what comes before it). Read
    /// again, each is that record, `.oversized`; `holesPassed` are behind `pos`.
    private var holes: [Int] = []
    /// Bytes of the input each hole stands for, to give the records before it their offsets.
    private var holeSizes: [Int64] = []
    /// The line breaks before each hole's record starts (an array's element
    /// after its comma's line) and in all (one for a line; any for an element).
    private var holeLines: [(leading: Int, total: Int)] = []
    private var holesPassed = 0
    /// `holes[holesPassed]`, or `Int.max`: every record tests this one
    /// number, so the array is touched only where there are holes.
    private var nextHole = Int.max

    // The current record.
    private(set) var recordLine = 1
    private(set) var recordStart = 0
    private(set) var recordEnd = 0
    /// Fields stored (at most `maxFields`) and fields seen.
    private(set) var fieldCount = 0
    private(set) var totalFields = 0
    private var fields: UnsafeMutablePointer<FieldRef>
    private var fieldCapacity = 64
    private var arena: UnsafeMutablePointer<UInt8>?
    private var arenaCapacity = 0
    /// Set when the input ended inside a quoted field or a JSON array's
    /// element (a split in the wrong place, or bad data).
    private(set) var endedInsideQuote = false
    /// Column of the quote that did not close, for `.unterminatedQuote`.
    private(set) var badColumn = 1
    /// The separators (`SeparatorMask`) of the 64 bytes from `maskBase`,
    /// those below `maskEnd` (the buffer's end when they were found): kept
    /// from one record to the next, dropped when the buffer's bytes move.
    private var maskBase = 0
    private var maskEnd = 0
    private var maskBits: UInt64 = 0
    /// No quote byte in `buffer[pos..<quoteAt]`. Searched up to `quoteSearched`:
    /// `quoteAt < quoteSearched` means a quote at `quoteAt`, equal means none.
    /// The last `next` said `.stalled`: this one waits in `fill`.
    private var waitedOut = false
    private var quoteAt = 0
    private var quoteSearched = 0
    /// `jsonArray`: the input must close the array (a whole document, not a slice of it).
    var expectsArrayEnd = false
    /// Why a JSON array's read stopped, and the input offset where, after `.brokenJSON`.
    private(set) var jsonBreak: (reason: String, offset: Int64)?
    /// The last element was followed by neither `,` nor `]`: the next read reports it.
    private var separatorMissing = false
    /// `directives`: the line of the `#Fields` line the rows now come under,
    /// when it names other fields; a scanner started mid-input is given it.
    private(set) var otherFieldsLine: Int?
    /// `directives`: a `#Fields` line naming other fields was met, whether or not the rows still come under it.
    private(set) var metOtherFields = false
    /// Lines of the input before the stream's first (a followed file's poll):
    /// a `#Fields` line is named by its line in the input.
    private let linesBefore: Int
    /// `.cutShort` was said: once.
    private var cutReported = false
    /// `jsonArray`: the input offsets where the physical line `line`, and
    /// the current record's first line, start (for columns: a one-line
    /// document's line starts far before the buffer).
    private var lineStartOffset: Int64 = 0
    private var recordLineStart: Int64 = 0
    private var pinLineStart: Int64 = 0

    init(stream: ByteStream, mode: Mode, limits: ScannerLimits = ScannerLimits(), underOtherFields otherFieldsLine: Int? = nil,
         linesBefore: Int = 0) {
        self.stream = stream
        self.mode = mode
        self.limits = limits
        self.otherFieldsLine = otherFieldsLine
        self.linesBefore = linesBefore
        self.capacity = limits.chunk
        lineStartOffset = stream.position
        buffer = Self.allocatePadded(capacity)
        fields = .allocate(capacity: fieldCapacity)
    }

    private static func allocatePadded(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + padding)
        (bytes + capacity).initialize(repeating: 0, count: padding)
        return bytes
    }

    deinit {
        buffer.deallocate()
        fields.deallocate()
        arena?.deallocate()
    }

    // MARK: start and sampling

    /// Reads the first chunk; skips a UTF-8 byte order mark. Returns the bytes
    /// available at the start, for sniffing.
    /// - Parameter patience: for a pipe, how long to wait for more once a
    ///   line has come (a first chunk that is there, not one that will be);
    ///   nil waits for 64 KB or the end.
    func prime(patience milliseconds: Int32? = nil) throws(ReadError) -> Field {
        while end < min(64 * 1024, capacity) && !atEOF {
            if let milliseconds, end > 0, memchr(buffer, 0x0A, end) != nil, !stream.hasData(within: milliseconds) { break }
            _ = try fill()
        }
        if end >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { pos = 3 }
        return Field(start: buffer + pos, count: end - pos)
    }

    /// Starts a sample: records read from now on are read again after `endSample`.
    func beginSample() {
        pin = pos
        pinLine = line
        pinLineStart = lineStartOffset
    }

    func endSample() {
        guard let pin else { return }
        pos = pin
        quoteAt = pin
        quoteSearched = pin
        line = pinLine
        lineStartOffset = pinLineStart
        separatorMissing = false
        holesPassed = 0
        syncNextHole()
        self.pin = nil
    }

    /// The file offset just after the buffered bytes (for splitting a file).
    var streamPosition: Int64 { stream.position }

    /// The file offset of the next byte not yet scanned (regular files; at
    /// or after it when a sample cut an oversized record out of the buffer).
    var nextOffset: Int64 { stream.position - Int64(end - pos) }

    // MARK: reading records

    private enum Fill { case more, eof, full }

    /// Moves the unread tail to the front and reads more after it.
    private func fill() throws(ReadError) -> Fill {
        if atEOF { return .eof }
        let keep = pin ?? pos
        maskEnd = 0
        if keep > 0 {
            if end > keep { memmove(buffer, buffer + keep, end - keep) }
            end -= keep
            pos -= keep
            recordStart = pos
            quoteAt -= keep
            quoteSearched -= keep
            if pin != nil { pin! -= keep }
            for i in holes.indices { holes[i] -= keep }
            syncNextHole()
        }
        // The record being read (from `pos`) may grow to `maxRecord`; while
        // sampling, the records before it stay as well, up to the window.
        let cap = (pin != nil ? min(pos, limits.sampleWindow) : 0) + limits.maxRecord
        if end >= cap { return .full }
        if end == capacity {
            let newCapacity = min(capacity * 2, cap)
            let grown = Self.allocatePadded(newCapacity)
            grown.update(from: buffer, count: end)
            buffer.deallocate()
            buffer = grown
            capacity = newCapacity
        }
        let n = try stream.read(into: buffer + end, count: min(capacity, cap) - end)
        if n == 0 {
            atEOF = true
            return .eof
        }
        end += n
        return .more
    }

    /// Reads the next non-blank record.
    func next() throws(ReadError) -> Next {
        while true {
            if pos == nextHole { return takeHole() }
            if pos >= end {
                if atEOF, stream.cut != nil, !cutReported { return cutShort() }
                if atEOF { return expectsArrayEnd && jsonBreak == nil ? brokenJSON(at: pos, "the input ends before the array closes") : .end }
                if stream.reportsStalls, !waitedOut, !stream.hasData(within: 0) {
                    waitedOut = true
                    return .stalled
                }
                waitedOut = false
                switch try fill() {
                case .more, .eof: continue
                case .full: return .windowFull
                }
            }
            let result: Next?
            switch mode {
            case .delimited(let d): result = try scanDelimited(d)
            case .lines: result = try scanLine()
            case .jsonArray: result = try scanArrayElement()
            case .directives(let d, let fields): result = try scanUnderDirectives(d, fields: fields)
            }
            if let result {
                if result == .record && isBlank { continue }
                // A last line with no end of line, where the data was cut: part of a record.
                if result == .record, atEOF, recordEnd >= end, stream.cut != nil { return cutShort() }
                return result
            }
        }
    }

    /// A record of empty or all-space fields only: a blank line, or one a spreadsheet padded
    /// with delimiters (`,,,`), not a row.
    private var isBlank: Bool {
        guard totalFields == fieldCount else { return false }
        for k in 0..<fieldCount {
            let f = fields[k]
            if f.bytes.count > 0 && (buffer[f.rawStart] == Self.quote || !ByteText.trimmed(f.bytes).isEmpty) { return false }
        }
        return true
    }

    @inline(__always)
    private func store(_ ref: FieldRef) {
        totalFields += 1
        guard fieldCount < Self.maxFields else { return }
        if fieldCount == fieldCapacity {
            let grown = UnsafeMutablePointer<FieldRef>.allocate(capacity: fieldCapacity * 2)
            grown.moveInitialize(from: fields, count: fieldCount)
            fields.deallocate()
            fields = grown
            fieldCapacity *= 2
        }
        (fields + fieldCount).initialize(to: ref)
        fieldCount += 1
    }

    /// Handles a record that reached the end of the buffer: nil to rescan, or what to return.
    private func needMore() throws(ReadError) -> Next? {
        switch try fill() {
        case .more, .eof: return nil
        case .full:
            guard pin != nil else { return try skipOversized() }
            // Full with a record shorter than `maxRecord`: the sample before it is what filled it.
            return end - pos >= limits.maxRecord ? try cutOversized() : .windowFull
        }
    }

    /// One plain line (JSON Lines, logs).
    private func scanLine() throws(ReadError) -> Next? {
        let start = pos
        let found = memchr(buffer + start, Int32(Self.lf), end - start)
        let stop: Int
        if let found {
            stop = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self))
        } else if atEOF {
            stop = end
        } else {
            return try needMore()
        }
        var contentEnd = stop
        if contentEnd > start && buffer[contentEnd - 1] == Self.cr { contentEnd -= 1 }
        fieldCount = 0
        totalFields = 0
        store(FieldRef(bytes: Field(start: buffer + start, count: contentEnd - start), rawStart: start, lineStart: start, lineDelta: 0))
        recordStart = start
        recordEnd = contentEnd
        recordLine = line
        pos = min(stop + 1, end)
        line += 1
        return .record
    }

    private enum Plain { case record, quoted, needMore }

    /// The common case: a record without any quote byte. One pass that
    /// stops only at delimiters and the LF; a quote anywhere in the record
    /// (or more fields than fit) hands the record to `scanDelimited`'s
    /// general path, which reads it from its start again. Fields get the
    /// same refs the general path would give them (no quoted newlines, so
    /// every field is on the record's first line).
    @inline(__always)
    private func scanPlain(_ delim: UInt8) -> Plain {
        let buf = buffer, limit = end
        let start = pos
        if quoteAt < start || (quoteAt == quoteSearched && quoteSearched < limit) { locateQuote() }
        let plainEnd = quoteAt
        let room = min(fieldCapacity, Self.maxFields)
        let refs = fields
        var n = 0
        var fieldStart = start
        var p = start
        if start < maskBase || start >= maskEnd { findSeparators(at: start, delim: delim) }
        var base = maskBase
        var bits = maskBits & (UInt64.max &<< UInt64(truncatingIfNeeded: start &- base))
        scan: while true {
            while bits == 0 {
                base &+= 64
                if base >= plainEnd {
                    p = plainEnd
                    break scan
                }
                findSeparators(at: base, delim: delim)
                bits = maskBits
            }
            p = base &+ bits.trailingZeroBitCount
            bits &= bits &- 1
            if p >= plainEnd { break }
            let b = buf[p]
            if b == delim {
                guard n < room else { return .quoted }
                (refs + n).initialize(to: FieldRef(bytes: Field(start: buf + fieldStart, count: p &- fieldStart),
                                                   rawStart: fieldStart, lineStart: start, lineDelta: 0))
                n &+= 1
                fieldStart = p &+ 1
                continue
            }
            break  // the LF
        }
        if p >= plainEnd {
            p = plainEnd
            if plainEnd < limit { return .quoted }
            if !atEOF { return .needMore }
        }
        // The last field ends at the LF (or at the end of the input), less the CR of a CRLF.
        guard n < room else { return .quoted }
        var contentEnd = p
        if contentEnd > fieldStart && buf[contentEnd - 1] == Self.cr { contentEnd -= 1 }
        (refs + n).initialize(to: FieldRef(bytes: Field(start: buf + fieldStart, count: contentEnd &- fieldStart),
                                           rawStart: fieldStart, lineStart: start, lineDelta: 0))
        n += 1
        fieldCount = n
        totalFields = n
        recordStart = start
        recordEnd = p
        recordLine = line
        if p < limit {
            p += 1
            line += 1
        }
        pos = p
        return .record
    }

    /// Makes the 64 bytes from `base` the ones whose separators are known.
    @inline(__always)
    private func findSeparators(at base: Int, delim: UInt8) {
        maskBase = base
        maskEnd = min(base &+ 64, end)
        let bits = SeparatorMask.of(UnsafeRawPointer(buffer), at: base, delimiter: delim)
        let known = maskEnd &- base
        maskBits = known < 64 ? bits & ((1 &<< UInt64(truncatingIfNeeded: known)) &- 1) : bits
    }

    /// Finds the next quote byte at or after `pos` (searching only bytes not searched yet).
    private func locateQuote() {
        let from = quoteAt < pos ? pos : quoteSearched
        if let q = memchr(buffer + from, Int32(Self.quote), end - from) {
            quoteAt = buffer.distance(to: q.assumingMemoryBound(to: UInt8.self))
        } else {
            quoteAt = end
        }
        quoteSearched = end
    }

    /// One delimited row of a log with `#` directives: those lines are passed
    /// over (nil, to scan on), and a `#Fields` line decides whether the rows
    /// after it are read (the fields keyed `fields`) or `.otherFields`. A `#`
    /// line is scanned as a line: a quote in a `#Remark` opens no field.
    private func scanUnderDirectives(_ delim: UInt8, fields key: UInt64) throws(ReadError) -> Next? {
        if buffer[pos] == UInt8(ascii: "#") {
            let line = try scanLine()
            guard line == .record else { return line }
            if let names = LogDirectives.fieldNames(recordBytes) {
                otherFieldsLine = LogDirectives.fieldsKey(names) == key ? nil : linesBefore + recordLine
                metOtherFields = metOtherFields || otherFieldsLine != nil
            }
            return nil
        }
        let result = try scanDelimited(delim)
        guard result == .record else { return result }
        if otherFieldsLine != nil { return .otherFields }
        if delim == ByteText.space { dropEmptyFields() }
        return .record
    }

    /// The fields less the empty ones, which a run of spaces splits off.
    private func dropEmptyFields() {
        var kept = 0
        for k in 0..<fieldCount where fields[k].bytes.count > 0 {
            fields[kept] = fields[k]
            kept += 1
        }
        guard kept < fieldCount else { return }
        totalFields -= fieldCount - kept
        fieldCount = kept
    }

    /// One delimited record; rescans from its start after a refill.
    private func scanDelimited(_ delim: UInt8) throws(ReadError) -> Next? {
        switch scanPlain(delim) {
        case .record: return .record
        case .needMore: return try needMore()
        case .quoted: break
        }
        let buf = buffer, limit = end, eof = atEOF
        let start = pos
        var p = start
        var newlines = 0
        var lineStart = start
        var escapedFields = false
        fieldCount = 0
        totalFields = 0
        while true {
            let fieldStart = p
            let fieldLine = newlines, fieldLineStart = lineStart
            var contentStart = p, contentEnd: Int
            var escaped = false
            if p < limit && buf[p] == Self.quote {
                p += 1
                contentStart = p
                while true {
                    if p >= limit {
                        if !eof { return try needMore() }
                        return unterminated(at: fieldStart, lineStart: fieldLineStart, lineDelta: fieldLine, newlines: newlines)
                    }
                    let b = buf[p]
                    if b == Self.quote {
                        if p + 1 >= limit && !eof { return try needMore() }
                        if p + 1 < limit && buf[p + 1] == Self.quote {
                            escaped = true
                            p += 2
                            continue
                        }
                        break
                    }
                    if b == Self.lf {
                        newlines += 1
                        lineStart = p + 1
                    }
                    p += 1
                }
                contentEnd = p
                p += 1
                // Text after the closing quote is kept (leniently), except the CR of a CRLF.
                let junkStart = p
                while p < limit {
                    let b = buf[p]
                    if b == delim || b == Self.lf { break }
                    p += 1
                }
                if p >= limit && !eof { return try needMore() }
                var junkEnd = p
                if junkEnd > junkStart && buf[junkEnd - 1] == Self.cr && (p >= limit || buf[p] == Self.lf) { junkEnd -= 1 }
                if junkEnd > junkStart {
                    escaped = true
                    contentEnd = junkEnd
                }
                if escaped {
                    escapedFields = true
                    // Marked by a negative count until unescaped below.
                    store(FieldRef(bytes: Field(start: buf + fieldStart, count: contentEnd - fieldStart), rawStart: fieldStart,
                                   lineStart: fieldLineStart, lineDelta: ~fieldLine))
                } else {
                    store(FieldRef(bytes: Field(start: buf + contentStart, count: contentEnd - contentStart), rawStart: fieldStart,
                                   lineStart: fieldLineStart, lineDelta: fieldLine))
                }
            } else {
                p = Self.findDelimiterOrNewline(buf, from: p, limit: limit, delim: delim)
                if p >= limit && !eof { return try needMore() }
                contentEnd = p
                if contentEnd > contentStart && buf[contentEnd - 1] == Self.cr && (p >= limit || buf[p] == Self.lf) { contentEnd -= 1 }
                store(FieldRef(bytes: Field(start: buf + contentStart, count: contentEnd - contentStart), rawStart: fieldStart,
                               lineStart: fieldLineStart, lineDelta: fieldLine))
            }
            if p < limit && buf[p] == delim {
                p += 1
                continue
            }
            recordEnd = p
            if p < limit {
                p += 1  // the LF
                newlines += 1
            }
            break
        }
        recordStart = start
        recordLine = line
        line += newlines
        pos = p
        if escapedFields { unescapeFields() }
        return .record
    }

    /// The first `delim` or LF in `buf[from..<limit]`, or `limit`: the
    /// separators of 64 bytes at a time, as a plain record finds them (the
    /// buffer's padding makes the 64 bytes past any of its bytes readable;
    /// bits past `limit` are of bytes not read yet, and count as none).
    @inline(__always)
    static func findDelimiterOrNewline(_ buf: UnsafeMutablePointer<UInt8>, from: Int, limit: Int, delim: UInt8) -> Int {
        var p = from
        while p < limit {
            let bits = SeparatorMask.of(UnsafeRawPointer(buf), at: p, delimiter: delim)
            if bits != 0 { return min(limit, p &+ bits.trailingZeroBitCount) }
            p &+= 64
        }
        return limit
    }

    /// A quoted field still open at the end of the input: report its
    /// record's first line as bad and carry on from the next line.
    private func unterminated(at fieldStart: Int, lineStart: Int, lineDelta: Int, newlines: Int) -> Next {
        endedInsideQuote = true
        badColumn = Self.characters(buffer, from: lineStart, to: fieldStart) + 1
        let firstLF = memchr(buffer + fieldStart, Int32(Self.lf), end - fieldStart)
        let resume = firstLF.map { buffer.distance(to: $0.assumingMemoryBound(to: UInt8.self)) + 1 } ?? end
        recordStart = pos
        recordEnd = resume
        recordLine = line + lineDelta
        line += lineDelta + 1
        pos = resume
        fieldCount = 0
        totalFields = 0
        return .unterminatedQuote
    }

    /// The record does not fit in `maxRecord` bytes: skip to its end (a
    /// line's, or an array element's), the buffer refilled as it goes.
    private func skipOversized() throws(ReadError) -> Next {
        passSpaceBeforeElement()
        recordLine = line
        fieldCount = 0
        totalFields = 0
        var passing = OversizedRecord()
        var from = pos
        while true {
            if let resume = oversizedEnd(from: from, &passing) {
                pos = resume
                line += passing.lines
                return .oversized
            }
            pos = end
            if try fill() == .eof {
                line += mode == .jsonArray ? passing.lines : 1
                return .oversized
            }
            from = pos
        }
    }

    /// An array's element is told by the line it starts on, not the one its comma ended.
    private func passSpaceBeforeElement() {
        guard mode == .jsonArray else { return }
        while pos < end, Self.isJSONSpace(buffer[pos]) {
            if buffer[pos] == Self.lf { line += 1 }
            pos += 1
        }
    }

    /// What a pass over an oversized record has seen so far, across refills.
    private struct OversizedRecord {
        var depth = 0
        var inString = false
        var escaped = false
        /// The element's brackets have closed (or its scalar ended): only a separator is left.
        var closed = false
        var lines = 0
    }

    /// Where an oversized record ends in `buffer[from..<end]`: the index to
    /// resume at, or nil to read on. A line ends after its line feed; an
    /// array's element after the `,` that follows it, or at the array's `]`,
    /// found by brackets and strings alone.
    private func oversizedEnd(from: Int, _ passing: inout OversizedRecord) -> Int? {
        guard mode == .jsonArray else {
            guard let lf = memchr(buffer + from, Int32(Self.lf), end - from) else { return nil }
            passing.lines += 1
            return buffer.distance(to: lf.assumingMemoryBound(to: UInt8.self)) + 1
        }
        var p = from
        while p < end {
            let b = buffer[p]
            if b == Self.lf { passing.lines += 1 }
            if passing.inString {
                if passing.escaped {
                    passing.escaped = false
                } else if b == UInt8(ascii: "\\") {
                    passing.escaped = true
                } else if b == Self.quote {
                    passing.inString = false
                    passing.closed = passing.depth == 0
                }
            } else {
                if passing.closed, passing.depth == 0, !(b == UInt8(ascii: ",") || b == UInt8(ascii: "]") || Self.isJSONSpace(b)) {
                    return p  // no separator: the next read reports it
                }
                switch b {
                case Self.quote:
                    passing.inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    passing.depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if passing.depth == 0 { return p }  // the array's own `]`
                    passing.depth -= 1
                    passing.closed = passing.depth == 0
                case UInt8(ascii: ","):
                    if passing.depth == 0 { return p + 1 }
                default:
                    break
                }
            }
            p += 1
        }
        return nil
    }

    /// While sampling, a record longer than `maxRecord`: its bytes up to the
    /// end of its first line (where `skipOversized` resumes too) are cut out
    /// of the buffer, which must keep the sample before it, and a hole marks
    /// the place so that reading it again gives the same `.oversized`.
    private func cutOversized() throws(ReadError) -> Next {
        // The hole stays where the record's bytes start, spaces and all: a read finds it at `pos`.
        var leading = 0
        if mode == .jsonArray {
            var p = pos
            while p < end, Self.isJSONSpace(buffer[p]) {
                if buffer[p] == Self.lf { leading += 1 }
                p += 1
            }
        }
        var passing = OversizedRecord()
        var from = pos
        var cut: Int64 = 0
        while true {
            if let resume = oversizedEnd(from: from, &passing) {
                memmove(buffer + pos, buffer + resume, end - resume)
                cut += Int64(resume - pos)
                end -= resume - pos
                maskEnd = 0
                break
            }
            cut += Int64(end - pos)
            end = pos  // drop what was read of it, keep reading
            if try fill() == .eof {
                if mode != .jsonArray { passing.lines = 1 }
                break
            }
            from = pos
        }
        holes.insert(pos, at: holesPassed)
        holeSizes.insert(cut, at: holesPassed)
        holeLines.insert((leading, passing.lines), at: holesPassed)
        holesPassed += 1
        syncNextHole()
        quoteAt = pos
        quoteSearched = pos
        return passHole(lines: (leading, passing.lines))
    }

    /// At a hole: a sample passes it (the read after the sample meets it
    /// again), a read is done with it. Never inlined: its access to
    /// `holes` would otherwise be checked on every record `next` reads.
    @inline(never)
    private func takeHole() -> Next {
        let lines = holeLines[holesPassed]
        if pin == nil {
            holes.remove(at: holesPassed)
            holeSizes.remove(at: holesPassed)
            holeLines.remove(at: holesPassed)
        } else {
            holesPassed += 1
        }
        syncNextHole()
        return passHole(lines: lines)
    }

    private func syncNextHole() {
        nextHole = holesPassed < holes.count ? holes[holesPassed] : Int.max
    }

    /// The oversized record a hole stands for, on the line it starts, and the line breaks it held.
    private func passHole(lines: (leading: Int, total: Int)) -> Next {
        recordLine = line + lines.leading
        recordStart = pos
        recordEnd = pos
        fieldCount = 0
        totalFields = 0
        line += lines.total
        return .oversized
    }

    /// Rewrites quoted fields that hold doubled quotes or trailing text into the arena.
    private func unescapeFields() {
        let need = recordEnd - recordStart
        if arenaCapacity < need {
            arena?.deallocate()
            arenaCapacity = max(need, 4096)
            arena = Self.allocatePadded(arenaCapacity)
        }
        let out = arena!
        var o = 0
        for i in 0..<fieldCount where fields[i].lineDelta < 0 {
            let raw = fields[i].bytes
            let begin = o
            var k = 0
            var inQuote = false
            if raw.count > 0 && raw[0] == Self.quote { inQuote = true; k = 1 }
            while k < raw.count {
                let b = raw[k]
                if inQuote && b == Self.quote {
                    if k + 1 < raw.count && raw[k + 1] == Self.quote {
                        out[o] = b; o += 1; k += 2
                    } else {
                        inQuote = false; k += 1
                    }
                    continue
                }
                out[o] = b
                o += 1
                k += 1
            }
            fields[i].bytes = Field(start: out + begin, count: o - begin)
            fields[i].lineDelta = ~fields[i].lineDelta
        }
    }

    // MARK: JSON arrays

    /// Reads on until `count` bytes from the next unread one are held (or
    /// the input ends, or the buffer is full): a JSON document's head, to
    /// find its records in. They stay to be read.
    func lookAhead(_ count: Int) throws(ReadError) -> Field {
        while end - pos < count, !atEOF {
            if try fill() == .full { break }
        }
        return Field(start: buffer + pos, count: end - pos)
    }

    /// Passes over `count` bytes of those `lookAhead` gave, counting their lines.
    func skip(_ count: Int) {
        let (lines, lastStart) = newlines(from: pos, to: pos + count)
        line += lines
        if let lastStart { lineStartOffset = offset(of: lastStart) }
        pos += count
    }

    /// One element of a JSON array, after its `[` or a `,`: its bytes are
    /// the one field (an object, for a record). Its end is found by matching
    /// brackets outside strings; what lies between is the JSON reader's to
    /// check. The `,` after it is passed; the closing `]` is the end.
    /// Anything else after it ends the read at the next call.
    private func scanArrayElement() throws(ReadError) -> Next? {
        if jsonBreak != nil { return .end }
        let buf = buffer, limit = end
        var p = Self.skipJSONSpace(buf, from: pos, limit: limit)
        if p >= limit {
            if !atEOF { return try needMore() }
            skip(p - pos)  // to the end, where `next` ends the array
            return nil
        }
        if separatorMissing { return brokenJSON(at: p, "expected , or ] after a record") }
        if buf[p] == UInt8(ascii: "]") { return .end }
        let start = p
        var depth = 0
        // Bit `d` set: the bracket open at depth `d` is `{` (the first 64 depths are checked).
        var objects: UInt64 = 0
        element: while true {
            guard p < limit else {
                if !atEOF { return try needMore() }
                endedInsideQuote = true
                return brokenJSON(at: p, "the input ends inside a record")
            }
            let b = buf[p]
            switch b {
            case Self.quote:
                // To the next quote not escaped by an odd run of backslashes, a memchr at a time.
                p += 1
                while true {
                    let found = memchr(buf + p, Int32(Self.quote), limit - p)
                    let q = found.map { buf.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? limit
                    if let lf = memchr(buf + p, Int32(Self.lf), q - p) {
                        return brokenJSON(at: buf.distance(to: lf.assumingMemoryBound(to: UInt8.self)), "a line break inside a string")
                    }
                    guard found != nil else {
                        if !atEOF { return try needMore() }
                        endedInsideQuote = true
                        return brokenJSON(at: limit, "the input ends inside a string")
                    }
                    var backslashes = 0
                    while q - 1 - backslashes >= p, buf[q - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
                    p = q + 1
                    if backslashes % 2 == 0 { break }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth < 64 {
                    let bit: UInt64 = 1 << UInt64(depth)
                    objects = b == UInt8(ascii: "{") ? objects | bit : objects & ~bit
                }
                depth += 1
                p += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 { break element }  // the array's own `]`, after a scalar
                depth -= 1
                if depth < 64, (objects >> UInt64(depth)) & 1 == (b == UInt8(ascii: "}") ? 0 : 1) {
                    return brokenJSON(at: p, "\(UnicodeScalar(b)) closes the wrong bracket")
                }
                p += 1
                if depth == 0 { break element }
            case UInt8(ascii: ","), ByteText.space, ByteText.tab, Self.cr, Self.lf:
                if depth == 0 { break element }
                p = Self.nextBracketOrQuote(buf, from: p + 1, limit: limit)
            default:
                // Inside a record only brackets and quotes matter: skip to the next, 8 bytes at a time.
                p = depth == 0 ? p + 1 : Self.nextBracketOrQuote(buf, from: p + 1, limit: limit)
            }
        }
        let elementEnd = p
        if elementEnd == start { return brokenJSON(at: p, "\(UnicodeScalar(buf[p])) where a record should be") }
        p = Self.skipJSONSpace(buf, from: p, limit: limit)
        if p >= limit {
            if !atEOF { return try needMore() }
        } else if buf[p] == UInt8(ascii: ",") {
            p += 1
        } else if buf[p] != UInt8(ascii: "]") {
            separatorMissing = true  // this record is whole; the array breaks after it
        }
        fieldCount = 0
        totalFields = 0
        store(FieldRef(bytes: Field(start: buf + start, count: elementEnd - start), rawStart: start, lineStart: start, lineDelta: 0))
        recordStart = start
        recordEnd = elementEnd
        let (before, startsBefore) = newlines(from: pos, to: start)
        recordLine = line + before
        recordLineStart = startsBefore.map(offset(of:)) ?? lineStartOffset
        let (inside, startsInside) = newlines(from: start, to: p)
        line = recordLine + inside
        lineStartOffset = startsInside.map(offset(of:)) ?? recordLineStart
        pos = p
        return .record
    }

    /// The first `"`, `{`, `}`, `[` or `]` in `buf[from..<limit]`, or `limit`.
    @inline(__always)
    private static func nextBracketOrQuote(_ buf: UnsafeMutablePointer<UInt8>, from: Int, limit: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // Bytes equal to `c` get their high bit set (the lowest such byte exactly).
        func equal(_ w: UInt64, _ c: UInt8) -> UInt64 {
            let x = w ^ (ones &* UInt64(c))
            return (x &- ones) & ~x & (ones &* 0x80)
        }
        var p = from
        while p + 8 <= limit {
            let w = UnsafeRawPointer(buf + p).loadUnaligned(as: UInt64.self)
            // `[` and `]` are `{` and `}` less 0x20.
            let lower = w | (ones &* 0x20)
            let found = equal(w, UInt8(ascii: "\"")) | equal(lower, UInt8(ascii: "{")) | equal(lower, UInt8(ascii: "}"))
            if found != 0 { return p + found.trailingZeroBitCount / 8 }
            p += 8
        }
        while p < limit {
            switch buf[p] {
            case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"): return p
            default: p += 1
            }
        }
        return limit
    }

    private static func skipJSONSpace(_ buf: UnsafeMutablePointer<UInt8>, from: Int, limit: Int) -> Int {
        var p = from
        while p < limit, isJSONSpace(buf[p]) { p += 1 }
        return p
    }

    @inline(__always)
    private static func isJSONSpace(_ b: UInt8) -> Bool { b == ByteText.space || b == ByteText.tab || b == lf || b == cr }

    /// Where a JSON array's syntax breaks: a sample stops before it; a read
    /// reports it once (its line, column and byte offset) and stops.
    private func cutShort() -> Next {
        if pin != nil { return .end }
        cutReported = true
        badColumn = 1
        fieldCount = 0
        totalFields = 0
        return .cutShort
    }

    private func brokenJSON(at p: Int, _ reason: String) -> Next {
        if pin != nil { return .end }
        let (lines, lastStart) = newlines(from: pos, to: p)
        recordLine = line + lines
        recordStart = pos
        recordEnd = p
        badColumn = column(of: p, lineStart: lastStart.map(offset(of:)) ?? lineStartOffset)
        fieldCount = 0
        totalFields = 0
        jsonBreak = (reason, stream.position - Int64(end - p))
        return .brokenJSON
    }

    // MARK: the current record

    @inline(__always)
    func field(_ i: Int) -> Field { fields[i].bytes }

    /// The current record's fields (`fieldCount` of them), for a loop over many.
    var fieldRefs: UnsafePointer<FieldRef> { UnsafePointer(fields) }

    /// The 8 bytes at field `i`'s start (those past its end are any bytes),
    /// for parsing a short field in one go.
    @inline(__always)
    func word(_ i: Int) -> UInt64 {
        UnsafeRawPointer(fields[i].bytes.baseAddress!).loadUnaligned(as: UInt64.self)
    }

    /// The record's bytes as in the input, and where it starts in the input.
    var recordBytes: Field { Field(start: buffer + recordStart, count: recordEnd - recordStart) }
    var recordOffset: Int64 {
        // Bytes cut out of the buffer after the record were read from the input all the same.
        let cutAfter = holes.indices.reduce(Int64(0)) { $0 + (holes[$1] > recordStart ? holeSizes[$1] : 0) }
        return stream.position - Int64(end - recordStart) - cutAfter
    }

    /// Physical line and 1-based character column where field `i` starts;
    /// past the last field, the end of the record.
    func location(ofField i: Int) -> (line: Int, column: Int) {
        guard i < fieldCount else {
            // The end of the record's last physical line.
            var lineStart = recordStart
            var delta = 0
            if recordEnd > recordStart {
                for k in recordStart..<recordEnd where buffer[k] == Self.lf { lineStart = k + 1; delta += 1 }
            }
            return (recordLine + delta, Self.characters(buffer, from: lineStart, to: recordEnd) + 1)
        }
        let f = fields[i]
        return (recordLine + f.lineDelta, Self.characters(buffer, from: f.lineStart, to: f.rawStart) + 1)
    }

    /// Location of a byte offset inside a plain line (for `lines` and JSON
    /// Lines) or inside an element of a JSON array, which may span lines
    /// and start after an indent.
    func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        guard mode == .jsonArray else { return (recordLine, Self.characters(buffer, from: recordStart, to: recordStart + offset) + 1) }
        let (lines, lastStart) = newlines(from: recordStart, to: recordStart + offset)
        return (recordLine + lines, column(of: recordStart + offset, lineStart: lastStart.map(self.offset(of:)) ?? recordLineStart))
    }

    /// Newlines in `buffer[from..<to]`, and the buffer index after the last one.
    private func newlines(from: Int, to: Int) -> (count: Int, lastLineStart: Int?) {
        var count = 0
        var lastLineStart: Int?
        var k = from
        while k < to, let found = memchr(buffer + k, Int32(Self.lf), to - k) {
            k = buffer.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            count += 1
            lastLineStart = k
        }
        return (count, lastLineStart)
    }

    /// The input offset of buffer index `i`.
    private func offset(of i: Int) -> Int64 { stream.position - Int64(end - i) }

    /// The 1-based column of buffer index `i` on the line starting at input
    /// offset `lineStart`: characters, and bytes for any part of the line
    /// no longer in the buffer.
    private func column(of i: Int, lineStart: Int64) -> Int {
        let start = lineStart - offset(of: 0)
        guard start < 0 else { return Self.characters(buffer, from: Int(start), to: i) + 1 }
        return Int(-start) + Self.characters(buffer, from: 0, to: i) + 1
    }

    /// UTF-8 characters in `buffer[from..<to]` (continuation bytes do not count).
    static func characters(_ buffer: UnsafeMutablePointer<UInt8>, from: Int, to: Int) -> Int {
        var n = 0
        var k = from
        while k < to {
            if buffer[k] & 0xC0 != 0x80 { n += 1 }
            k += 1
        }
        return n
    }
}
