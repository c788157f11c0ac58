import StrataData

/// `o`: every level at once. A section per level (a header line with the
/// level's periods, span and total, and a strip of mini cards: the
/// period's label, a sparkline of its sub-buckets and its total), then the
/// top periods of the selected level. The selected card of each strip is
/// that level's position, drawn heavy; strips snap to whole cards; the page
/// scrolls down with the header of the section at the top pinned.
struct OverviewScreen: AppScreen {
    let state: AppState
    let overview: OverviewState
    let env: AppEnvironment
    var valueFormat: ValueFormat { ValueFormat(dataset: dataset, aggregate: navigation.aggregate, value: navigation.valueIndex) }


    func draw(into frame: inout Frame) {
        let layout = OverviewLayout(size: frame.grid.size, levels: navigation.levels.count)
        HeaderLine(navigation: navigation, dataset: dataset, glyphs: glyphs, filter: state.filter, reloading: state.reloading != nil)
            .draw(into: &frame, area: Rect(x: 0, y: 0, width: frame.grid.width, height: 1))
        frame.clipped(to: layout.body) { frame in
            for (i, level) in navigation.levels.enumerated() {
                let top = layout.body.y + layout.sectionTop(i) - overview.scroll
                guard top + layout.sectionHeight > layout.body.y, top < layout.body.maxY else { continue }
                drawStrip(i, level: level, y: top + 1, height: layout.cardHeight, into: &frame)
                // The header of the section at the top stays pinned while its strip scrolls away.
                drawSectionHeader(i, level: level, y: max(top, layout.body.y), into: &frame.grid)
            }
            drawTop(y: layout.body.y + layout.sectionTop(navigation.levels.count) - overview.scroll, into: &frame.grid)
        }
        drawFooter(into: &frame.grid, y: frame.grid.height - 1)
    }

    /// `Week  210 periods  2012-W01 – 2015-W53  total 5.3k`, the selected one highlighted.
    func drawSectionHeader(_ i: Int, level: Level, y: Int, into grid: inout Grid) {
        let row = Rect(x: 0, y: y, width: grid.width, height: 1)
        grid.fill(row)
        let count = dataset.count(level)
        var text = "\(level.displayName)  \(count) period\(count == 1 ? "" : "s")"
        if count > 0 {
            let first = dataset.calendar.periodName(level, ordinal: dataset.ordinal(level, index: 0))
            let last = dataset.calendar.periodName(level, ordinal: dataset.ordinal(level, index: count - 1))
            text += "  \(first) – \(last)"
        }
        // Every level covers all the data: its total is the series' total, worked out once when loading.
        // While a load runs the total is not final: it reads `…`.
        // A percentile's is every value's, from the sketches merged (once, then remembered).
        let sketch = navigation.aggregate.isPercentile ? dataset.totalSketch(series: navigation.shownSeries, value: navigation.valueIndex) : nil
        if let total = dataset.seriesByValue[navigation.valueIndex][navigation.shownSeries].total.value(navigation.aggregate, sketch: sketch) {
            let shown = dataset.readiness.isReady ? valueFormat.humane(total) : glyphs.ellipsis
            text += "  \(navigation.aggregate == .sum ? "total" : navigation.aggregate.rawValue) \(shown)"
        }
        let selected = i == navigation.levelIndex
        grid.write(glyphs.truncate(text, to: grid.width - 2), x: 1, y: y,
                   style: selected ? Style(.accent, bold: true, reverse: true) : Style(.plain, bold: true), clip: row)
    }

    func drawStrip(_ i: Int, level: Level, y: Int, height: Int, into frame: inout Frame) {
        let count = dataset.count(level)
        guard count > 0 else { return }
        let position = navigation.positions[i]
        var first = OverviewLayout.firstCard(selected: position, count: count, width: frame.grid.width)
        // While the selection moves, the strip slides from where it was by whole cards.
        var shift = 0
        if i == navigation.levelIndex, let transition = state.transition, case .slide(let from, _) = transition.kind {
            let before = OverviewLayout.firstCard(selected: min(from, count - 1), count: count, width: frame.grid.width)
            let cards = first - before
            shift = Int((Double(cards * OverviewLayout.cardSlot) * (1 - transition.progress(at: env.time))).rounded())
            first = min(first, before)
            shift -= (OverviewLayout.firstCard(selected: position, count: count, width: frame.grid.width) - first) * OverviewLayout.cardSlot
        }
        var cards: [MiniCard] = []
        var x = 1 + shift
        while x < frame.grid.width, first + cards.count < count {
            cards.append(env.memory.miniCards.card(level, index: first + cards.count, series: navigation.shownSeries,
                                            value: navigation.valueIndex, in: dataset, width: OverviewLayout.cardWidth - 2,
                                            asked: navigation.aggregate))
            x += OverviewLayout.cardSlot
        }
        let looks = cards.map { $0.look(navigation.aggregate) }
        // The level's range on one scale for the level, else the cards on show share one (a card's own
        // range would make every one-bar card full). From the lowest value, not from zero: births'
        // weeks vary by 3% around 65k, and from zero every card was the same full bar.
        let low = looks.compactMap(\.low).min(), high = looks.compactMap(\.high).max()
        let range = PageChart(navigation: navigation).levelRange(navigation, level: level, dataset: dataset)
            ?? low.map { $0...(high ?? $0) }
        let coverage = dataset.coverage
        for (n, card) in cards.enumerated() {
            let rect = Rect(x: 1 + shift + n * OverviewLayout.cardSlot, y: y, width: OverviewLayout.cardWidth, height: height)
            let mark = PartialPeriod.mark(start: card.start, end: card.end, now: env.now, coverage: coverage)
            var look = looks[n]
            if (card.start..<card.end).contains(env.now) { look.total = soFar(level, index: first + n) }
            drawCard(card.label, look, selected: first + n == position, partial: mark != nil,
                     final: dataset.readiness(level, index: first + n).isReady, range: range, rect: rect, into: &frame.grid)
            frame.addZone(rect, .selectPeriod(level: i, index: first + n))
        }
    }

