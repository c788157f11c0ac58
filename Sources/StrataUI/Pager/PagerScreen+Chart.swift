import StrataData

extension PagerScreen {
    /// The page's chart as the navigation asks (bars, a line, a band, every
    /// series at once with a legend), on the page's or the level's scale;
    /// a note when the period is empty.
    func drawChart(into grid: inout Grid, rect: Rect, page: Page) {
        guard !page.stats.isEmpty else {
            let message = "no data in this \(page.level.rawValue)"
            grid.write(message, x: rect.x + max(0, (rect.width - message.count) / 2),
                       y: rect.y + rect.height / 2, style: .muted, clip: rect)
            return
        }
        let chart = PageChart(navigation: navigation)
        let pages = chart.series.count == 1 ? [page]
            : chart.series.map { navigation.page(in: dataset, level: page.level, index: page.index, series: $0) }
        var plot = rect
        if pages.count > 1, rect.height >= 6 {
            drawLegend(into: &grid, row: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 1, height: 1), chart: chart, pages: pages)
            plot = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1)
        }
        let series = pages.map { $0.buckets.map(\.stats) }
        let labels = labels(of: page)
        let range = chart.levelRange(navigation, level: page.level, dataset: dataset)
        let aggregate = navigation.aggregate
        let now = page.buckets.firstIndex { env.now >= $0.start && env.now < $0.end }
        let format = ValueFormat(dataset: dataset, aggregate: aggregate)
        switch chart.form {
        case .bars, .stackedBars:
            var bars = BarChart(series: series, labels: labels, aggregate: aggregate, highlighted: now, range: range,
                                glyphs: glyphs, colors: env.colors)
            bars.format = format
            bars.draw(into: &grid, rect: plot)
        case .line, .band, .lines:
            var lines = LineChart(series: series, band: chart.form == .band, labels: labels, aggregate: aggregate,
                                  highlighted: now, range: range, glyphs: glyphs, colors: env.colors)
            lines.format = format
            lines.draw(into: &grid, rect: plot)
        }
    }

    /// Under each sub-bucket: its hour, day or month; a week's seven also name their weekdays.
    func labels(of page: Page) -> [String] {
        page.buckets.map { bucket in
            let label = dataset.calendar.subBucketLabel(subUnit: page.subUnit, start: bucket.start)
            guard page.level == .week else { return label }
            let weekday = CalendarSystem.weekdayNames[dataset.calendar.localTime(at: bucket.start).date.isoWeekday - 1]
            return "\(weekday) \(label)"
        }
    }

    /// Each series' sample as the chart draws it, its name and its value for
    /// the page under the aggregate (its total, mean, low or high), as the stats line reads.
    func drawLegend(into grid: inout Grid, row: Rect, chart: PageChart, pages: [Page]) {
        let format = ValueFormat(dataset: dataset, aggregate: navigation.aggregate)
        let entries = zip(chart.series, pages).enumerated().map { k, pair in
            let (s, page) = pair
            return ChartLegend.Entry(sample: sample(k, of: pages.count, stacked: chart.form == .stackedBars), style: .series(k),
                                     name: dataset.series[s].name,
                                     value: page.stats.value(navigation.aggregate).map(format.humane) ?? String(glyphs.middleDot))
        }
        ChartLegend(entries: entries, glyphs: glyphs).draw(into: &grid, area: row)
    }

    /// Series `k`'s look: its block (a shade without colours), or a stretch
    /// of its line; once the looks there are come round again, each sample
    /// carries its round (`1`, `2`) so the legend still tells series apart.
    func sample(_ k: Int, of count: Int, stacked: Bool) -> String {
        let pattern = ColorMap.seriesPattern(k, colors: env.colors)
        let patterns = stacked ? glyphs.seriesFills.count : (glyphs.braille ? LineChart.dashes.count : glyphs.lineMarks.count)
        let looks = (env.colors ? Int(ColorMap.seriesColors) : 1) * patterns
        let round = count > looks ? String(k / looks + 1) : ""
        if stacked {
            let fills = !env.colors || pattern > 0 ? glyphs.seriesFills : [glyphs.eighths[8]]
            return String(repeating: fills[pattern % fills.count], count: 2) + round
        }
        guard glyphs.braille else { return String(repeating: glyphs.lineMarks[k % glyphs.lineMarks.count], count: 2) + round }
        var canvas = BrailleCanvas(width: 3, height: 1)
        canvas.line(from: (0, 1), to: (5, 1), dashes: LineChart.dashes[pattern % LineChart.dashes.count])
        return canvas.text(row: 0) + round
    }
}
