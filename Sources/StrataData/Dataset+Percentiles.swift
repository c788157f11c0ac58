extension Dataset {
    /// Value `v`'s percentile `aggregate` of each period of the level for
    /// series `s`, in the order of its `periods` (nil where it has no
    /// values, or is finer than the sketches kept, or while a source's
    /// answers are read). Merged once, then remembered: the overview ranks
    /// and the map shades by them each frame.
    public func periodPercentiles(_ level: Level, aggregate: Aggregate, series s: Int, value v: Int) -> [Double?] {
        guard let periods = seriesByValue[v][s].periods[level] else { return [] }
        return percentileMemo.value(.init(level: level, aggregate: aggregate, series: s, value: v)) {
            // Not remembered until the source has answered.
            if v == 0, !hasPercentiles(level) { return nil }
            let answers = levelAnswers(level)
            return zip(periods.ordinals, periods.stats).map { ordinal, stats in
                stats.plotted(aggregate, sketch: sketch(level, ordinal: ordinal, series: s, value: v, answers: answers))
            }
        } ?? Array(repeating: nil, count: periods.ordinals.count)
    }

    /// Whether the level's percentiles are known, or will never be (not
    /// kept within `--memory`, or failed): not while the source's answers of
    /// its periods are read (asked in the background when not yet), which an
    /// export of the level waits for rather than ask the source on the app's thread.
    public func hasPercentiles(_ level: Level) -> Bool {
        !answersPercentiles || finePages == nil || !answersFit(level)
            || levelAnswers(level) != nil || levelPercentilesFailure(level) != nil
    }

    /// Whether the source's answers of the level's every period may be kept within `--memory`.
    func answersFit(_ level: Level) -> Bool { finePages?.holdsAnswers(answeredPeriods(level)) ?? true }

    /// The level's periods, of every series and all together: what its answers are.
    private func answeredPeriods(_ level: Level) -> Int { count(level) * series.count }

    /// Why the level has no percentiles, when its answers would not fit in `--memory` (they are never asked).
    func answersNotKept(_ level: Level) -> String? {
        answersPercentiles && !answersFit(level) ? "\(CountText.grouped(answeredPeriods(level))) periods would not fit in --memory" : nil
    }

    /// The levels whose percentiles are never asked, as stderr says once the load has read the periods.
    public var percentileNotes: [String] {
        levels.compactMap { level in answersNotKept(level).map { "percentiles: none per \(level.unit.name): " + $0 } }
    }

    /// Why the source could not answer the level's percentiles, if it could not.
    func levelPercentilesFailure(_ level: Level) -> String? {
        guard let range = span(of: level) else { return nil }
        return finePages?.percentilesFailure(of: level.unit, from: range.lowerBound, to: range.upperBound)
    }

    /// Every sketch of series `s` merged: the percentiles of all its values. nil when none are kept.
    /// Merged once, then remembered; a source that answers percentiles is asked them (nil meanwhile).
    public func totalSketch(series s: Int = 0, value v: Int = 0) -> QuantileSketch? {
        if answersPercentiles {
            // A table's: asked of the source over the coarsest level's span (one read, in the background).
            guard v == 0, let coarsest = levels.last, let span = span(of: coarsest), answersFit(coarsest) else { return nil }
            return finePages?.percentiles(of: coarsest.unit, from: span.lowerBound, to: span.upperBound, whole: true)?.whole(series: s)
        }
        guard v < sketchesByValue.count, s < sketchesByValue[v].count else { return nil }
        return totalSketchMemo.value(SeriesValueKey(series: s, value: v)) { sketchesByValue[v][s].merged(in: Int.min..<Int.max) }
    }

    /// The percentile of every sub-bucket of a level, for its heat scale:
    /// the sketches kept merged per sub-bucket (no finer than them), or a
    /// source's answers for the level's span, nil while they are read.
    func subBucketPercentiles(_ level: Level, aggregate: Aggregate, series s: Int, value v: Int) -> [Double]? {
        let q = Double(aggregate.tenths) / 1000
        if answersPercentiles {
            // A table's: every sub-bucket of the level's span, asked of the source (one read, in the background);
            // past --memory, the level's own periods, a scale of the same values coarser.
            guard v == 0, let span = span(of: level) else { return [] }
            let sub = subUnit(of: level)
            let subs = calendar.ordinal(of: sub, at: span.upperBound) - calendar.ordinal(of: sub, at: span.lowerBound)
            guard finePages?.holdsAnswers(subs * series.count) ?? false else { return levelAnswers(level)?.quantiles(series: s, q) }
            return finePages?.percentiles(of: sub, from: span.lowerBound, to: span.upperBound, whole: false)?.quantiles(series: s, q)
        }
        guard let unit = sketchUnit, v < sketchesByValue.count, s < sketchesByValue[v].count else { return [] }
        let sub = subUnit(of: level), kept = sketchesByValue[v][s]
        var values: [Double] = [], open = QuantileSketch(), last: Int?
        func close() { if let value = open.quantile(q) { values.append(value) } }
        // Sorted by ordinal, so each sub-bucket's sketches come together.
        for (ordinal, sketch) in zip(kept.ordinals, kept.sketches) {
            let o = sub == unit ? ordinal : calendar.ordinal(of: sub, at: calendar.start(of: unit, ordinal: ordinal))
            if o != last {
                close()
                (open, last) = (QuantileSketch(), o)
            }
            open.merge(sketch)
        }
        close()
        return values
    }
}

/// A series and a value column: what `Dataset.totalSketch` was asked.
struct SeriesValueKey: Hashable, Sendable {
    let series: Int
    let value: Int
}
