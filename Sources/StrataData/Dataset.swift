/// Everything the UI reads: per level, the aggregate of every period from
/// the first to the last with data (empty ones included), computed once;
/// per page, its sub-buckets, looked up from the sorted base buckets.
public struct Dataset: Sendable {
    public struct Series: Sendable {
        public let name: String
        /// Its base buckets: a series' own of `Dataset.seriesUnit` when coarser (`bucketUnit`).
        public let buckets: BucketSeries
        /// `periods[level]`: the stats of each period that has data, by period
        /// ordinal. Sparse, so memory follows the data, not the time it spans.
        /// None for a level finer than a series keeps (`Dataset.keepsPeriods`).
        public let periods: [Level: BucketSeries]
        /// `subBucketRanges[level]`: the range of the values its pages chart.
        public let subBucketRanges: [Level: ValueRanges]
        /// Every bucket together: the whole of the data, the same on every level.
        public let total: Stats
        /// Interval data: every period of each unit coarser than the base,
        /// each interval counted once in each (`periods` are among these).
        public let units: [TimeUnit: BucketSeries]
    }

    /// What the header names: a file name, `stdin`, `demo`.
    public let sourceName: String
    /// What the values are: a column name, or `rows` when counting.
    public let valueName: String
    /// Every value loaded, `valueName` first; `value:` of `page` and `stats` picks one.
    public let valueNames: [String]
    public let calendar: CalendarSystem
    public let levels: [Level]
    public let baseUnit: TimeUnit
    /// Index 0 is every series together; the rest follow in order of appearance.
    /// These are the first value's; `seriesByValue[v]` holds value `v`'s.
    public let series: [Series]
    public let seriesByValue: [[Series]]
    public let firstOrdinal: [Level: Int]
    public let periodCount: [Level: Int]
    /// Rows skipped while reading (bad time or value), for the status line.
    public let skippedRows: Int
    /// Rows read into the periods.
    public let rowsAccepted: Int
    /// Data rows read, and of those the filter did not pass, how many lacked a field it names.
    public let rowsRead: Int
    public let filteredOut: Int
    public let lackingField: Int
    /// The columns or fields a filter may name (`LoadResult.filterFields`); nil: not known.
    public let filterFields: FilterFields?
    /// Those that can split the rows into series (`LoadResult.breakdowns`).
    public let breakdowns: [String]
    /// The column that splits the rows into series, when one does.
    public let seriesColumn: String?
    /// The usual gap between the data's times (from the readers' sample), so
    /// the data's last time is known to cover that much; nil when unknown.
    public let typicalGap: Int64?
    /// Heat scales built so far, shared by every copy of this dataset.
    let heatScales = Memo<HeatScaleKey, HeatScale>()
    /// A level's periods' percentiles (`periodPercentiles`), per series.
    let percentileMemo = Memo<HeatScaleKey, [Double?]>(limit: 256)
    /// A series' sketches merged (`totalSketch`): the overview's every level asks it each frame.
    let totalSketchMemo = Memo<SeriesValueKey, QuantileSketch>(limit: 64)
    /// Interval stats worked out so far (`intervalStats`): a running period's are asked every frame.
    let intervalStatsMemo = Memo<IntervalStatsKey, Stats>(limit: 1024)
    /// The rows are intervals: the duration's values are seconds of overlap,
    /// and a period counts each interval overlapping it once.
    public let holdsIntervals: Bool
    /// Interval data: how each value counts in the periods an interval
    /// overlaps, by value (the duration's is `.overlap`); empty for instants.
    public let intervalShares: [IntervalShare]
    /// Interval data whose load kept every interval (a file within its
    /// budget), for the timeline; nil when the source reads a window at a time.
    public let intervals: IntervalIndex?
    /// A load still running: which periods are final and how far it has
    /// come. nil once every row is read, and for data made in memory.
    public let loading: LoadingState?
    /// Where sub-buckets finer than `baseUnit` come from, a page at a time:
    /// nil when every level's are in memory.
    public let finePages: FinePages?
    /// The connection the source is read over (a database's): whether it is
    /// up, for every screen to say when it is not. Nil for files.
    public let link: SourceLink?
    /// Why bars finer than the load kept cannot be shown: the input is read
    /// only once (a pipe, gzip) and its base was made coarser to keep within
    /// the budget. Nil when there are none, or `finePages` reads them.
    public let pagesNotKept: String?
    /// The finest unit each series (past "all") keeps its own buckets of:
    /// the base, or a coarser one for data of too many series to keep their
    /// base buckets apart within the budget. "All" keeps those, and a
    /// series' periods and sub-buckets finer than this unit come from
    /// `finePages`, a page at a time (`keepsPeriods`).
    public let seriesUnit: TimeUnit
    /// The aggregate the rows suggest: `mean` for levels, `sum` for quantities, `count` for events.
    public let suggestedAggregate: Aggregate
    /// What each other value starts on, as its sample called it (`SampleProfile.otherAggregates`).
    private let otherAggregates: [Aggregate]
    /// The unit of the sketches kept beside the buckets (`--agg pNN`), nil
    /// when none are: sub-buckets finer than it read theirs from the source.
    public let sketchUnit: TimeUnit?
    /// `sketchesByValue[v][s]`: value `v`'s sketches of series `s` (0 every series together).
    let sketchesByValue: [[SortedSketches]]
    /// The source answers the first value's percentiles (a database's),
    /// asked through `finePages` when a screen first shows them: a page's
    /// bars and its period at once, a level's periods for the overview, the
    /// map and an export (`LoadResult.answersPercentiles`).
    public let answersPercentiles: Bool
    /// Percentiles can be asked: the load kept sketches, or the source answers them.
    public var keepsSketches: Bool { sketchUnit != nil || answersPercentiles }

