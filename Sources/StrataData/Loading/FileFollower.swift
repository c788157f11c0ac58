import Foundation

/// Follows a loaded regular file as it grows, by its name, as `tail -F`
/// does: each `poll` reads the whole lines appended since the last (a
/// half-written last line waits for its newline) with the load's plan and
/// adds their rows to the result. A file renamed away and replaced
/// (rotation) has the rest of its rows read, then the new file's from its
/// start, the rows already read kept; a file cut shorter (truncation) is
/// read again from its start; a file removed is waited for. The rows are
/// read back (a page's finer bars, the card) through the descriptors it
/// keeps open, whose checkpoints grow with the rows appended.
public final class FileFollower: GrowingInput, @unchecked Sendable {
    private let path: String
    private let name: String
    private let options: ReadOptions
    private var result: LoadResult
    private let plan: RecordPlan
    private let mode: RecordScanner.Mode
    /// With `--year`, the load's: new syslog lines count on from its first.
    /// Else nil: they are dated back from now, not from the modification
    /// time the load saw, which they come after.
    private let years: SyslogYears?
    private var series: SeriesTable
    /// The file being read (kept open across a rename) and where its whole lines end.
    private var file: FileHandle?
    /// The files whose rows may be read back, open for as long as they may:
    /// the one being read and those rotated away before it.
    private var kept: [FileHandle] = []
    private var identity: (device: UInt64, inode: UInt64)?
    private var offset: Int64
    /// Physical lines before `offset`, so a skipped row names its line.
    private var lines: Int
    /// A W3C or Zeek log's rows at `offset` come under the `#Fields` line of
    /// this line, which names other fields than the load's: those appended
    /// next are skipped as the load would skip them.
    private var otherFieldsLine: Int?
    private var removed = false
    /// A file renamed away (rotated) whose writer may not have let go of it
    /// yet: read on by its open descriptor for the next `polls` polls (a
    /// second at the follow loop's pace), after the new file's lines.
    private var retired: (file: FileHandle, offset: Int64, lines: Int, otherFieldsLine: Int?, polls: Int)?
    /// Polls a rotated file is read on for.
    static let retiredPolls = 10
    /// The bytes read at the file's start and just before `offset`: a file
    /// cut and written again past `offset` within one poll (`cp new log`)
    /// keeps growing, and only these show it is another file.
    private var seen: (first: [UInt8], last: [UInt8]) = ([], [])
    /// The header line the file was read with, nil when it had none: a new
    /// file (rotated, or cut and rewritten) skips its first line only when it is this.
    private let header: [UInt8]?
    /// The times of the rows read in this poll, nil before any (`InputGrowth.added`).
    private var added: ClosedRange<Int64>?
    /// The base this poll's rows made coarser, nil when they did not.
    private var coarsened: TimeUnit?

    /// Follows `path`, whose load ended with `result` (read with `options`).
    public init?(path: String, result: LoadResult, options: ReadOptions) {
        guard let source = result.rowLocator.sources.first, source.path == path, !source.isCompressed,
              let file = FileHandle(forReadingAtPath: path) else { return nil }
        self.path = path
        self.name = source.name
        self.options = options
        self.result = result
        self.plan = source.plan
        self.mode = source.mode
        self.years = options.year == nil ? nil : source.years
        self.series = result.rowLocator.series
        self.file = file
        kept = [file]
        self.result.rowLocator.follow(path, through: Self.descriptorPath(file))
        self.identity = Self.identity(of: file.fileDescriptor)
        self.offset = source.length
        self.lines = Self.newlines(in: file.fileDescriptor, upTo: source.length)
        otherFieldsLine = source.otherFieldsLine
        if case .delimited(_, true, _) = source.plan { header = Self.firstLine(of: file.fileDescriptor) } else { header = nil }
        seen = Self.marks(of: file.fileDescriptor, before: offset)
    }

    /// What has been read so far, read back through the follower's descriptors.
    public var current: LoadResult { result }

