import StrataData

/// How much of a period there is to see: all of it, the part before "now"
/// (`so far`), or the part the data covers when it starts or ends inside
/// the period (`partial`). A period cut short at its end is compared with
/// the same part of the one before.
struct PartialPeriod {
    /// `so far`, `partial`, or nil for a whole period.
    let mark: String?
    /// The period contains "now".
    let isRunning: Bool
    /// The sub-buckets that have begun and that the data covers.
    let covered: Range<Int>
    /// How many first sub-buckets to compare with the previous period, when it ends early.
    let comparedBuckets: Int?
    /// Where it ends early (now, or the data's end), inside its last compared sub-bucket or at its end.
    let comparedUntil: Int64?
    /// The covered sub-buckets as time: a running period's last one counts
    /// for the part of it that has passed, so a rate divides by the time elapsed.
    let elapsedBuckets: Double

    init(page: Page, now: Int64, coverage: Range<Int64>?) {
        isRunning = now >= page.start && now < page.end
        let from = max(page.start, coverage?.lowerBound ?? page.start)
        var to = min(page.end, coverage?.upperBound ?? page.end)
        if isRunning { to = min(to, now + 1) }
        let buckets = page.buckets
        let first = buckets.firstIndex { $0.end > from } ?? buckets.count
        let last = buckets.lastIndex { $0.start < to }.map { $0 + 1 } ?? first
        covered = first..<max(first, last)
        comparedBuckets = to < page.end ? covered.upperBound : nil
        comparedUntil = to < page.end ? to : nil
        if isRunning, let last = covered.last {
            let bucket = buckets[last], until = min(now, coverage?.upperBound ?? now)
            let passed = Double(min(max(until - bucket.start, 0), bucket.end - bucket.start)) / Double(bucket.end - bucket.start)
            elapsedBuckets = Double(covered.count - 1) + passed
        } else {
            elapsedBuckets = Double(covered.count)
        }
        mark = Self.mark(start: page.start, end: page.end, now: now, coverage: coverage)
    }

    /// The period's figures as far as they go: a running period's up to
    /// "now" (rows after it, a schedule's or a forecast's, wait), else the
    /// whole period's. The sub-bucket holding now counts to the second from
    /// its rows, as "vs same time" and the rate do; whole while they are read,
    /// or when they cannot be read again (a pipe). Intervals count once
    /// each, from the period's window; by sub-bucket while it is read. The pager's stats line,
    /// the map's and the overview's "so far" all count this way.
    func stats(of page: Page, in dataset: Dataset, series: Int, value: Int) -> Stats {
        guard isRunning, let last = covered.last else { return isRunning ? Stats() : page.stats }
        let running = page.buckets[last], until = min(comparedUntil ?? running.end, running.end)
        if let exact = dataset.intervalStats(series: series, value: value, from: page.start, to: until, period: page.start..<page.end) {
            return exact
        }
        var stats = CompensatedStats(Self.stats(of: page, firstBuckets: last, in: dataset, series: series, value: value))
        let part = until < running.end ? dataset.statsOfRows(from: running.start, to: until, series: series, value: value) : nil
        stats.merge(part ?? running.stats)
        return stats.total
    }

    /// The page's first `buckets` sub-buckets together; intervals over that
    /// stretch each once (merged sub-buckets would count one per bucket it crosses).
    static func stats(of page: Page, firstBuckets buckets: Int, in dataset: Dataset, series: Int, value: Int) -> Stats {
        guard buckets > 0 else { return Stats() }
        if let exact = dataset.intervalStats(series: series, value: value, from: page.start, to: page.buckets[buckets - 1].end,
                                             period: page.start..<page.end) {
            return exact
        }
        return page.buckets.prefix(buckets).lazy.map(\.stats).merged()
    }

    /// The mark of the period `[start, end)`: `so far` when it contains
    /// "now", `partial` when the data starts or ends inside it.
    static func mark(start: Int64, end: Int64, now: Int64, coverage: Range<Int64>?) -> String? {
        if now >= start && now < end { return "so far" }
        let from = max(start, coverage?.lowerBound ?? start), to = min(end, coverage?.upperBound ?? end)
        return to < end || from > start ? "partial" : nil
    }
}
