import StrataData

extension PagerScreen {
    /// `total 53.2   rate 2.2/h   peak 12.0 at 08:00   ▲ 14% vs 2012-03-04`;
    /// when the width runs out, the least telling items go first (the rate,
    /// then the low, the peak), then items from the end.
    func drawStats(into grid: inout Grid, y: Int, page: Page) {
        var items = statsItems(page)
        func width(_ items: [StatsItem], gapCut: Int) -> Int {
            items.reduce(0) { $0 + TextWidth.columns(of: $1.text) + max(1, $1.gap - gapCut) } + 3
        }
        while width(items, gapCut: 1) > grid.width, let least = items.indices.max(by: { items[$0].rank < items[$1].rank }),
              items[least].rank > 1 {
            items.remove(at: least)
        }
        // Three spaces between items, two when that makes one more fit.
        let squeeze = width(items, gapCut: 0) > grid.width ? 1 : 0
        var x = 2
        let row = Rect(x: 0, y: y, width: grid.width, height: 1)
        for (i, item) in items.enumerated() {
            let gap = i == 0 ? 0 : max(1, item.gap - squeeze)
            let w = TextWidth.columns(of: item.text)
            guard x + gap + w <= grid.width - 1 else { break }
            x += gap
            x += grid.write(item.text, x: x, y: y, style: item.style, clip: row)
        }
    }

    struct StatsItem {
        var text: String
        var style: Style
        var gap = 3
        /// Which go first when the line is too narrow: the highest rank.
        var rank = 0
    }

    /// Quantities (`sum`, `count`): total, rate per sub-bucket, peak, change
    /// in %. Levels (`mean`, `min`, `max`): the value, low and high with their
    /// times, change in the value's own units; a percentile adds the
    /// period's p50, p95 and p99. No % against a zero or
    /// negative base; a partial period is compared with the same part of the one before.
    /// A running period counts what has happened: data after "now" (a schedule,
    /// a forecast) waits, as it does in the sub-buckets the comparison takes.
    /// A period a load is still reading has no final numbers: its total reads `…`.
    func statsItems(_ page: Page) -> [StatsItem] {
        let aggregate = navigation.aggregate
        let name = aggregate == .sum ? "total" : aggregate.rawValue
        if !dataset.readiness(page.level, index: page.index).isReady {
            return [StatsItem(text: "\(name) \(glyphs.ellipsis)", style: Style(.plain, bold: true))]
        }
        // Bars read from the source a page at a time: the period's total is known, the rest waits for them.
        let barsReadiness = dataset.barsReadiness(of: page)
        if !barsReadiness.isReady, let value = page.stats.value(aggregate) {
            let format = ValueFormat(dataset: dataset, aggregate: aggregate, value: navigation.valueIndex)
            let total = StatsItem(text: "\(name) \(format.humane(value))", style: Style(.plain, bold: true))
            return barsReadiness == .loading ? [total, StatsItem(text: "reading\(glyphs.ellipsis)", style: .muted)] : [total]
        }
        let part = PartialPeriod(page: page, now: env.now, coverage: dataset.coverage)
        let upTo = part.isRunning ? part.covered.upperBound : page.buckets.count
        let chart = PageChart(navigation: navigation)
        if chart.series.count > 1, !aggregate.isQuantity {
            return overlaidLevelItems(page, series: chart.series, buckets: upTo, mark: part.mark)
        }
        let stats = part.stats(of: page, in: dataset, series: navigation.shownSeries, value: navigation.valueIndex)
        // A percentile of a running period would need the sketch of its part: it waits for the whole.
        let sketch = part.isRunning ? nil : page.sketch
        guard let value = stats.value(aggregate, sketch: sketch) else {
            return [StatsItem(text: part.isRunning ? "no data yet" : "no data", style: .muted)]
        }
        let isQuantity = aggregate.isQuantity
        let format = ValueFormat(dataset: dataset, aggregate: aggregate, value: navigation.valueIndex)
        // An interval's mean is over its whole overlap with the period, so it
        // can exceed every sub-bucket's mean (each holding a piece of it).
        let per = aggregate == .mean && dataset.isDuration(value: navigation.valueIndex) ? " per interval" : ""
        var items = [StatsItem(text: "\(name) \(format.humane(value))\(per)", style: Style(.plain, bold: true))]
        if let mark = part.mark { items.append(StatsItem(text: mark, style: Style(.warning, bold: true), gap: 1)) }
        // A percentile's neighbours tell the spread: p50, p95 and p99 of the period, the one asked first.
        if aggregate.isPercentile {
            for other in Aggregate.shownPercentiles where other != aggregate {
                if let v = stats.value(other, sketch: sketch) { items.append(StatsItem(text: "\(other.rawValue) \(format.humane(v))", style: .plain, rank: 1)) }
            }
        }

        var bars: [(value: Double, bucket: Int)] = []
        for (i, bucket) in page.buckets.prefix(upTo).enumerated() {
            if let v = bucket.value(aggregate) { bars.append((v, i)) }
        }
        // A rate per sub-bucket, over the time the data covers (up to now, to the second).
        let elapsed = part.covered.isEmpty ? 1 : part.elapsedBuckets
        if isQuantity, elapsed > 0 {
            let rate = "\(format.humane(value / elapsed))/\(unitSuffix(page.subUnit))"
            items.append(StatsItem(text: "rate \(rate)", style: .plain, rank: 4))
        }
        // Highs and lows say something only when there are bars that differ.
        if let high = bars.max(by: { $0.value < $1.value }), let low = bars.min(by: { $0.value < $1.value }), high.value > low.value {
            if isQuantity {
                items.append(StatsItem(text: "peak \(format.humane(high.value)) \(place(page, bucket: high.bucket))", style: .plain, rank: 2))
            } else {
                items.append(StatsItem(text: "low \(format.humane(low.value)) \(place(page, bucket: low.bucket))", style: .plain, rank: 3))
                items.append(StatsItem(text: "high \(format.humane(high.value)) \(place(page, bucket: high.bucket))", style: .plain, rank: 2))
            }
        }
        if let (previous, value, sameTime) = comparison(page, value: value, part: part, valueCovers: part.isRunning ? upTo : nil),
           let change = Self.change(from: previous, to: value, inPercent: isQuantity, format: format) {
            let id = dataset.calendar.periodName(page.level, ordinal: page.ordinal - 1)
            // A change that reads as zero has no direction to show.
            let flat = value == previous || change == "0%" || change == "0"
            let arrow = flat ? "=" : String(value > previous ? glyphs.up : glyphs.down)
            let text = "\(arrow) \(change) vs \(sameTime ? "same time " : "")\(id)"
            items.append(StatsItem(text: text, style: flat ? .muted : Style(value > previous ? .positive : .negative), rank: 1))
        }
        return items
    }

