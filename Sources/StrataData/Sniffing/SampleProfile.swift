/// What an input's sample says beyond its columns, for the picks made
/// before the rows are read: the zone its times carry, their spacing (for
/// the levels), whether rows are events or readings, and the aggregate.
public struct SampleProfile: Sendable, Equatable {
    /// The UTC offset (seconds east) every sample time carries, when they all carry the same one.
    public var singleOffset: Int32?
    /// The sample's times in order where their written offset changes (see `WrittenOffsets`).
    var offsetChanges: [WrittenOffsets.Observation] = []
    /// Some sample time carries an offset.
    public var writesOffsets = false
    /// The median gap between consecutive distinct times, in seconds; nil with fewer than two.
    /// Measured within each run of the sample (see `init`), else across them all.
    public var typicalGap: Int64?
    /// Every run of the sample holds one time (1,000 sensors read each minute,
    /// 40 rows a chunk): no gap is measured within one, so the planner reads
    /// on past the head until its time changes (`readOn(gap:)`).
    private(set) var needsReadOn = false
    /// Interval data: the median length of the sample's intervals, in seconds.
    public var typicalDuration: Int64?
    /// Times repeat (beyond one row per series) or come irregularly.
    public var looksLikeEvents: Bool
    /// `count` when counting rows, `mean` for a level (a temperature, a price), `max` for a running total, else `sum`.
    public var aggregate: Aggregate = .count
    /// Why `mean`: `"CO2 (ppm)" is a level, not a quantity: its unit is ppm` (`ValueKind`).
    public var aggregateReason = ""
    /// What each other value column starts on, by the same rule as the value's
    /// (`total_deaths` beside `total_cases` is a running total too); empty where only names are known.
    public var otherAggregates: [Aggregate] = []
    /// The UTC hour that starts the five hours of the day with the fewest
    /// rows, when they hold almost none: activity that follows a clock (a
    /// night), for the zone's note.
    public var quietStart: Int?
    /// The sample's times never go back, read in the order they lie in the
    /// input (the head, then chunks spread to the tail): the input looks
    /// sorted, so its tail holds its latest rows.
    public var timesAscending = false
    /// The sample's first and last times: the span of the input as far as
    /// the sample knows it (head to tail), for picks made without the rows.
    public var span: ClosedRange<Int64>?
    /// The sample's rows come in no order, and `typicalGap` is still their
    /// sample's: wider than the input's by as many times as it has more rows.
    var sampleIsShuffled = false
    /// The fixed offset (seconds east) of a zone the time's column names
    /// (`Time (MST)`), and the note's words for where: for naive times, in
    /// place of the fallback zone.
    var zoneInName: Int?
    var zoneInNameSource = ""
    /// Rows enough (and a day's worth of hours) to tell a quiet night from chance.
    static let quietRowsNeeded = 200

    /// - Parameters:
    ///   - times: each sample row's UTC instant, nil when it does not parse.
    ///   - offsets: each row's written UTC offset, nil for a naive time.
    ///   - seriesKeys: each row's series, when there is a series column.
    ///   - runs: the rows that were consecutive in the input (the head, then
    ///     each chunk of a file), when the sample holds several stretches of it.
    public init(times: [Int64?], offsets: [Int32?], seriesKeys: [String]? = nil, runs: [Range<Int>]? = nil) {
        let parsed = times.indices.filter { times[$0] != nil }
        let written = parsed.map { offsets[$0] }
        if let first = written.first, let offset = first, written.allSatisfy({ $0 == offset }) {
            singleOffset = offset
        }
        writesOffsets = written.contains { $0 != nil }
        var changes = WrittenOffsets()
        for r in parsed.sorted(by: { times[$0]! < times[$1]! }) {
            if let offset = offsets[r] { changes.note(Int(offset), at: times[r]!) }
        }
        offsetChanges = changes.changes
        let distinct = Array(Set(parsed.map { times[$0]! })).sorted()
        if let first = distinct.first, let last = distinct.last { span = first...last }
        let gaps = zip(distinct.dropFirst(), distinct).map { $0 - $1 }.sorted()
        typicalGap = gaps.isEmpty ? nil : gaps[gaps.count / 2]
        // Rows in no order are a sample of the times, not a run of them: its
        // gaps are wider than the rows'. Readings on a grid (every hour) still
        // show the grid's step, as the narrowest gap and a share of them
        // (events at whole minutes are on a grid too, but seldom a minute
        // apart); other gaps are narrowed by `sampled(of:)` where the input's size is known.
        // Years and months are not whole multiples of their shortest (366 days, 31): a step of 28 days or more
        // allows an eighth of it either way.
        let shuffled = Self.isShuffled(parsed.map { times[$0]! })
        sampleIsShuffled = shuffled
        func onGrid(_ gap: Int64, _ step: Int64) -> Bool {
            let off = gap % step
            return min(off, step - off) <= (step >= 28 * 86_400 ? step / 8 : 0)
        }
        if sampleIsShuffled, let step = gaps.first, step >= 60, gaps.allSatisfy({ onGrid($0, step) }), gaps.count(where: { $0 == step }) * 20 >= gaps.count {
            typicalGap = step
            sampleIsShuffled = false
        }
        // In order, the spacing is measured within each run, never across two:
        // between two chunks lies the distance the file put between them, not
        // its pace. Where every run holds one time, none is measured yet.
        if !shuffled, let runs, !parsed.isEmpty {
            let within = runs.flatMap { run in
                let own = Array(Set(run.compactMap { times[$0] })).sorted()
                return zip(own.dropFirst(), own).map { $0 - $1 }
            }.sorted()
            if !within.isEmpty { typicalGap = within[within.count / 2] }
            needsReadOn = within.isEmpty
        }
        // Repeats: more rows than distinct (time, series) pairs.
        let keys = Set(parsed.map { "\(times[$0]!)|\(seriesKeys?[$0] ?? "")" })
        let repeats = keys.count < parsed.count
        // Regular is decided per series, each on its own times (three stations'
        // hours interleaved are three hourly series), then over all their gaps;
        // in order, within each run, as the spacing is.
        let runOf = Self.runNumbers(rows: times.count, runs: shuffled ? nil : runs)
        var bySeries: [String: [Int64]] = [:]
        for r in parsed { bySeries["\(runOf[r])|\(seriesKeys?[r] ?? "")", default: []].append(times[r]!) }
        var tally = Regularity()
        for series in bySeries.values { tally.add(Array(Set(series)).sorted()) }
        // A shuffled sample holds a scatter of each series' times, not a run of them: where
        // several series share their times, the times of them all are the run to judge.
        var regular = tally.isRegular
        if !regular, shuffled, bySeries.count > 1 {
            var all = Regularity()
            all.add(distinct)
            regular = all.isRegular
        }
        looksLikeEvents = repeats || !regular
        let inOrder = parsed.map { times[$0]! }
        let backSteps = zip(inOrder, inOrder.dropFirst()).count { $0 > $1 }
        timesAscending = inOrder.count >= 2 && backSteps == 0
        // Chunks spread through rows sorted by series (1,000 sensors, three days each) land at
        // hours that repeat from block to block: their quiet hours are the spacing's, not a clock's.
        // A few blocks (logs of three servers, one after another) are each a fair draw still.
        let fairDraw = shuffled || backSteps * 4 < (runs?.count ?? .max)
        quietStart = fairDraw ? Self.quietStart(inOrder) : nil
    }