    /// Everything a load found (a file's, or rows made in memory), aggregated
    /// on `levels` in one step. The app and the tests build datasets only this
    /// way, so a test cannot hold a dataset the app never would (a value column
    /// left out, intervals without their index).
    /// `finePages` serves the pages whose sub-buckets are finer than the
    /// load kept (`LoadResult.baseUnit` coarser than the levels need).
    public init(loaded: LoadResult, levels: [Level], finePages: FinePages? = nil) {
        let accumulator = loaded.accumulator, seriesNames = loaded.seriesNames, otherValues = loaded.otherValues
        let calendar = accumulator.calendar
        self.calendar = calendar
        self.levels = levels
        self.baseUnit = accumulator.baseUnit
        self.sourceName = loaded.sourceName
        self.valueName = loaded.valueName
        self.valueNames = [loaded.valueName] + otherValues.map(\.name)
        self.skippedRows = loaded.skipped
        self.rowsAccepted = loaded.accepted
        (rowsRead, filteredOut, lackingField) = (loaded.rowsRead, loaded.filteredOut, loaded.lackingField)
        (filterFields, breakdowns, seriesColumn) = (loaded.filterFields, loaded.breakdowns, loaded.seriesColumn)
        self.typicalGap = loaded.profile.typicalGap
        self.intervals = loaded.intervals
        self.loading = loaded.loading
        self.finePages = finePages
        self.link = loaded.link
        self.holdsIntervals = accumulator.holdsIntervals
        self.intervalShares = accumulator.holdsIntervals ? ([accumulator] + otherValues.map(\.accumulator)).map { $0.shares[0] } : []
        self.seriesUnit = accumulator.seriesUnit
        self.suggestedAggregate = loaded.suggestedAggregate
        self.otherAggregates = loaded.profile.otherAggregates
        self.sketchUnit = accumulator.sketches?.unit
        self.sketchesByValue = ([accumulator] + otherValues.map(\.accumulator)).map { value in
            var value = value
            value.flush()
            guard let sketches = value.sketches else { return [] }
            return seriesNames.isEmpty ? [sketches.sorted(series: 0)]
                : [sketches.sorted(series: nil)] + seriesNames.indices.map { sketches.sorted(series: $0) }
        }
        self.answersPercentiles = loaded.answersPercentiles
        let kept = max(accumulator.baseUnit, accumulator.sketches?.unit ?? accumulator.baseUnit)
        let finer = levels.contains { Self.subUnit(of: $0, levels: levels, intervals: accumulator.holdsIntervals) < kept }
        self.pagesNotKept = finePages == nil && finer ? "the input is read once (--memory MB keeps more)" : nil

        let values = [accumulator] + otherValues.map(\.accumulator)
        let tables = values.map { Self.seriesTables($0, seriesNames.count) }
        // The ordinal range of each level comes from all the data, so an
        // index means the same period whichever series or value is shown.
        let all = tables.map { $0[0] }
        let lo = all.compactMap(\.ordinals.first).min(), hi = all.compactMap(\.ordinals.last).max()
        var first: [Level: Int] = [:], counts: [Level: Int] = [:]
        for level in levels {
            if let lo, let hi {
                let a = calendar.ordinal(of: level.unit, at: calendar.start(of: baseUnit, ordinal: lo))
                let b = calendar.ordinal(of: level.unit, at: calendar.start(of: baseUnit, ordinal: hi))
                first[level] = a
                counts[level] = b - a + 1
            } else {
                first[level] = 0
                counts[level] = 0
            }
        }
        self.firstOrdinal = first
        self.periodCount = counts
        let names = ["all"] + seriesNames
        // Value columns mostly fill the same base buckets: their periods are found once.
        var periods = PeriodMap(levels: levels, calendar: calendar, baseUnit: accumulator.baseUnit)
        // Each series' own buckets, when coarser than every series' together, are grouped apart.
        var seriesPeriods = PeriodMap(levels: levels, calendar: calendar, baseUnit: accumulator.seriesUnit)
        let byValue = zip(tables, all).map { tables, all in
            tables.enumerated().map { i, table in
                let name = i < names.count ? names[i] : "series \(i)"
                return i == 0 || accumulator.holdsIntervals ? Self.series(name, i == 0 ? all : table, levels: levels, periods: &periods)
                    : Self.series(name, table, levels: levels, periods: &seriesPeriods)
            }
        }
        self.seriesByValue = accumulator.holdsIntervals
            ? zip(values, byValue).map { Self.intervalSeries($0, seriesNames: seriesNames, levels: levels, base: $1) } : byValue
        self.series = seriesByValue[0]
    }

