/// Every interval of the data, per series sorted by start, so that the
/// timeline lays out only what its window shows: the intervals of a series
/// overlapping a stretch of time are found by binary search, not a scan.
public struct IntervalIndex: Sendable {
    /// One interval (32 bytes): UTC seconds, an interned label, and its
    /// record's input (counted among those whose rows are kept) and line.
    public struct Record: Sendable, Equatable {
        public var start: Int64
        public var end: Int64
        public var label: UInt32
        public var line: UInt32
        public var input: UInt16

        public init(start: Int64, end: Int64, label: UInt32, line: UInt32, input: UInt16) {
            self.start = start
            self.end = end
            self.label = label
            self.line = line
            self.input = input
        }
    }

    public let labels: [String]
    /// The names of the inputs whose rows are kept, as `Record.input` counts them.
    public let inputs: [String]
    /// `bySeries[s]`: accumulator series `s`'s intervals, sorted by start, then end.
    public let bySeries: [[Record]]
    /// `reach[s][i]`: the latest end among `bySeries[s][0...i]`, so a search
    /// for intervals overlapping a time skips those that ended before it.
    private let reach: [[Int64]]

    /// Records in any order (each series is sorted here, unless it is already).
    public init(bySeries: [[Record]], labels: [String], seriesCount: Int, inputs: [String]) {
        self.inputs = inputs
        var bySeries = bySeries
        while bySeries.count < max(seriesCount, 1) { bySeries.append([]) }
        // Rows in time order are sorted already: only an unsorted input is sorted (a copy).
        for s in bySeries.indices where !zip(bySeries[s], bySeries[s].dropFirst()).allSatisfy({ Self.ordered($0, $1) }) {
            bySeries[s].sort(by: Self.ordered)
        }
        self.bySeries = bySeries
        self.labels = labels
        reach = bySeries.map { records in
            var latest = Int64.min
            return records.map { r in
                latest = max(latest, r.end)
                return latest
            }
        }
    }

    /// The intervals of several indexes of one source (windows side by
    /// side), each once: one in two windows (over their edge) is the same
    /// record, its times, input and line.
    init(merging parts: [IntervalIndex]) {
        var labels: [String] = [], labelIDs: [String: UInt32] = [:]
        var bySeries: [[Record]] = []
        for part in parts {
            let ids = part.labels.map { label in
                if let id = labelIDs[label] { return id }
                let id = UInt32(labels.count)
                labels.append(label)
                labelIDs[label] = id
                return id
            }
            for (s, records) in part.bySeries.enumerated() {
                while bySeries.count <= s { bySeries.append([]) }
                bySeries[s].reserveCapacity(bySeries[s].count + records.count)
                for var r in records {
                    r.label = ids[Int(r.label)]
                    bySeries[s].append(r)
                }
            }
        }
        for s in bySeries.indices {
            bySeries[s].sort { ($0.start, $0.end, $0.input, $0.line) < ($1.start, $1.end, $1.input, $1.line) }
            var kept: [Record] = []
            kept.reserveCapacity(bySeries[s].count)
            for r in bySeries[s] where kept.last.map({ !Self.same($0, r) }) ?? true { kept.append(r) }
            bySeries[s] = kept
        }
        self.init(bySeries: bySeries, labels: labels, seriesCount: bySeries.count, inputs: parts.first?.inputs ?? [])
    }

    /// One interval of the input: the same times and record.
    private static func same(_ a: Record, _ b: Record) -> Bool {
        a.start == b.start && a.end == b.end && a.input == b.input && a.line == b.line
    }

    private static func ordered(_ a: Record, _ b: Record) -> Bool {
        a.start != b.start ? a.start < b.start : a.end <= b.end
    }

    public var count: Int { bySeries.reduce(0) { $0 + $1.count } }

    public func label(_ r: Record) -> String { labels[Int(r.label)] }

    /// `tv-guide.csv:2411`: where the record is, as the card's rows name theirs.
    public func location(_ r: Record) -> String? { Self.location(r, inputs: inputs) }

    static func location(_ r: Record, inputs: [String]) -> String? {
        guard Int(r.input) < inputs.count else { return nil }
        return "\(inputs[Int(r.input)].split(separator: "/").last ?? ""):\(r.line)"
    }

    /// Indexes into `bySeries[s]` of the intervals overlapping `[from, to)`
    /// (an instant at `from` counts), in start order.
    public func overlapping(series s: Int, from: Int64, to: Int64) -> [Int] {
        guard s < bySeries.count else { return [] }
        let records = bySeries[s]
        let first = partition(reach[s]) { $0 < from }
        let stop = partition(records) { $0.start < to }
        guard first < stop else { return [] }
        return (first..<stop).filter { records[$0].end > from || records[$0].start >= from }
    }

    /// The intervals of series `s` overlapping `[from, to)`, each counted
    /// once with the seconds it lies inside as its value, the way a period's
    /// stats count them (an instant at `from` counts, with 0).
    public func stats(series s: Int, from: Int64, to: Int64) -> Stats {
        var stats = Stats()
        for i in overlapping(series: s, from: from, to: to) {
            let r = bySeries[s][i]
            stats.add(Double(max(0, min(r.end, to) - max(r.start, from))))
        }
        return stats
    }

    /// Kept intervals over this many times the usual length are pointed out
    /// (a 1-hour show ending a year late fills a year of pages); over
    /// `IntervalRule.usualFactor` times, a row is skipped instead.
    static let notedFactor: Int64 = 1000

    /// `intervals: the longest, at tv.csv:12, lasts 365 d, over 1000 times the usual 1 h`, or nil.
    static func outlierNote(longest: Record, inputs: [String], usual: Int64) -> String? {
        guard (longest.end - longest.start) / Self.notedFactor > max(usual, 1) else { return nil }
        let at = location(longest, inputs: inputs).map { "at \($0), " } ?? ""
        return "intervals: the longest, \(at)lasts \(LevelPicker.describe(longest.end - longest.start)), "
            + "over \(Self.notedFactor) times the usual \(LevelPicker.describe(usual)): a typo in its end?"
    }

    /// The index in `bySeries[s]` of the interval with these times and record, nil when there is none.
    public func position(series s: Int, start: Int64, end: Int64, input: UInt16, line: UInt32) -> Int? {
        guard s < bySeries.count else { return nil }
        let records = bySeries[s]
        var i = partition(records) { $0.start < start }
        while i < records.count, records[i].start == start {
            let r = records[i]
            if r.end == end, r.input == input, r.line == line { return i }
            i += 1
        }
        return nil
    }

    /// The first index of `bySeries[s]` whose interval starts at or after `t`.
    public func firstStarting(series s: Int, atOrAfter t: Int64) -> Int {
        guard s < bySeries.count else { return 0 }
        return partition(bySeries[s]) { $0.start < t }
    }

    /// How many elements from the start satisfy `test` (true, then false).
    private func partition<T>(_ items: [T], _ test: (T) -> Bool) -> Int {
        var lo = 0, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if test(items[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