    /// The gap from the head's one time to the next time past it, read on
    /// in the input: the spacing when no run of the sample showed one.
    mutating func readOn(gap: Int64) {
        typicalGap = gap
        needsReadOn = false
    }

    /// The sample's `rows` of about `inputRows` in all: a shuffled sample's
    /// gaps are as many times wider than the rows' as there are more rows.
    mutating func sampled(_ rows: Int, of inputRows: Int) {
        guard sampleIsShuffled, let gap = typicalGap, rows > 0, inputRows > rows else { return }
        typicalGap = max(1, Int64(Double(gap) * Double(rows) / Double(inputRows)))
        sampleIsShuffled = false
    }

    /// Each row's run, by number (all 0 without runs).
    private static func runNumbers(rows: Int, runs: [Range<Int>]?) -> [Int] {
        var number = [Int](repeating: 0, count: rows)
        for (k, run) in (runs ?? []).enumerated() { for r in run where r < rows { number[r] = k } }
        return number
    }

    /// Times that go forward and back alike from row to row (a quarter or
    /// more each way): shuffled, not sorted either way or in sorted blocks.
    static func isShuffled(_ times: [Int64]) -> Bool {
        let steps = zip(times, times.dropFirst())
        let forward = steps.count { $0 < $1 }, backward = steps.count { $0 > $1 }
        return forward * 4 >= times.count && backward * 4 >= times.count
    }

    /// See `quietStart`: the window's rows are under 2% of all (a flat day
    /// would put 21% there), over a day or more of times: six hours of rows
    /// are quiet in the eighteen they do not reach, which says nothing of a clock.
    private static func quietStart(_ times: [Int64]) -> Int? {
        guard times.count >= quietRowsNeeded, let first = times.min(), let last = times.max(), last - first >= 86_400 else { return nil }
        var byHour = [Int](repeating: 0, count: 24)
        for t in times { byHour[Int(((t % 86_400) + 86_400) % 86_400 / 3600)] += 1 }
        let window = { (start: Int) in (0..<5).reduce(0) { $0 + byHour[(start + $1) % 24] } }
        guard let start = (0..<24).min(by: { window($0) < window($1) }), window(start) * 50 < times.count else { return nil }
        return start
    }

    /// The offset written in a time, when the format carries one.
    static func offset(of f: Field, format: TimeFormat, from start: Int = 0) -> Int32? {
        var shape = TimeShape()
        switch format {
        case .iso: return ISOTime.parsePrefix(f, from: start, shape: &shape)?.0.offset
        case .numeric(let order, _): return NumericDate.parsePrefix(f, from: start, order: order, shape: &shape)?.0.offset
        case .textual:
            var style = TextualDate.Style()
            return TextualDate.parsePrefix(f, from: start, shape: &shape, style: &style)?.0.offset
        case .commonLog: return CommonLogTime.parsePrefix(f, from: start)?.0.offset
        case .pattern(let p): return p.parsePrefix(f, from: start)?.0.offset
        case .syslog, .epoch, .quarter, .month, .number: return nil
        }
    }
}