    /// "all" (every series together) first, then each series. Without a
    /// series column everything is in accumulator series 0.
    private static func seriesTables(_ accumulator: Accumulator, _ seriesCount: Int) -> [BucketSeries] {
        var accumulator = accumulator
        accumulator.flush()
        if seriesCount == 0 { return [accumulator.mergedBuckets ?? accumulator.sortedBuckets(series: 0)] }
        let perSeries = (0..<max(seriesCount, accumulator.seriesCount)).map { accumulator.sortedBuckets(series: $0) }
        if let merged = accumulator.mergedBuckets { return [merged] + perSeries }
        var all: [Int: Stats] = [:]
        for series in perSeries { for (k, v) in zip(series.ordinals, series.stats) { all[k, default: Stats()].merge(v) } }
        return [BucketSeries(all)] + perSeries
    }

    /// One series' base buckets and the totals of its periods on every level.
    private static func series(_ name: String, _ buckets: BucketSeries, levels: [Level], periods map: inout PeriodMap) -> Series {
        var periods: [Level: BucketSeries] = [:], ranges: [Level: ValueRanges] = [:]
        for (level, grouping) in zip(levels, map.groupings(of: buckets.ordinals)) where level.unit >= map.baseUnit {
            // A level of the base unit (hours kept within the budget): its periods are the buckets, shared, not copied.
            if level.unit == map.baseUnit {
                periods[level] = buckets
                continue
            }
            // Base ordinals are sorted, so period ordinals come in order too.
            var ordinals: [Int] = [], stats: [Stats] = []
            ordinals.reserveCapacity(grouping.periods.count)
            stats.reserveCapacity(grouping.periods.count)
            var k = 0
            for run in grouping.periods {
                ordinals.append(run.period)
                stats.append(buckets.stats[k..<(k + run.buckets)].merged())
                k += run.buckets
            }
            periods[level] = BucketSeries(sortedOrdinals: ordinals, stats: stats)
            // Sub-buckets finer than the base are read a page at a time: their range is not known.
            guard subUnit(of: level, levels: levels) >= map.baseUnit else { continue }
            // The range of the level's sub-buckets, each a run of buckets (or one bucket).
            var range = ValueRanges()
            if let sizes = grouping.subBuckets {
                k = 0
                for n in sizes {
                    range.include(buckets.stats[k..<(k + n)].merged())
                    k += n
                }
            } else {
                for s in buckets.stats {
                    var subBucket = Stats()
                    subBucket.merge(s)
                    range.include(subBucket)
                }
            }
            ranges[level] = range
        }
        return Series(name: name, buckets: buckets, periods: periods, subBucketRanges: ranges, total: buckets.stats.merged(), units: [:])
    }

