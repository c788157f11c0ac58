/// The intervals one reading thread accepts, in input order, kept for the
/// timeline (which draws each one): its times, its label (interned: labels
/// repeat), and where its record is, so the card can show the whole row.
struct IntervalList: Sendable {
    private(set) var records: [IntervalIndex.Record] = []
    private(set) var labels = SeriesTable()
    /// The input being read, counted among those whose rows are kept.
    var input: UInt16 = 0

    @inline(__always)
    mutating func append(start: Int64, end: Int64, series: Int, label: Field, line: Int) {
        let id = labels.index(of: label, limit: .max)!
        records.append(IntervalIndex.Record(start: start, end: end, label: UInt32(truncatingIfNeeded: id),
                                            line: UInt32(truncatingIfNeeded: line), series: UInt16(truncatingIfNeeded: series),
                                            input: input))
    }

    /// Adds a later part's intervals: its series go where `seriesMap` says
    /// (empty: unchanged), and its lines move down by `lineOffset`.
    mutating func absorb(_ other: IntervalList, seriesMap: [Int], lineOffset: Int) {
        let labelMap = labels.absorb(other.labels)
        records.reserveCapacity(records.count + other.records.count)
        for var r in other.records {
            r.label = UInt32(labelMap[Int(r.label)])
            if !seriesMap.isEmpty { r.series = UInt16(seriesMap[Int(r.series)]) }
            r.line += UInt32(lineOffset)
            records.append(r)
        }
    }

    /// The index of every interval, by series and start.
    func index(seriesCount: Int, inputs: [String]) -> IntervalIndex {
        IntervalIndex(records: records, labels: labels.names, seriesCount: seriesCount, inputs: inputs)
    }
}