    /// The running period's total as the pager's stats line counts it: up
    /// to "now", to the second (a card is cached, "now" moves on). A
    /// percentile's is the period's sketch's: its rows so far, as no sketch is cut at "now".
    func soFar(_ level: Level, index: Int) -> Double? {
        let page = dataset.page(level, index: index, series: navigation.shownSeries, value: navigation.valueIndex)
        if navigation.aggregate.isPercentile { return page.value(navigation.aggregate) }
        return PartialPeriod(page: page, now: env.now, coverage: dataset.coverage)
            .stats(of: page, in: dataset, series: navigation.shownSeries, value: navigation.valueIndex).value(navigation.aggregate)
    }

    /// A card whose period a load is still reading has a dimmed sparkline and a total of `…`.
    func drawCard(_ label: String, _ look: MiniCard.Look, selected: Bool, partial: Bool, final: Bool, range: ClosedRange<Double>?,
                  rect: Rect, into grid: inout Grid) {
        let border: Block.Border = glyphs.box == .ascii ? .ascii : (selected ? .heavy : .light)
        Block(border: border, style: selected ? Style(.accent, bold: true) : .muted).draw(into: &grid, area: rect)
        let inner = rect.inset(dx: 1, dy: 1)
        // A card's label is at most 10 columns (`2013-W27`, `Tue 00:00`): the clip is all it needs.
        grid.write(label, x: inner.x, y: inner.y, style: selected ? Style(.accent, bold: true) : .plain, clip: inner)
        // Between the label and the total.
        let spark = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 2)
        guard let total = look.total else {
            grid.write(final ? String(glyphs.middleDot) : glyphs.ellipsis, x: inner.x + inner.width / 2, y: spark.maxY - 1,
                       style: .muted, clip: inner)
            return
        }
        Sparkline(values: look.columns, range: range, stretch: true,
                  steps: glyphs.box == .ascii ? .ascii : .unicode).draw(into: &grid, area: spark)
        if !final { grid.restyle(spark) { $0.dim = true } }
        let shown = final ? (partial ? "~" : "") + valueFormat.humane(total) : glyphs.ellipsis
        grid.write(shown, x: inner.x, y: spark.maxY, style: .muted, clip: inner)
    }

    /// The top periods of the selected level under the current aggregate,
    /// among those whose numbers are final while a load runs.
    func drawTop(y: Int, into grid: inout Grid) {
        let level = navigation.level
        guard dataset.keepsPeriods(of: level, series: navigation.shownSeries) else {
            // Ranking them would read every one back.
            grid.write("Top \(level.rawValue)s: a series' \(level.rawValue)s pass --memory, each read back with its page",
                       x: 1, y: y, style: .muted)
            return
        }
        guard let periods = dataset.seriesByValue[navigation.valueIndex][navigation.shownSeries].periods[level] else { return }
        let firstOrdinal = dataset.ordinal(level, index: 0)
        // The running period ranks by what it has so far, as its card shows.
        let running = dataset.calendar.ordinal(of: level.unit, at: env.now)
        let aggregate = navigation.aggregate
        // A percentile's from the periods' sketches (none for periods finer than those kept).
        let percentiles = aggregate.isPercentile
            ? dataset.periodPercentiles(level, aggregate: aggregate, series: navigation.shownSeries, value: navigation.valueIndex) : nil
        // The highest ten, kept in order as the periods go by: no sort of the whole level each frame.
        var ranked: [(ordinal: Int, value: Double)] = []
        for (i, (ordinal, stats)) in zip(periods.ordinals, periods.stats).enumerated() {
            let whole = percentiles.map { $0[i] } ?? stats.value(aggregate)
            guard let value = ordinal == running ? soFar(level, index: ordinal - firstOrdinal) : whole,
                  dataset.readiness(level, index: ordinal - firstOrdinal).isReady else { continue }
            if ranked.count == OverviewLayout.topCount, let last = ranked.last, value <= last.value { continue }
            let place = ranked.firstIndex { value > $0.value } ?? ranked.count
            ranked.insert((ordinal, value), at: place)
            if ranked.count > OverviewLayout.topCount { ranked.removeLast() }
        }
        grid.write("Top \(ranked.count) \(level.rawValue)s by \(navigation.aggregate.rawValue)", x: 1, y: y, style: Style(.plain, bold: true))
        for (n, entry) in ranked.enumerated() {
            let id = dataset.calendar.periodName(level, ordinal: entry.ordinal)
            grid.write("\(Digits.pad(n + 1, 2))  \(id)  \(valueFormat.exact(entry.value))", x: 3, y: y + 1 + n, style: .plain)
        }
    }

    func drawFooter(into grid: inout Grid, y: Int) {
        let row = Rect(x: 0, y: y, width: grid.width, height: 1)
        let position = PageDots(current: navigation.position, count: dataset.count(navigation.level),
                                levelName: navigation.level.rawValue, glyphs: glyphs).positionText
        let moves = glyphs.previous == "‹" ? "↑↓ level  ←→ \(navigation.level.rawValue)" : "j/k level  h/l \(navigation.level.rawValue)"
        let footer = FooterLine(pendingCount: state.pendingCount, hints: [moves] + KeyMap.overview.hints.map(glyphs.hint),
                                position: position)
        StatusLine(state: state, env: env, footer: footer).draw(into: &grid, area: row)
    }
}
