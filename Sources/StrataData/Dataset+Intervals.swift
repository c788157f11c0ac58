extension Dataset {
    /// Where accumulator series `a` (an interval's, a timeline row's) is in
    /// `series`: after "all" when there are named series, else the only one.
    public func seriesIndex(ofAccumulatorSeries a: Int) -> Int {
        series.count > 1 ? a + 1 : 0
    }

    /// Interval data: the intervals the timeline draws for `periods` (side
    /// by side: the one on show and the ones either side). Every interval
    /// when the load kept them all; else those overlapping the periods,
    /// read from the source (at once for a dump; for the terminal on a
    /// worker, nil until they come, as a page's bars), each period on its
    /// own: the next period's window then reads one period, not three.
    public func intervals(periods: [Range<Int64>]) -> IntervalIndex? {
        intervals ?? finePages?.intervals(parts: periods)
    }

    /// Whether there are intervals for the timeline to draw: kept, or read a window at a time.
    public var drawsTimeline: Bool { holdsIntervals && (intervals != nil || finePages != nil) }

    /// Interval data, of the duration (value `v` counted `.overlap`): the
    /// stats of series `s` (0 being "all" when there are series) over
    /// `[from, to)` inside `period`, counting each interval once however
    /// many sub-buckets it crosses. When the load did not keep them all,
    /// from the period's window (the timeline's own): nil while it is read,
    /// and when it cannot be. Merging a page's sub-buckets instead would
    /// count an interval once per bucket; a level's or a quantity's
    /// sub-buckets add up, and are merged (nil here).
    public func intervalStats(series s: Int, value v: Int, from: Int64, to: Int64, period: Range<Int64>) -> Stats? {
        guard isDuration(value: v) else { return nil }
        return intervalStatsMemo.value(IntervalStatsKey(series: s, from: from, to: to)) {
            guard let intervals = intervals ?? finePages?.intervals(parts: [period]) else { return nil }
            let accumulatorSeries = series.count > 1 ? (s == 0 ? Array(0..<intervals.bySeries.count) : [s - 1]) : [0]
            var stats = Stats()
            for a in accumulatorSeries { stats.merge(intervals.stats(series: a, from: from, to: to)) }
            return stats
        }
    }
}

/// What `Dataset.intervalStats` was asked: a series over a stretch of time.
struct IntervalStatsKey: Hashable, Sendable {
    let series: Int
    let from: Int64
    let to: Int64
}