    /// Every series at once, of a level (a mean, a low, a high): each
    /// series' value is in the legend, and a mean of them all is a number
    /// nobody asked for. The line names the highest and the lowest
    /// sub-bucket of any series instead, with its series.
    func overlaidLevelItems(_ page: Page, series: [Int], buckets: Int, mark: String?) -> [StatsItem] {
        let aggregate = navigation.aggregate
        let format = ValueFormat(dataset: dataset, aggregate: aggregate, value: navigation.valueIndex)
        var high: (value: Double, series: Int, bucket: Int)?, low: (value: Double, series: Int, bucket: Int)?
        for s in series {
            let buckets = navigation.page(in: dataset, level: page.level, index: page.index, series: s).buckets.prefix(buckets)
            for (i, bucket) in buckets.enumerated() {
                guard let v = bucket.value(aggregate) else { continue }
                if v > high?.value ?? -.infinity { high = (v, s, i) }
                if v < low?.value ?? .infinity { low = (v, s, i) }
            }
        }
        guard let high, let low else { return [StatsItem(text: mark == "so far" ? "no data yet" : "no data", style: .muted)] }
        func item(_ word: String, _ x: (value: Double, series: Int, bucket: Int)) -> String {
            "\(word) \(dataset.series[x.series].name) \(format.humane(x.value)) \(place(page, bucket: x.bucket))"
        }
        var items = [StatsItem(text: item("high", high), style: Style(.plain, bold: true))]
        if let mark { items.append(StatsItem(text: mark, style: Style(.warning, bold: true), gap: 1)) }
        items.append(StatsItem(text: item("low", low), style: .plain, rank: 2))
        return items
    }

    /// `14%` for quantities (nil against a zero or negative base), `2.3` in
    /// the value's units for levels; the arrow before it gives the direction.
    static func change(from previous: Double, to value: Double, inPercent: Bool, format: ValueFormat = .number) -> String? {
        // A sum past the largest Double is infinite: no difference to tell.
        guard previous.isFinite && value.isFinite else { return nil }
        guard inPercent else { return format.humane(abs(value - previous)) }
        guard previous > 0 else { return nil }
        let change = (value - previous) / previous * 100
        return NumberFormat.trimmed(abs(change), digits: abs(change) >= 10 || change == 0 ? 0 : 1) + "%"
    }

    func soFar(_ page: Page, buckets: Int) -> Stats {
        PartialPeriod.stats(of: page, firstBuckets: buckets, in: dataset, series: navigation.shownSeries, value: navigation.valueIndex)
    }

