extension Dataset {
    /// The shading range of a level's map: every sub-bucket of every period
    /// under `aggregate`, for series `s`. Built once, then remembered.
    public func heatScale(_ level: Level, aggregate: Aggregate, series s: Int, value v: Int) -> HeatScale {
        heatScales.scale(.init(level: level, aggregate: aggregate, series: s, value: v)) {
            HeatScale(values: subBucketStats(level, series: s, value: v).compactMap { $0.value(aggregate) })
        }
    }

    /// The shading range of the map whose rows are the series and whose
    /// cells are the level's periods: every period of every series but "all".
    public func seriesHeatScale(_ level: Level, aggregate: Aggregate, value v: Int) -> HeatScale {
        heatScales.scale(.init(level: level, aggregate: aggregate, series: nil, value: v)) {
            let rows = seriesByValue[v].count > 1 ? seriesByValue[v].dropFirst() : seriesByValue[v][...]
            let values = rows.flatMap { ($0.periods[level]?.stats ?? []).compactMap { $0.value(aggregate) } }
            return HeatScale(values: values)
        }
    }

    /// The stats of every sub-bucket of a level that has data. A quarter's
    /// weeks are whole weeks here, though its pages cut the first and last
    /// at the quarter's edges: close enough for a colour scale.
    func subBucketStats(_ level: Level, series s: Int, value v: Int) -> [Stats] {
        let unit = subUnit(of: level)
        let series = seriesByValue[v][s]
        if let sub = levels.first(where: { $0.unit == unit }), let periods = series.periods[sub] { return periods.stats }
        if unit == baseUnit { return series.buckets.stats }
        // Base buckets are sorted, so each sub-bucket's come together.
        var stats: [Stats] = [], last: Int?
        for (ordinal, bucket) in zip(series.buckets.ordinals, series.buckets.stats) {
            let sub = calendar.ordinal(of: unit, at: calendar.start(of: baseUnit, ordinal: ordinal))
            if sub == last { stats[stats.count - 1].merge(bucket) } else { stats.append(bucket) }
            last = sub
        }
        return stats
    }
}