    /// Interval data, of one value: each series' base buckets as read, and
    /// its periods from the accumulator's own tables, where an interval
    /// counts once in each period it overlaps ("all" merges the series: an
    /// interval is in one). A series has none of a unit finer than
    /// `seriesUnit`, whose every series' periods are kept together.
    private static func intervalSeries(_ accumulator: Accumulator, seriesNames: [String], levels: [Level],
                                       base: [Series]) -> [Series] {
        let baseUnit = accumulator.baseUnit
        let units = (baseUnit.rawValue + 1...TimeUnit.coarsest.rawValue).compactMap { TimeUnit(rawValue: $0) }
        let count = seriesNames.isEmpty ? 1 : max(seriesNames.count, accumulator.seriesCount)
        var perSeries: [[TimeUnit: BucketSeries]] = (0..<count).map { s in
            Dictionary(uniqueKeysWithValues: units.compactMap { unit in accumulator.sortedPeriods(of: unit, series: s).map { (unit, $0) } })
        }
        var totals = (0..<count).map { accumulator.intervalTotal(series: $0) }
        if !seriesNames.isEmpty {
            let all = Dictionary(uniqueKeysWithValues: units.map { unit in
                if let together = accumulator.periodsTogether(of: unit) { return (unit, together) }
                var table: [Int: Stats] = [:]
                for tables in perSeries {
                    for (k, v) in zip(tables[unit]?.ordinals ?? [], tables[unit]?.stats ?? []) { table[k, default: Stats()].merge(v) }
                }
                return (unit, BucketSeries(table))
            })
            perSeries.insert(all, at: 0)
            totals.insert(totals.reduce(into: Stats()) { $0.merge($1) }, at: 0)
        }
        return base.enumerated().map { i, series in
            let tables = i < perSeries.count ? perSeries[i] : [:]
            // A level of the base unit (its periods kept past --memory, not their sub-buckets): the base buckets are its
            // periods, but a series' when every series' are together (`mergesSeriesBase`).
            let periods = Dictionary(uniqueKeysWithValues: levels.compactMap { level in
                let base = i == 0 || !accumulator.mergesSeriesBase ? series.buckets : nil
                return (level.unit == baseUnit ? base : tables[level.unit]).map { (level, $0) }
            })
            // A level's bars are periods of its sub-unit, each interval counted once in each.
            var ranges: [Level: ValueRanges] = [:]
            for level in levels {
                var range = ValueRanges()
                for stats in tables[subUnit(of: level, levels: levels, intervals: true)]?.stats ?? [] { range.include(stats) }
                ranges[level] = range
            }
            return Series(name: series.name, buckets: series.buckets, periods: periods, subBucketRanges: ranges,
                          total: i < totals.count ? totals[i] : Stats(), units: tables)
        }
    }

    /// The sub-unit a level's bars show.
    public func subUnit(of level: Level) -> TimeUnit { Self.subUnit(of: level, levels: levels, intervals: holdsIntervals) }

    /// What value `v` starts on: the load's suggestion for the first; for
    /// an interval's value, what its share shows; else what its sample
    /// called it, or its name says (a table's).
    public func suggestedAggregate(value v: Int) -> Aggregate {
        if v == 0 { return suggestedAggregate }
        guard intervalShares.indices.contains(v) else {
            return otherAggregates.indices.contains(v - 1) ? otherAggregates[v - 1] : Aggregate.suggested(forValueNamed: valueNames[v])
        }
        return intervalShares[v] == .weighted ? .mean : .sum
    }

    /// Whether value `v` is the intervals' duration: each counted once in a
    /// period, with its seconds there.
    public func isDuration(value v: Int) -> Bool {
        intervalShares.indices.contains(v) && intervalShares[v] == .overlap
    }

    /// Whether `aggregate` of value `v` is a number of seconds, shown as a
    /// duration: the time intervals spend in a period (not their count), or
    /// the time a level's intervals cover there (its count).
    public func countsSeconds(value v: Int, aggregate: Aggregate) -> Bool {
        guard intervalShares.indices.contains(v) else { return false }
        switch intervalShares[v] {
        case .overlap: return aggregate != .count
        case .weighted: return aggregate == .count
        case .atStart: return false
        }
    }

