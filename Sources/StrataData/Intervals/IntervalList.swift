/// The intervals one reading thread accepts, per series in input order,
/// kept for the timeline (which draws each one): its times, its label
/// (interned: labels repeat), and where its record is, so the card can
/// show the whole row. Kept per series from the start, so the index is
/// these arrays, not a sorted copy of them.
///
/// Past `limit` intervals the list lets them all go (`isDropped`): a file
/// read again at a range's bytes gives the timeline its window's instead
/// (`Source.intervals`), so memory follows the screen, not the data.
struct IntervalList: Sendable {
    private(set) var bySeries: [[IntervalIndex.Record]] = []
    private(set) var labels = SeriesTable()
    /// The input being read, counted among those whose rows are kept.
    var input: UInt16 = 0
    /// The most intervals kept; one more and none are.
    var limit = Int.max
    private(set) var count = 0
    /// More than `limit` were read: none are kept.
    private(set) var isDropped = false
    /// The longest interval read, kept or not: the outlier note names it.
    private(set) var longest: IntervalIndex.Record?

    /// An empty list read the same way: the same input and limit.
    var emptied: IntervalList {
        var empty = IntervalList()
        (empty.input, empty.limit) = (input, limit)
        return empty
    }

    @inline(__always)
    mutating func append(start: Int64, end: Int64, series: Int, label: Field, line: Int) {
        if end - start > longest.map({ $0.end - $0.start }) ?? -1 {
            longest = IntervalIndex.Record(start: start, end: end, label: 0, line: UInt32(truncatingIfNeeded: line), input: input)
        }
        guard !isDropped else { return }
        count += 1
        guard count <= limit else { return drop() }
        let id = labels.index(of: label, limit: .max)!
        while bySeries.count <= series { bySeries.append([]) }
        bySeries[series].append(IntervalIndex.Record(start: start, end: end, label: UInt32(truncatingIfNeeded: id),
                                                     line: UInt32(truncatingIfNeeded: line), input: input))
    }

    private mutating func drop() {
        (bySeries, labels, isDropped) = ([], SeriesTable(), true)
    }

    /// Adds a later part's intervals: its series go where `seriesMap` says
    /// (empty: unchanged), its lines move down by `lineOffset`, and `input`
    /// (when given) becomes their input.
    mutating func absorb(_ other: IntervalList, seriesMap: [Int], lineOffset: Int, input: UInt16? = nil) {
        if var theirs = other.longest, theirs.end - theirs.start > longest.map({ $0.end - $0.start }) ?? -1 {
            theirs.line += UInt32(lineOffset)
            if let input { theirs.input = input }
            longest = theirs
        }
        count += other.count
        if other.isDropped || count > limit { drop() }
        guard !isDropped else { return }
        let labelMap = labels.absorb(other.labels)
        for (s, records) in other.bySeries.enumerated() {
            let target = seriesMap.isEmpty ? s : seriesMap[s]
            while bySeries.count <= target { bySeries.append([]) }
            bySeries[target].reserveCapacity(bySeries[target].count + records.count)
            for var r in records {
                r.label = UInt32(labelMap[Int(r.label)])
                r.line += UInt32(lineOffset)
                if let input { r.input = input }
                bySeries[target].append(r)
            }
        }
    }

    /// The index of every interval, by series and start.
    func index(seriesCount: Int, inputs: [String]) -> IntervalIndex {
        IntervalIndex(bySeries: bySeries, labels: labels.names, seriesCount: seriesCount, inputs: inputs)
    }

    /// `earlier`'s intervals and then these (read after them, their lines
    /// moved down by `lineOffset`), as one index: a followed file's. Nil
    /// past `limit` together, as a load lets them all go.
    func index(after earlier: IntervalIndex, lineOffset: Int, seriesCount: Int) -> IntervalIndex? {
        var all = IntervalList()
        all.limit = limit
        all.bySeries = earlier.bySeries
        all.count = earlier.count
        for label in earlier.labels { _ = Array(label.utf8).withUnsafeBufferPointer { all.labels.index(of: $0, limit: .max) } }
        all.absorb(self, seriesMap: [], lineOffset: lineOffset)
        return all.isDropped ? nil : all.index(seriesCount: seriesCount, inputs: earlier.inputs)
    }
}
