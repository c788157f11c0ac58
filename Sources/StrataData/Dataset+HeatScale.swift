extension Dataset {
    /// The shading range of a level's map: every sub-bucket of every period
    /// under `aggregate`, for series `s`. Built once, then remembered. A
    /// percentile's, from the sketches (the map asks only where sub-buckets
    /// are no finer than them), or from a source's answers, not remembered
    /// (and empty) until it has given them.
    public func heatScale(_ level: Level, aggregate: Aggregate, series s: Int, value v: Int) -> HeatScale {
        heatScales.value(.init(level: level, aggregate: aggregate, series: s, value: v)) {
            guard aggregate.isPercentile else { return HeatScale(values: subBucketStats(level, series: s, value: v).compactMap { $0.plotted(aggregate) }) }
            return subBucketPercentiles(level, aggregate: aggregate, series: s, value: v).map(HeatScale.init(values:))
        } ?? HeatScale(values: [])
    }

    /// The shading range of the map whose rows are the series and whose
    /// cells are the level's periods: every period of every series but "all".
    /// A sum or count of a period the data covers only in part (a year
    /// starting on a Sunday begins with a one-day week) is left out: it
    /// would be the low end, and every whole period the top shade.
    public func seriesHeatScale(_ level: Level, aggregate: Aggregate, value v: Int) -> HeatScale {
        heatScales.value(.init(level: level, aggregate: aggregate, series: nil, value: v)) {
            // Not remembered until the source has answered the level's percentiles.
            if aggregate.isPercentile, v == 0, !hasPercentiles(level) { return nil }
            let rows = seriesByValue[v].count > 1 ? Array(1..<seriesByValue[v].count) : [0]
            let cells = rows.flatMap { s -> [(ordinal: Int, value: Double)] in
                guard let periods = seriesByValue[v][s].periods[level] else { return [] }
                let values = aggregate.isPercentile ? periodPercentiles(level, aggregate: aggregate, series: s, value: v)
                                                    : periods.stats.map { $0.plotted(aggregate) }
                return zip(periods.ordinals, values).compactMap { o, value in value.map { (o, $0) } }
            }
            let cut = aggregate.isQuantity ? partlyCovered(level) : []
            let whole = cells.filter { !cut.contains($0.ordinal) }
            return HeatScale(values: (whole.isEmpty ? cells : whole).map(\.value))
        } ?? HeatScale(values: [])
    }

    /// The ordinals of the level's first and last periods when the data
    /// starts after the first begins or ends before the last does.
    func partlyCovered(_ level: Level) -> Set<Int> {
        guard let coverage, count(level) > 0 else { return [] }
        let first = ordinal(level, index: 0), last = ordinal(level, index: count(level) - 1)
        var cut: Set<Int> = []
        if calendar.start(of: level.unit, ordinal: first) < coverage.lowerBound { cut.insert(first) }
        if calendar.end(of: level.unit, ordinal: last) > coverage.upperBound { cut.insert(last) }
        return cut
    }

    /// The stats of every sub-bucket of a level that has data. A quarter's
    /// weeks are whole weeks here, though its pages cut the first and last
    /// at the quarter's edges: close enough for a colour scale.
    func subBucketStats(_ level: Level, series s: Int, value v: Int) -> [Stats] {
        let unit = subUnit(of: level)
        let series = seriesByValue[v][s]
        if let sub = levels.first(where: { $0.unit == unit }), let periods = series.periods[sub] { return periods.stats }
        let bucketUnit = bucketUnit(series: s)
        if unit == bucketUnit { return series.buckets.stats }
        // Buckets are sorted, so each sub-bucket's come together.
        var stats: [Stats] = [], last: Int?
        for (ordinal, bucket) in zip(series.buckets.ordinals, series.buckets.stats) {
            let sub = calendar.ordinal(of: unit, at: calendar.start(of: bucketUnit, ordinal: ordinal))
            if sub == last { stats[stats.count - 1].merge(bucket) } else { stats.append(bucket) }
            last = sub
        }
        return stats
    }
}

/// A heat scale's level, aggregate, series (nil: every series, the map's rows) and value.
struct HeatScaleKey: Hashable, Sendable {
    let level: Level
    let aggregate: Aggregate
    let series: Int?
    let value: Int
}