    /// Reads what changed since the last poll: the fuller result and what
    /// happened to the file, or nil when nothing did.
    public func poll() throws(ReadError) -> (result: LoadResult, change: InputChange?)? {
        var change: InputChange?
        (added, coarsened) = (nil, nil)
        let late = try readRetired()
        var status = stat()
        guard stat(path, &status) == 0 else {
            // Gone: what the open file still has is read, then it is waited for.
            let grew = try readAppended()
            if removed { return grew || late ? (result, nil) : nil }
            removed = true
            return (result, .removed)
        }
        if removed {
            removed = false
            change = .back
        }
        let now = (UInt64(status.st_dev), UInt64(status.st_ino))
        if identity.map({ $0 != now }) ?? true {
            // Renamed away and replaced: the old file's last lines, then the new one from its start,
            // and the old one's lines written late, a while longer.
            _ = try readAppended()
            if let file { retired = (file, offset, lines, otherFieldsLine, Self.retiredPolls) }
            try restart(emptying: false)
            return (result, change ?? .rotated)
        }
        if let file, Int64(status.st_size) < offset || Self.marks(of: file.fileDescriptor, before: offset) != seen {
            // Cut shorter, or cut and written again: what it holds now is read from its start, in place of what it held.
            try restart(emptying: true)
            return (result, .truncated)
        }
        let grew = try readAppended()
        return grew || late || change != nil ? (result, change) : nil
    }

    /// Reads what a rotated file's writer added to it since the last poll; true when it did.
    private func readRetired() throws(ReadError) -> Bool {
        guard let (file, offset, lines, otherFieldsLine, polls) = retired else { return false }
        let read = try read(file.fileDescriptor, from: offset, lines: lines, underOtherFields: otherFieldsLine, skippingHeader: false)
        if let read { result.rowLocator.grow(Self.descriptorPath(file), to: read.end, adding: read.index, lineOffset: lines) }
        let after = read.map(\.otherFieldsLine) ?? otherFieldsLine
        retired = polls > 1 ? (file, read?.end ?? offset, read?.lines ?? lines, after, polls - 1) : nil
        return read != nil
    }

    /// Reads the file now at the path from its start (its header skipped),
    /// after the rows read so far or (`emptying`) in their place. Rows read
    /// before are read back from the files that held them, while they are kept.
    private func restart(emptying: Bool) throws(ReadError) {
        if emptying { result.empty() }
        guard let next = FileHandle(forReadingAtPath: path) else { return }
        result.rowLocator.restart(through: Self.descriptorPath(next), emptying: emptying)
        // A file cut short held no rows that are kept: it is no longer read back.
        kept = emptying ? [next] : kept + [next]
        file = next
        identity = Self.identity(of: next.fileDescriptor)
        offset = 0
        lines = 0
        otherFieldsLine = nil
        seen = ([], [])
        _ = try readAppended(skippingHeader: header != nil && Self.firstLine(of: next.fileDescriptor) == header)
    }

    /// The first line of the file at `fd` without its line end, within 64 KB; nil before a whole line is there.
    private static func firstLine(of fd: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0, let end = bytes[0..<n].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return Array(bytes[0..<end].reversed().drop { $0 == 13 }.reversed())
    }

    /// Reads the whole lines after `offset` into the result; true when there were any.
    private func readAppended(skippingHeader: Bool = false) throws(ReadError) -> Bool {
        guard let file, let (end, lines, index, otherFieldsLine) = try read(file.fileDescriptor, from: offset, lines: lines,
                                                                            underOtherFields: otherFieldsLine, skippingHeader: skippingHeader) else {
            return false
        }
        result.rowLocator.grow(Self.descriptorPath(file), to: end, adding: index, lineOffset: self.lines)
        self.lines = lines
        self.otherFieldsLine = otherFieldsLine
        offset = end
        seen = Self.marks(of: file.fileDescriptor, before: end)
        return true
    }