    /// Whether series `s`'s bars on a level are finer than the load kept:
    /// read from the source a page at a time.
    public func readsPages(of level: Level, series s: Int = 0) -> Bool {
        let sub = subUnit(of: level)
        return sub < (s > 0 ? seriesUnit : baseUnit) || sketchUnit.map { sub < $0 } ?? false
    }

    /// The unit of series `s`'s `buckets`: a series' own, when coarser than every series' together.
    func bucketUnit(series s: Int) -> TimeUnit { s > 0 && !holdsIntervals ? seriesUnit : baseUnit }

    /// Whether series `s` keeps its own periods of `level`: "all" does, and
    /// a series those no finer than `seriesUnit`. Others are read back with
    /// their page (`periodStats`).
    public func keepsPeriods(of level: Level, series s: Int) -> Bool { s == 0 || level.unit >= seriesUnit }

    public static func subUnit(of level: Level, levels: [Level], intervals: Bool = false) -> TimeUnit {
        level.barUnit(among: levels, intervals: intervals)
    }

    public func count(_ level: Level) -> Int { periodCount[level] ?? 0 }

    public func ordinal(_ level: Level, index: Int) -> Int { (firstOrdinal[level] ?? 0) + index }

    /// The index of the period containing instant `t`, clamped to the level's range.
    public func index(_ level: Level, containing t: Int64) -> Int {
        let n = count(level)
        guard n > 0 else { return 0 }
        let i = calendar.ordinal(of: level.unit, at: t) - (firstOrdinal[level] ?? 0)
        return Swift.min(Swift.max(i, 0), n - 1)
    }

    /// Stats of a whole period, of value `v` (an index into `valueNames`);
    /// empty where series `s` does not keep the level's periods (`periodStats` reads them back).
    public func stats(_ level: Level, index: Int, series s: Int = 0, value v: Int = 0) -> Stats {
        guard let periods = seriesByValue[v][s].periods[level], index >= 0, index < count(level) else { return Stats() }
        return periods.stats(at: ordinal(level, index: index))
    }

    /// A page: its period, its stats and its sub-buckets, of value `v`.
    /// Sub-buckets that are whole periods of a level already totalled (a
    /// month's days, when days are a level) are looked up there; others are
    /// summed from the base buckets, each boundary converted once.
    public func page(_ level: Level, index: Int, series s: Int = 0, value v: Int = 0) -> Page {
        let ordinal = ordinal(level, index: index)
        let sub = subUnit(of: level)
        let bounds = calendar.subBucketBoundaries(of: level.unit, ordinal: ordinal, subUnit: sub)
        let kept = keepsPeriods(of: level, series: s)
        var stats = stats(level, index: index, series: s, value: v)
        let subStats: [SubBucket]?
        // A period the series does not keep is read back with its bars.
        var statsRead = true
        if readsPages(of: level, series: s) {
            let range = bounds.first!..<bounds.last!
            subStats = fetchedStats(bounds, unit: sub, series: s, value: v, empty: kept ? stats.isEmpty : !mayHaveRows(range, series: s, value: v))
            if !kept {
                let read = readBackStats(range, level: level, bars: subStats, series: s, value: v)
                (stats, statsRead) = (read ?? Stats(), read != nil)
            }
        } else {
            subStats = keptStats(level, bounds, unit: sub, series: s, value: v).enumerated().map { i, stats in
                SubBucket(start: bounds[i], end: bounds[i + 1], stats: stats,
                          sketch: sketch(from: bounds[i], to: bounds[i + 1], series: s, value: v))
            }
        }
        let subBuckets = subStats ?? (0..<(bounds.count - 1)).map { SubBucket(start: bounds[$0], end: bounds[$0 + 1], stats: Stats()) }
        // A period finer than the sketches kept: its sub-buckets', read back, merged.
        let periodSketch = sketch(from: bounds.first!, to: bounds.last!, series: s, value: v)
            ?? (keepsSketches ? subStats?.reduce(into: QuantileSketch()) { $0.merge($1.sketch ?? QuantileSketch()) } : nil)
        let page = Page(level: level, index: index, ordinal: ordinal, start: bounds.first!, end: bounds.last!,
                        subUnit: sub, stats: stats, sketch: periodSketch, buckets: subBuckets,
                        fetching: subStats == nil || !statsRead)
        return answersPercentiles ? answered(page, series: s, value: v) : page
    }

