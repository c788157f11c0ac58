import StrataData

extension PagerScreen {
    /// `total 53.2   mean 2.2/h   peak 12.0 at 08:00   ▲ 14% vs 2012-03-04`,
    /// items dropped from the end when the width runs out.
    func drawStats(into grid: inout Grid, y: Int, page: Page) {
        let items = statsItems(page)
        // Three spaces between items, two when that makes one more fit.
        let total = items.reduce(0) { $0 + TextWidth.columns(of: $1.text) + $1.gap }
        let squeeze = total + 2 > grid.width ? 1 : 0
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
    }

    func statsItems(_ page: Page) -> [StatsItem] {
        let aggregate = navigation.aggregate
        let partial = env.now >= page.start && env.now < page.end
        guard let value = page.stats.value(aggregate) else {
            return [StatsItem(text: partial ? "no data yet" : "no data", style: .muted)]
        }
        let name = aggregate == .sum ? "total" : aggregate.rawValue
        var items = [StatsItem(text: "\(name) \(NumberFormat.humane(value))", style: Style(.plain, bold: true))]
        if partial { items.append(StatsItem(text: "so far", style: Style(.warning, bold: true), gap: 1)) }

        // Mean per sub-bucket, over the sub-buckets that have begun.
        if aggregate == .sum || aggregate == .count {
            let elapsed = page.buckets.filter { $0.start <= env.now }.count
            let buckets = partial ? max(1, elapsed) : page.buckets.count
            items.append(StatsItem(text: "mean \(NumberFormat.humane(value / Double(buckets)))/\(unitSuffix(page.subUnit))", style: .plain))
        }
        var peak: (value: Double, start: Int64)?
        for bucket in page.buckets {
            guard let v = bucket.stats.value(aggregate) else { continue }
            if peak == nil || v > peak!.value { peak = (v, bucket.start) }
        }
        // A peak says something only when there is more than one bar to compare.
        if let peak, page.buckets.filter({ !$0.stats.isEmpty }).count > 1 {
            items.append(StatsItem(text: "peak \(NumberFormat.humane(peak.value)) \(peakPlace(page.subUnit, peak.start))", style: .plain))
        }
        if let (previous, sameTime) = previousValue(page, partial: partial), previous != 0 {
            let change = (value - previous) / abs(previous) * 100
            let id = dataset.calendar.periodID(page.level, ordinal: page.ordinal - 1)
            let arrow = change >= 0 ? glyphs.up : glyphs.down
            let percent = NumberFormat.trimmed(abs(change), digits: abs(change) >= 10 || change == 0 ? 0 : 1)
            let text = "\(arrow) \(percent)% vs \(id)\(sameTime ? " so far" : "")"
            items.append(StatsItem(text: text, style: Style(change >= 0 ? .positive : .negative)))
        }
        return items
    }

    /// The previous period's value; for a partial period, only its first
    /// sub-buckets up to the same point, so a half-finished day is compared
    /// with the same hours of the day before.
    func previousValue(_ page: Page, partial: Bool) -> (Double, Bool)? {
        guard page.index > 0 else { return nil }
        let aggregate = navigation.aggregate
        guard partial else {
            return dataset.stats(page.level, index: page.index - 1, series: navigation.seriesIndex).value(aggregate).map { ($0, false) }
        }
        let elapsed = page.buckets.filter { $0.start <= env.now }.count
        var stats = Stats()
        for bucket in dataset.page(page.level, index: page.index - 1, series: navigation.seriesIndex).buckets.prefix(elapsed) {
            stats.merge(bucket.stats)
        }
        return stats.value(aggregate).map { ($0, true) }
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
        }
    }

    func peakPlace(_ unit: TimeUnit, _ start: Int64) -> String {
        let t = dataset.calendar.localTime(at: start)
        switch unit {
        case .minute, .hour: return "at \(Digits.pad(t.hour, 2)):\(Digits.pad(t.minute, 2))"
        case .day: return "on \(CalendarSystem.weekdayNames[t.date.isoWeekday - 1]) \(t.date.day)"
        case .week: return "in week of \(t.date.day) \(CalendarSystem.monthNames[t.date.month - 1])"
        case .month, .quarter, .year: return "in \(CalendarSystem.monthNames[t.date.month - 1])"
        }
    }

    /// Key hints that fit, after any skipped-rows warning; the `:` prompt when open.
    func drawFooter(into grid: inout Grid, y: Int) {
        let row = Rect(x: 0, y: y, width: grid.width, height: 1)
        grid.fill(row)
        if case .prompt(let text, let error) = state.overlay {
            PromptLine(label: "jump to: ", text: text, error: error).draw(into: &grid, row: row)
            return
        }
        var x = 1
        if dataset.skippedRows > 0 {
            let warning = "\(dataset.skippedRows) row\(dataset.skippedRows == 1 ? "" : "s") skipped"
            x += grid.write(warning, x: x, y: y, style: Style(.warning, bold: true), clip: row) + 2
        }
        if let count = state.pendingCount {
            x += grid.write("\(count)", x: x, y: y, style: Style(.accent, bold: true), clip: row) + 2
        }
        for hint in hints() {
            let w = TextWidth.columns(of: hint)
            guard x + w <= grid.width - 1 else { break }
            grid.write(hint, x: x, y: y, style: .muted, clip: row)
            x += w + 2
        }
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