    /// Adds the rows of the whole lines of `fd` after `offset` (`lines`
    /// lines before it, its rows under `otherFieldsLine`) to the result:
    /// where they end and the lines before that end, the checkpoints of
    /// their rows (lines counted from `offset`) and the `#Fields` line of
    /// other fields the last came under; nil when there is no whole line yet.
    private func read(_ fd: Int32, from offset: Int64, lines: Int, underOtherFields otherFieldsLine: Int?, skippingHeader: Bool)
        throws(ReadError) -> (end: Int64, lines: Int, index: RowIndex, otherFieldsLine: Int?)? {
        var status = stat()
        guard fstat(fd, &status) == 0, Int64(status.st_size) > offset else { return nil }
        guard let end = ByteStream.lastLineEnd(in: fd, from: offset, to: Int64(status.st_size)) else { return nil }
        let stream = ByteStream.region(of: fd, name: name, range: offset..<end)
        let scanner = RecordScanner(stream: stream, mode: mode, limits: options.limits, underOtherFields: otherFieldsLine, linesBefore: lines)
        var parser = TimeParser(format: plan.format, zone: result.calendar.zone,
                                years: years ?? .until(options.now ?? Int64(Date().timeIntervalSince1970)))
        var sink = RowSink(calendar: result.calendar, baseUnit: result.accumulator.baseUnit, keep: options.skippedToKeep, strict: false,
                           sketches: result.accumulator.sketches != nil)
        // As the load kept: a quarter's worth of intervals, each series' base buckets while they fit.
        // A poll of many rows merges its buckets as it reads, as a pipe does, not past the finest level's periods.
        // Intervals' no coarser than a day, as the load's: a coarser base is a unit's own periods, and days nest in every level's.
        let finest = result.levels.min()?.unit ?? result.accumulator.baseUnit
        sink.keep(within: options.memoryBudget, readsBack: true, coarsest: result.accumulator.holdsIntervals ? Swift.min(finest, .day) : finest)
        // A base coarsened by the load is a level's periods: each series keeps its own in the poll too.
        sink.accumulator.baseCoarsened = result.accumulator.baseCoarsened
        let limit = options.memoryBudget.map(BucketBudget.buckets(within:)) ?? .max
        let base = result.accumulator.baseUnit
        sink.series = series
        try RowReaders.run(scanner, plan, parser: &parser, sink: &sink, skipHeader: skippingHeader, cancel: nil)
        series = sink.series
        result.append(sink, lineOffset: lines, named: !result.seriesNames.isEmpty || result.seriesColumn != nil,
                      keep: options.skippedToKeep)
        result.coarsen(within: limit, sketches: options.memoryBudget.map(BucketBudget.sketches(within:)) ?? .max)
        if result.accumulator.baseUnit > base {
            let unit = result.accumulator.baseUnit
            coarsened = unit
            result.notes.append("followed: \(name) grew past what --memory keeps of finer buckets at row \(result.rowsRead): "
                                + "\(unit.name)s are kept from then on, and a page's finer bars read back from the file")
        }
        let index = sink.trail.finish()
        if let first = index.checkpoints.first {
            // The first checkpoint's bound holds for every row after it, once finished.
            added = min(added?.lowerBound ?? .max, first.from)...max(added?.upperBound ?? .min, index.latest)
        }
        return (end, lines + Self.newlines(in: fd, from: offset, upTo: end), index, scanner.otherFieldsLine)
    }

