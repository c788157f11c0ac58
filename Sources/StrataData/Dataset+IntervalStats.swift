extension Dataset {
    /// Where accumulator series `a` (an interval's, a timeline row's) is in
    /// `series`: after "all" when there are named series, else the only one.
    public func seriesIndex(ofAccumulatorSeries a: Int) -> Int {
        series.count > 1 ? a + 1 : 0
    }

    /// Interval data: the stats of series `s` (0 being "all" when there are
    /// series) over `[from, to)`, counting each interval once however many
    /// sub-buckets it crosses; nil without the intervals themselves. Merging
    /// a page's sub-buckets instead would count an interval once per bucket.
    public func intervalStats(series s: Int, from: Int64, to: Int64) -> Stats? {
        guard holdsIntervals, let intervals else { return nil }
        let accumulatorSeries = series.count > 1 ? (s == 0 ? Array(0..<intervals.bySeries.count) : [s - 1]) : [0]
        var stats = Stats()
        for a in accumulatorSeries { stats.merge(intervals.stats(series: a, from: from, to: to)) }
        return stats
    }
}
