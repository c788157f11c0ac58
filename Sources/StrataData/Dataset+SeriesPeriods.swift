extension Dataset {
    /// Whether series `s` may have rows in `range`: it has some in a bucket
    /// it keeps (`seriesUnit`) that overlaps the range. Exact for a range of
    /// whole kept buckets; a period finer than those is read back to know.
    func mayHaveRows(_ range: Range<Int64>, series s: Int, value v: Int) -> Bool {
        let kept = keptBuckets(series: s, value: v)
        let first = calendar.ordinal(of: seriesUnit, at: range.lowerBound)
        let last = calendar.ordinal(of: seriesUnit, at: max(range.lowerBound, range.upperBound - 1))
        return !kept.stats(in: first..<(last + 1)).isEmpty
    }

    /// Series `s`'s own buckets of `seriesUnit` (its periods of it, for intervals).
    func keptBuckets(series s: Int, value v: Int) -> BucketSeries {
        let series = seriesByValue[v][s]
        return holdsIntervals ? series.units[seriesUnit] ?? series.buckets : series.buckets
    }

    /// Series `s`'s stats of `range`, a period of `level` it does not keep:
    /// its bars' rows (`bars`, nil while they are read); intervals' read back
    /// on their own, as one over three hours counts once in its day. Nil
    /// while they are read.
    func readBackStats(_ range: Range<Int64>, level: Level, bars: [SubBucket]?, series s: Int, value v: Int) -> Stats? {
        guard mayHaveRows(range, series: s, value: v) else { return Stats() }
        guard holdsIntervals else { return bars?.reduce(into: Stats()) { $0.merge($1.stats) } }
        return statsOfRows(from: range.lowerBound, to: range.upperBound, series: s, value: v, unit: level.unit)
    }

    /// The stats of the period at `index` on `level`, as `stats` gives
    /// them; where series `s` does not keep the level's periods, its page's
    /// read back from the source: nil while they are read.
    public func periodStats(_ level: Level, index: Int, series s: Int = 0, value v: Int = 0) -> Stats? {
        guard !keepsPeriods(of: level, series: s) else { return stats(level, index: index, series: s, value: v) }
        let page = page(level, index: index, series: s, value: v)
        return page.fetching ? nil : page.stats
    }

    /// Whether series `s` has rows in the period at `index` on `level`: a
    /// period it does not keep may have some while it is read back.
    public func hasRows(_ level: Level, index: Int, series s: Int = 0, value v: Int = 0) -> Bool {
        periodStats(level, index: index, series: s, value: v).map { !$0.isEmpty } ?? mayHaveRows(period(level, index: index), series: s, value: v)
    }
}
