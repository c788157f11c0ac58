extension Dataset {
    /// The index of the nearest period after (`forward`) or before `index`
    /// on `level` that has data in series `s`, skipping empty stretches; nil
    /// when there is none that way.
    /// A level series `s` does not keep goes by every series' periods with
    /// data where the series has some in the buckets it keeps (an hour with
    /// rows, in a day the series has rows in).
    public func index(_ level: Level, withDataFrom index: Int, forward: Bool, series s: Int = 0, value v: Int = 0) -> Int? {
        guard keepsPeriods(of: level, series: s) else {
            let kept = keptBuckets(series: s, value: v)
            var from = index
            while let next = self.index(level, withDataFrom: from, forward: forward, series: 0, value: v) {
                let period = period(level, index: next)
                if mayHaveRows(period, series: s, value: v) { return next }
                // On from the series' next bucket with rows, past a stretch without.
                let o = calendar.ordinal(of: seriesUnit, at: period.lowerBound)
                let i = forward ? kept.lowerBound(o + 1) : kept.lowerBound(o) - 1
                guard kept.ordinals.indices.contains(i) else { return nil }
                from = forward ? self.index(level, containing: calendar.start(of: seriesUnit, ordinal: kept.ordinals[i])) - 1
                    : self.index(level, containing: calendar.end(of: seriesUnit, ordinal: kept.ordinals[i]) - 1) + 1
            }
            return nil
        }
        guard let periods = seriesByValue[v][s].periods[level], !periods.isEmpty else { return nil }
        let ordinal = ordinal(level, index: index)
        let i = periods.lowerBound(forward ? ordinal + 1 : ordinal)
        let found = forward ? i : i - 1
        guard periods.ordinals.indices.contains(found) else { return nil }
        return periods.ordinals[found] - (firstOrdinal[level] ?? 0)
    }

    public enum Side: Sendable { case before, after }

    /// Whether `t` is before the first or after the last period of `level`; nil inside.
    public func side(of t: Int64, on level: Level) -> Side? {
        guard count(level) > 0 else { return nil }
        let i = calendar.ordinal(of: level.unit, at: t) - (firstOrdinal[level] ?? 0)
        if i < 0 { return .before }
        if i >= count(level) { return .after }
        return nil
    }
}
