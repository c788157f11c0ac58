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

    init(page: Page, now: Int64, coverage: Range<Int64>?) {
        isRunning = now >= page.start && now < page.end
        let from = max(page.start, coverage?.lowerBound ?? page.start)
        var to = min(page.end, coverage?.upperBound ?? page.end)
        if isRunning { to = min(to, now + 1) }
        let buckets = page.buckets
        let first = buckets.firstIndex { $0.end > from } ?? buckets.count
        let last = buckets.lastIndex { $0.start < to }.map { $0 + 1 } ?? first
        covered = first..<max(first, last)
        let endsEarly = to < page.end
        comparedBuckets = endsEarly ? covered.upperBound : nil
        mark = isRunning ? "so far" : (endsEarly || from > page.start ? "partial" : nil)
    }
}
