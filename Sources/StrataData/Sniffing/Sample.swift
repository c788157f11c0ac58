/// Copies of an input's rows, kept for the decisions made once per
/// input: the header, the columns, the time format. The rows come in
/// segments, each a run of consecutive records of the input (its head,
/// then chunks spread through a regular file), in the input's order.
final class Sample {
    private var storage: [UInt8] = []
    private var rows: [[Range<Int>]] = []
    private var frozen: UnsafeMutableBufferPointer<UInt8>?
    /// The first row of each segment after the first.
    private var segmentStarts: [Int] = []

    deinit { frozen?.deallocate() }

    var count: Int { rows.count }

    /// The rows appended from now on follow a gap in the input.
    func beginSegment() {
        if count > 0 && segmentStarts.last != count { segmentStarts.append(count) }
    }

    /// Runs of rows that were consecutive in the input.
    var segments: [Range<Int>] {
        let bounds = [0] + segmentStarts + [count]
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }.filter { !$0.isEmpty }
    }
    var maxColumns: Int { rows.map(\.count).max() ?? 0 }

    /// The table's width: the field count most rows have (the wider on a tie).
    var usualColumns: Int {
        var tally: [Int: Int] = [:]
        for row in rows { tally[row.count, default: 0] += 1 }
        return tally.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key ?? 0
    }

    /// The lines a table's header comes after: a title, a station's
    /// details, comments. They are the head's first rows when they are
    /// not as wide as the table and the next rows all are (at most 20).
    var preambleLength: Int {
        let width = usualColumns
        guard width >= 2, let head = segments.first else { return 0 }
        let run = min(5, head.count)
        for k in head.prefix(21) where fieldCount(k) == width {
            return (k..<min(k + run, head.upperBound)).allSatisfy { fieldCount($0) == width } ? k : 0
        }
        return 0
    }

    /// The same rows after the first `n`.
    func dropping(first n: Int) -> Sample {
        let rest = Sample()
        for segment in segments {
            rest.beginSegment()
            for r in segment where r >= n { rest.append(row(r)) }
        }
        return rest
    }

    func append(_ fields: [Field]) {
        precondition(frozen == nil, "append after reading")
        rows.append(fields.map { f in
            let start = storage.count
            storage.append(contentsOf: f)
            return start..<storage.count
        })
    }

    func append(_ fields: [[UInt8]]) {
        precondition(frozen == nil, "append after reading")
        rows.append(fields.map { f in
            let start = storage.count
            storage.append(contentsOf: f)
            return start..<storage.count
        })
    }

    /// Storage is copied once into stable memory, so fields can point into it.
    private var bytes: UnsafeMutableBufferPointer<UInt8> {
        if let frozen { return frozen }
        let b = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(storage.count, 1))
        _ = b.initialize(from: storage)
        frozen = b
        return b
    }

    /// The value at row `r`, column `c`; empty when the row is shorter.
    func value(_ r: Int, _ c: Int) -> Field {
        guard c < rows[r].count else { return Field(start: nil, count: 0) }
        let range = rows[r][c]
        return Field(rebasing: UnsafeBufferPointer(bytes)[range])
    }

    func fieldCount(_ r: Int) -> Int { rows[r].count }

    func column(_ c: Int, from first: Int = 0) -> [Field] {
        (first..<count).map { value($0, c) }
    }

    func row(_ r: Int) -> [Field] { (0..<rows[r].count).map { value(r, $0) } }

    func text(_ r: Int, _ c: Int) -> String {
        String(decoding: ByteText.trimmed(value(r, c)), as: UTF8.self)
    }
}