    /// The previous period's value and the page's, to compare; for a period
    /// cut short, only their first `comparedBuckets` sub-buckets, so a
    /// half-finished day is compared with the same hours of the day before.
    /// `value` is the page's over its first `valueCovers` sub-buckets, when
    /// not over all of them (a running period's), and is not worked out again.
    func comparison(_ page: Page, value: Double, part: PartialPeriod,
                    valueCovers: Int?) -> (previous: Double, value: Double, sameTime: Bool)? {
        guard page.index > 0 else { return nil }
        let aggregate = navigation.aggregate
        guard let comparedBuckets = part.comparedBuckets else {
            // A percentile is the previous page's sketch's; a part of a period has none to compare.
            let previous = aggregate.isPercentile ? navigation.page(in: dataset, level: page.level, index: page.index - 1).value(aggregate)
                : dataset.periodStats(page.level, index: page.index - 1, series: navigation.shownSeries, value: navigation.valueIndex)?.value(aggregate)
            return previous.map { ($0, value, false) }
        }
        let before = navigation.page(in: dataset, level: page.level, index: page.index - 1)
        guard dataset.barsReadiness(of: before).isReady else { return nil }
        let cut = min(comparedBuckets, page.buckets.count, before.buckets.count)
        if cut == comparedBuckets, let until = part.comparedUntil, let exact = toTheSecond(page, before, cut: cut, until: until) {
            return exact.map { ($0.previous, $0.value, true) }
        }
        guard let previous = soFar(before, buckets: cut).value(aggregate),
              let value = cut == valueCovers ? value : soFar(page, buckets: cut).value(aggregate) else { return nil }
        return (previous, value, true)
    }

    /// The comparison when the page ends inside its last compared
    /// sub-bucket: that sub-bucket up to the same time into it on both
    /// pages, read from their rows. nil when the rows cannot be read again
    /// (a pipe, data made in memory: whole sub-buckets are compared); .some(nil)
    /// while they are read.
    private func toTheSecond(_ page: Page, _ before: Page, cut: Int, until: Int64) -> (previous: Double, value: Double)?? {
        let sub = page.buckets[cut - 1], earlier = before.buckets[cut - 1]
        let series = navigation.shownSeries, v = navigation.valueIndex
        let sameTimeBefore = min(earlier.end, earlier.start + (until - sub.start))
        // Intervals, each counted once over the two stretches (by sub-bucket while their windows are read).
        if let now = dataset.intervalStats(series: series, value: v, from: page.start, to: until, period: page.start..<page.end),
           let then = dataset.intervalStats(series: series, value: v, from: before.start, to: sameTimeBefore, period: before.start..<before.end) {
            guard let a = then.value(navigation.aggregate), let b = now.value(navigation.aggregate) else { return .some(nil) }
            return (a, b)
        }
        guard dataset.readsRowsAgain, until < sub.end else { return nil }
        guard let now = dataset.statsOfRows(from: sub.start, to: until, series: series, value: v),
              let then = dataset.statsOfRows(from: earlier.start, to: sameTimeBefore, series: series, value: v)
        else { return .some(nil) }
        var current = soFar(page, buckets: cut - 1), previous = soFar(before, buckets: cut - 1)
        current.merge(now)
        previous.merge(then)
        guard let a = previous.value(navigation.aggregate), let b = current.value(navigation.aggregate) else { return .some(nil) }
        return (a, b)
    }

    func unitSuffix(_ unit: TimeUnit) -> String {
        switch unit {
        case .minute: "min"
        case .hour: "h"
        case .day: "d"
        case .week: "wk"
        case .month: "mo"
        case .quarter: "q"
        case .year: "y"
        case .decade: "decade"
        case .century: "century"
        }
    }

    /// Where sub-bucket `i` is, for a peak or a low: `at 08:00` (`at 01:00 UTC-4`
    /// when a DST day has that hour twice, as the card's rows say),
    /// `on Mon 5`, `in week of 4 Mar`, `in Mar`, `in 1994`.
    func place(_ page: Page, bucket i: Int) -> String {
        let label = CardContent.label(page, bucket: i, calendar: dataset.calendar)
        switch page.subUnit {
        case .minute, .hour: return "at \(label)"
        case .day: return "on \(label)"
        case .week:
            let t = dataset.calendar.localTime(at: page.buckets[i].start)
            return "in week of \(t.date.day) \(CalendarSystem.monthNames[t.date.month - 1])"
        case .month, .quarter, .year, .decade, .century: return "in \(label)"
        }
    }

    /// Key hints that fit, after any skipped-rows warning; the `:` prompt when open.
    func drawFooter(into grid: inout Grid, y: Int) {
        let row = Rect(x: 0, y: y, width: grid.width, height: 1)
        grid.fill(row)
        let skipped = dataset.skippedRows
        let footer = FooterLine(warning: skipped > 0 ? "\(skipped) row\(skipped == 1 ? "" : "s") skipped" : nil,
                                pendingCount: state.pendingCount, hints: hints(), position: nil)
        StatusLine(state: state, env: env, footer: footer).draw(into: &grid, area: row)
    }

    /// The paging keys named for the level, then the map's own hints.
    func hints() -> [String] {
        let unicode = glyphs.previous == "‹"
        var hints = [unicode ? "←→ \(navigation.level.rawValue)" : "h/l \(navigation.level.rawValue)",
                     unicode ? "↑↓ level" : "j/k level"]
        if navigation.seriesCount > 1 { hints.append("Tab series") }
        return hints + state.routeKeyMap.hints.map(glyphs.hint)
    }
}