    /// Up to 256 bytes at the start of the file at `fd`, and up to 256 just before `offset`.
    private static func marks(of fd: Int32, before offset: Int64) -> (first: [UInt8], last: [UInt8]) {
        func bytes(at start: Int64, count: Int) -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: count)
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(start)) }
            return Array(buffer.prefix(max(0, n)))
        }
        let size = Int(min(256, offset))
        return (bytes(at: 0, count: size), bytes(at: offset - Int64(size), count: size))
    }

    /// Where the rows of `file` are read back: its open descriptor, by name.
    private static func descriptorPath(_ file: FileHandle) -> String {
        "/proc/self/fd/\(file.fileDescriptor)"
    }

    private static func identity(of fd: Int32) -> (UInt64, UInt64)? {
        var status = stat()
        return fstat(fd, &status) == 0 ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
    }

    private static func newlines(in fd: Int32, from: Int64 = 0, upTo end: Int64) -> Int {
        var count = 0, at = from
        let size = 1 << 16
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { buffer.deallocate() }
        while at < end {
            let n = pread(fd, buffer, Int(min(Int64(size), end - at)), off_t(at))
            guard n > 0 else { break }
            for i in 0..<n where buffer[i] == UInt8(ascii: "\n") { count += 1 }
            at += Int64(n)
        }
        return count
    }
}

extension LoadResult {
    /// The same picks and levels with no rows: a followed file cut short.
    mutating func empty() {
        accumulator = accumulator.emptied
        for k in otherValues.indices { otherValues[k].accumulator = otherValues[k].accumulator.emptied }
        (rowsRead, accepted, skipped, filteredOut, lackingField, firstSkipped) = (0, 0, 0, 0, 0, [])
        intervals = intervals.map { IntervalList().index(seriesCount: $0.bySeries.count, inputs: $0.inputs) }
    }

    /// Makes the base of instants coarser, up to the finest level's periods,
    /// while the buckets of every value column number more than `limit`: a
    /// followed file that grew from days to years keeps hours, as a load of
    /// it would, each merged from its minutes (as a pipe's are).
    mutating func coarsen(within limit: Int, sketches sketchLimit: Int) {
        keepSketches(within: sketchLimit)
        guard !accumulator.holdsIntervals, let finest = levels.min()?.unit else { return }
        while accumulator.baseUnit < finest, accumulator.bucketCount + otherValues.reduce(0, { $0 + $1.accumulator.bucketCount }) > limit {
            accumulator.flush()
            accumulator.coarsen()
            for k in otherValues.indices {
                otherValues[k].accumulator.flush()
                otherValues[k].accumulator.coarsen()
            }
        }
    }

    /// Makes the sketches (`--agg pNN`) of every value column per coarser
    /// period, up to days, while they number more than `limit` together, as
    /// a load keeps them: a followed file's would grow with it.
    private mutating func keepSketches(within limit: Int) {
        while var unit = accumulator.sketches?.unit, unit < .day,
              accumulator.sketchCount + otherValues.reduce(0, { $0 + $1.accumulator.sketchCount }) > limit {
            unit = TimeUnit(rawValue: unit.rawValue + 1)!
            accumulator.coarsenSketches(to: unit)
            for k in otherValues.indices { otherValues[k].accumulator.coarsenSketches(to: unit) }
        }
    }

    /// Adds the rows of `sink` (read after this result's, its series table
    /// grown from this one's), its skipped rows' lines shifted by `lineOffset`;
    /// at most `keep` skipped rows are kept, as a load keeps them.
    mutating func append(_ sink: RowSink, lineOffset: Int, named: Bool, keep: Int) {
        var all = sink.accumulator
        all.flush()
        accumulator.merge(all.column(0))
        for k in otherValues.indices where k + 1 < all.width {
            otherValues[k].accumulator.merge(all.column(k + 1))
        }
        if named { seriesNames = sink.series.names }
        intervals = intervals.flatMap { sink.intervals.index(after: $0, lineOffset: lineOffset, seriesCount: sink.series.names.count) }
        rowsRead += sink.rowsRead
        accepted += sink.accepted
        skipped += sink.skipped
        filteredOut += sink.filteredOut
        lackingField += sink.lackingField
        for var row in sink.firstSkipped where firstSkipped.count < keep {
            row.line += lineOffset
            firstSkipped.append(row)
        }
    }
}

extension FileFollower {
    public func grow() throws(ReadError) -> InputGrowth? {
        try poll().map { InputGrowth(result: $0.result, rows: $0.result.rowLocator, change: $0.change ?? coarsened.map(InputChange.coarsened),
                                     added: added) }
    }
}