    /// `page` of a source that answers percentiles, with them: its bars'
    /// and its period's asked together over the page's range (one read of
    /// its rows, whatever cuts its bars: a quarter's weeks, an hour's
    /// minutes), the page drawn as reading until they come.
    private func answered(_ page: Page, series s: Int, value v: Int) -> Page {
        // Only the first value is answered; a period with no rows has none to ask for.
        guard v == 0, !page.stats.isEmpty, let finePages else { return page }
        let answers = finePages.percentiles(of: page.subUnit, from: page.start, to: page.end, whole: true)
        let buckets = page.buckets.map { SubBucket(start: $0.start, end: $0.end, stats: $0.stats, sketch: answers?.sketch(series: s, start: $0.start)) }
        return Page(level: page.level, index: page.index, ordinal: page.ordinal, start: page.start, end: page.end, subUnit: page.subUnit,
                    stats: page.stats, sketch: answers?.whole(series: s), buckets: buckets, fetching: page.fetching || answers == nil)
    }

    /// Value `v`'s sketch of series `s` for the level's period at `ordinal`:
    /// the source's answers of the level when it answers them (nil until
    /// they are read), else merged from the sketches kept (`sketch(from:to:)`).
    public func sketch(_ level: Level, ordinal: Int, series s: Int = 0, value v: Int = 0) -> QuantileSketch? {
        sketch(level, ordinal: ordinal, series: s, value: v, answers: levelAnswers(level))
    }

    /// `sketch(_:ordinal:series:value:)` given the source's answers of the level (`levelAnswers`):
    /// a caller that asks for each of its periods looks them up once.
    func sketch(_ level: Level, ordinal: Int, series s: Int, value v: Int, answers: AnsweredPercentiles?) -> QuantileSketch? {
        let start = calendar.start(of: level.unit, ordinal: ordinal)
        guard answersPercentiles else { return sketch(from: start, to: calendar.end(of: level.unit, ordinal: ordinal), series: s, value: v) }
        guard v == 0 else { return nil }
        return answers?.sketch(series: s, start: start)
    }

    /// The source's answers for every period of the level (one read of its
    /// rows, in the background): nil while they are read, or when none can be
    /// (a source that does not answer percentiles is never asked).
    func levelAnswers(_ level: Level) -> AnsweredPercentiles? {
        guard answersPercentiles, let range = span(of: level), answersFit(level) else { return nil }
        return finePages?.percentiles(of: level.unit, from: range.lowerBound, to: range.upperBound, whole: false)
    }

    /// The level's periods from the first to the last, in UTC seconds; nil when it has none.
    func span(of level: Level) -> Range<Int64>? {
        guard count(level) > 0, let first = firstOrdinal[level] else { return nil }
        return calendar.start(of: level.unit, ordinal: first)..<calendar.start(of: level.unit, ordinal: first + count(level))
    }

    /// Value `v`'s sketch of series `s` over `[start, end)`, merged from the
    /// sketches kept: nil when none are, or when the range is not whole
    /// periods of their unit (an hour of day sketches: read back).
    public func sketch(from start: Int64, to end: Int64, series s: Int = 0, value v: Int = 0) -> QuantileSketch? {
        guard let unit = sketchUnit, v < sketchesByValue.count, s < sketchesByValue[v].count else { return nil }
        let a = calendar.ordinal(of: unit, at: start), b = calendar.ordinal(of: unit, at: end)
        guard calendar.start(of: unit, ordinal: a) == start, calendar.start(of: unit, ordinal: b) == end else { return nil }
        return sketchesByValue[v][s].merged(in: a..<b)
    }

    /// Sub-buckets no finer than the base: whole periods of a level already
    /// totalled (a month's days, when days are a level) are looked up there;
    /// others are summed from the base buckets, each boundary converted once.
    private func keptStats(_ level: Level, _ bounds: [Int64], unit sub: TimeUnit, series s: Int, value v: Int) -> [Stats] {
        let series = seriesByValue[v][s]
        // A quarter's first week is cut at the quarter's start: not a whole week.
        // Interval data keeps exact per-unit totals (an interval counts once in each sub-bucket).
        let totalled = holdsIntervals ? series.units[sub]
            : level == .quarter ? nil : levels.first { $0.unit == sub }.flatMap { series.periods[$0] }
        if let totalled {
            let firstSub = calendar.ordinal(of: sub, at: bounds[0])
            return totalled.stats(between: Array(firstSub...(firstSub + bounds.count - 1)))
        }
        let unit = bucketUnit(series: s)
        return series.buckets.stats(between: bounds.map { calendar.ordinal(of: unit, at: $0) })
    }

