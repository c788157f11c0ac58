/// The checkpoints of one input: record starts (byte offset and line) with
/// bounds on the times around them, so that a period's rows are read back
/// from a few places in the input instead of from its start.
///
/// Two bounds make one search serve sorted and unsorted inputs alike:
/// `before`, no accepted row before a checkpoint is later (non-decreasing),
/// and `from`, no accepted row from a checkpoint on is earlier
/// (non-decreasing once `finish` has run). Rows of
/// `[start, end)` lie after the last checkpoint with `before < start` and
/// before the first with `from >= end`. A sorted input makes that span the
/// period itself; a shuffled one makes it the whole input.
struct RowIndex: Sendable {
    struct Checkpoint: Sendable, Equatable {
        /// Where an accepted record starts, in the (decompressed) input.
        var offset: Int64
        /// Its 1-based physical line.
        var line: Int
        /// No accepted row before it is later; `.min` when there is none.
        var before: Int64
        /// No accepted row from it to the next checkpoint is earlier; after
        /// `finish`, none from it to the end of the input.
        var from: Int64
    }

    private(set) var checkpoints: [Checkpoint] = []
    /// No accepted row of the input is later (set once it is read; `.min` before).
    var latest = Int64.min

    var count: Int { checkpoints.count }
    var isEmpty: Bool { checkpoints.isEmpty }
    var lastFrom: Int64 { checkpoints[checkpoints.count - 1].from }

    // MARK: building

    /// A new checkpoint whose place is given by `place` once its record is known.
    mutating func open(before: Int64) {
        checkpoints.append(Checkpoint(offset: -1, line: 0, before: before, from: .max))
    }

    mutating func place(offset: Int64, line: Int) {
        checkpoints[checkpoints.count - 1].offset = offset
        checkpoints[checkpoints.count - 1].line = line
    }

    /// Sets the bound on the rows since the last checkpoint.
    mutating func close(earliest: Int64) {
        guard !checkpoints.isEmpty else { return }
        checkpoints[checkpoints.count - 1].from = earliest
    }

    /// Halves the checkpoints: each pair becomes its first, spanning both.
    mutating func thin() {
        var kept: [Checkpoint] = []
        kept.reserveCapacity(checkpoints.count / 2 + 1)
        var i = 0
        while i < checkpoints.count {
            var c = checkpoints[i]
            if i + 1 < checkpoints.count { c.from = min(c.from, checkpoints[i + 1].from) }
            kept.append(c)
            i += 2
        }
        checkpoints = kept
    }

    /// Appends a later part of the same input (a second thread's half):
    /// its lines move down by `lineOffset`, and no row before it is later
    /// than `latest`.
    mutating func append(_ other: RowIndex, lineOffset: Int, latest: Int64) {
        for var c in other.checkpoints {
            c.line += lineOffset
            c.before = max(c.before, latest)
            checkpoints.append(c)
        }
    }

    /// Adds the checkpoints of the rows appended to a followed file since
    /// (`FileFollower`), whose lines move down by `lineOffset`: every bound
    /// then holds to the new end, and past `RowTrail.capacity` they are thinned.
    mutating func extend(with later: RowIndex, lineOffset: Int) {
        guard !later.isEmpty else { return }
        append(later, lineOffset: lineOffset, latest: latest)
        latest = max(latest, later.latest)
        finish()
        while count > RowTrail.capacity { thin() }
    }

    /// Makes each checkpoint's `from` hold from it to the end of the input.
    mutating func finish() {
        var earliest = Int64.max
        for i in checkpoints.indices.reversed() {
            earliest = min(earliest, checkpoints[i].from)
            checkpoints[i].from = earliest
        }
    }

    // MARK: searching

    /// The checkpoints to read between for rows of `[start, end)`: from
    /// `first` up to `stop` (`count`: the end of the input); nil when no
    /// row can be there.
    func span(from start: Int64, to end: Int64) -> (first: Int, stop: Int)? {
        // Checkpoint 0 has no row before it, whatever `start` is.
        let first = max(partition { $0.before < start } - 1, 0)
        let stop = partition { $0.from < end }
        guard stop > first else { return nil }
        return (first, stop)
    }

    /// How many checkpoints from the start satisfy `test` (true, then false).
    private func partition(_ test: (Checkpoint) -> Bool) -> Int {
        var lo = 0, hi = checkpoints.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if test(checkpoints[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
