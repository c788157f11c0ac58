/// Records from chunks spread through a regular file after its head, the
/// tail among them: files are often sorted by a series or an id rather
/// than by time, so their head shows one series or one stretch of time.
struct SpreadSampler {
    static let chunks = 16
    static let recordsPerChunk = 40
    /// A chunk's records stop at this many bytes: 40 rows of 10,000 columns
    /// in 16 chunks held 6 million fields (100 MB) to decide the columns.
    static let bytesPerChunk = 64 << 10
    /// The tail chunk starts this far before the end, so it reaches it.
    static let tailBytes: Int64 = 8 << 10
    /// A chunk's records are short: a longer one is skipped, not held.
    static let limits = ScannerLimits(chunk: 64 << 10, maxRecord: 1 << 20, sampleWindow: 0)

    let stream: ByteStream
    let mode: RecordScanner.Mode
    /// `jsonArray`: the spaces before each record's `{` on its line, so that
    /// a chunk starts at a record and not at an object nested in one.
    var elementIndent: Int?

    /// Appends each chunk's records to `sample` as a segment of its own.
    /// - Parameters:
    ///   - head: the offset where the head sample stopped (a record's start).
    ///   - fields: the head's field count; a record of another width is
    ///     dropped (a chunk that began inside a quoted field).
    func sample(after head: Int64, into sample: Sample, fields: Int?) throws(ReadError) {
        guard let range = stream.fileRange, head < range.upperBound else { return }
        let span = range.upperBound - head
        let wanted = (0..<Self.chunks).map { head + span * Int64($0) / Int64(Self.chunks) }
            + [max(head, range.upperBound - Self.tailBytes)]
        // An array's head sample stops between records, not at a line's start: its first chunk starts at the next record.
        let starts = Set(wanted.map { $0 == head && mode != .jsonArray ? head : recordStart(at: $0, in: range) }).sorted()
        for (k, start) in starts.enumerated() where start < range.upperBound {
            let stop = k + 1 < starts.count ? starts[k + 1] : range.upperBound
            let part = stream.slice(start..<stop)
            part.progress = nil
            let scanner = RecordScanner(stream: part, mode: mode, limits: Self.limits)
            _ = try scanner.prime()
            sample.beginSegment()
            var taken = 0, held = 0
            while taken < Self.recordsPerChunk && held < Self.bytesPerChunk {
                let next = try scanner.next()
                if next == .end { break }
                guard next == .record, fields == nil || scanner.fieldCount == fields else { continue }
                sample.append((0..<scanner.fieldCount).map { scanner.field($0) })
                taken += 1
                held += scanner.recordEnd - scanner.recordStart
            }
        }
    }

    /// The start of the first record that begins at or after `offset`.
    private func recordStart(at offset: Int64, in range: Range<Int64>) -> Int64 {
        if offset <= range.lowerBound { return range.lowerBound }
        if mode == .jsonArray { return stream.elementStart(after: offset, indent: elementIndent) ?? range.upperBound }
        return stream.newline(after: offset - 1) ?? range.upperBound
    }
}