    /// The stats of the rows in `[start, end)` of series `s` and value `v`,
    /// read from the source (a part of a sub-bucket, to the second; a
    /// period of `unit`, where interval data counts each interval once):
    /// nil while they are read, or when the source cannot be read again
    /// (`finePages` nil).
    public func statsOfRows(from start: Int64, to end: Int64, series s: Int = 0, value v: Int = 0, unit: TimeUnit = .day) -> Stats? {
        guard let lists = finePages?.buckets(from: start, to: max(start, end), unit: unit, series: s), v < lists.count else { return nil }
        return lists[v].reduce(into: Stats()) { $0.merge($1.stats) }
    }

    /// Sub-buckets finer than the base, from the source: nil while they are
    /// read. A period with no rows needs no read.
    private func fetchedStats(_ bounds: [Int64], unit: TimeUnit, series s: Int, value v: Int, empty: Bool) -> [SubBucket]? {
        let subBuckets = (0..<(bounds.count - 1)).map { SubBucket(start: bounds[$0], end: bounds[$0 + 1], stats: Stats()) }
        if empty { return subBuckets }
        // Series 0 is every series together; without names, the one list.
        guard let lists = finePages?.buckets(from: bounds.first!, to: bounds.last!, unit: unit, series: s), v < lists.count else { return nil }
        let byStart = Dictionary(lists[v].map { ($0.start, $0) }, uniquingKeysWith: { $0.merged(with: $1) })
        return subBuckets.map { b in byStart[b.start].map { SubBucket(start: b.start, end: b.end, stats: $0.stats, sketch: $0.sketch) } ?? b }
    }
}

/// A period's share of time and its rows' stats: a page's bar, or one of
/// `Source.fine`'s buckets. UTC seconds, `[start, end)`.
public struct SubBucket: Hashable, Sendable {
    public private(set) var start: Int64
    public private(set) var end: Int64
    public private(set) var stats: Stats
    /// The rows' values, for percentiles: only when the load keeps sketches.
    public private(set) var sketch: QuantileSketch?

    public init(start: Int64, end: Int64, stats: Stats, sketch: QuantileSketch? = nil) {
        self.start = start
        self.end = end
        self.stats = stats
        self.sketch = sketch
    }

    /// The value shown for `aggregate`: a percentile from the sketch.
    public func value(_ aggregate: Aggregate) -> Double? { stats.value(aggregate, sketch: sketch) }

    /// `value` where it can be drawn (`Stats.plotted`).
    public func plotted(_ aggregate: Aggregate) -> Double? { stats.plotted(aggregate, sketch: sketch) }

    /// Both sub-buckets' rows together, from the first's start to the later end.
    public func merged(with other: SubBucket) -> SubBucket {
        var both = self
        both.merge(other)
        return both
    }

    /// Takes `other`'s rows in, in place: merging a run of them copies the
    /// sketch once, not once per sub-bucket.
    public mutating func merge(_ other: SubBucket) {
        stats.merge(other.stats)
        if let theirs = other.sketch {
            if sketch == nil { sketch = theirs } else { sketch!.merge(theirs) }
        }
        (start, end) = (Swift.min(start, other.start), Swift.max(end, other.end))
    }
}

public struct Page: Sendable {
    public let level: Level
    public let index: Int
    public let ordinal: Int
    public let start: Int64
    public let end: Int64
    public let subUnit: TimeUnit
    public let stats: Stats
    /// The period's values, for percentiles: only when the load keeps sketches.
    public let sketch: QuantileSketch?
    public let buckets: [SubBucket]
    /// The sub-buckets are being read from the source (`Dataset.finePages`):
    /// until then they are empty, though `stats` is final, but for a
    /// series' period it does not keep (`Dataset.keepsPeriods`): its rows
    /// are its sub-buckets'.
    public let fetching: Bool

    /// The period's value shown for `aggregate`: a percentile from the sketch.
    public func value(_ aggregate: Aggregate) -> Double? { stats.value(aggregate, sketch: sketch) }
}
