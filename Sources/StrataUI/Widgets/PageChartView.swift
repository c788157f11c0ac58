import StrataData

/// A page's chart as the navigation asks (bars, a line, a band, every
/// series at once with a legend), on the page's or the level's scale; a
/// note when the period is empty. The pager's cards and the card draw it.
/// A period a load is still reading is dimmed, its legend's values read
/// `…`, and with no rows yet it says `reading… 43%`.
struct PageChartView: Widget {
    let navigation: Navigation
    /// The data, the glyphs, colours or not, and now (whose sub-bucket is drawn in the accent colour).
    let env: AppEnvironment
    let page: Page
    private var dataset: Dataset { env.dataset }
    private var glyphs: Glyphs { env.glyphs }

    /// This page's period: partial while a load still reads it.
    private var reading: Readiness { dataset.readiness(page.level, index: page.index) }

    func draw(into grid: inout Grid, area rect: Rect) {
        guard !page.stats.isEmpty else {
            return note(reading.note(glyphs) ?? "no data in this \(page.level.rawValue)",
                        into: &grid, area: rect)
        }
        let chart = PageChart(navigation: navigation)
        let pages = chart.series.count == 1 ? [page]
            : chart.series.map { navigation.page(in: dataset, level: page.level, index: page.index, series: $0) }
        if let waiting = pages.lazy.compactMap({ dataset.barsReadiness(of: $0).note(glyphs) }).first {
            // Its bars are finer than the load kept: read from the source, drawn when they come.
            return note(waiting, into: &grid, area: rect)
        }
        var plot = rect
        if pages.count > 1, rect.height >= 6 {
            drawLegend(into: &grid, row: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 1, height: 1), chart: chart, pages: pages)
            plot = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 1)
        }
        let series = pages.map(\.buckets)
        let labels = labels(of: page)
        let range = chart.levelRange(navigation, level: page.level, dataset: dataset)
        let aggregate = navigation.aggregate
        let input = ChartInput(series: series, labels: labels, aggregate: aggregate,
                               highlighted: page.buckets.firstIndex { env.now >= $0.start && env.now < $0.end }, range: range,
                               glyphs: glyphs, colors: env.colors, format: ValueFormat(dataset: dataset, aggregate: aggregate, value: navigation.valueIndex))
        switch chart.form {
        case .bars, .stackedBars: BarChart(input).draw(into: &grid, area: plot)
        case .line, .band, .lines: LineChart(input, band: chart.form == .band).draw(into: &grid, area: plot)
        }
        if !reading.isReady { grid.restyle(rect) { $0.dim = true } }
    }

    /// A line in the middle of the chart's place, instead of the chart.
    private func note(_ message: String, into grid: inout Grid, area rect: Rect) {
        grid.write(message, x: rect.x + max(0, (rect.width - message.count) / 2), y: rect.y + rect.height / 2, style: .muted, clip: rect)
    }

    /// Under each sub-bucket: its hour, day or month; a week's seven also
    /// name their weekdays. Weeks (a quarter's) are the days they start on,
    /// the first of each month named instead (`Oct 5 12 … Nov 9`), as days
    /// alone would not say which month they are in.
    private func labels(of page: Page) -> [String] {
        let calendar = dataset.calendar
        if page.subUnit == .week {
            let dates = page.buckets.map { calendar.localTime(at: $0.start).date }
            return dates.indices.map { i in
                i == 0 || dates[i - 1].month != dates[i].month ? CalendarSystem.monthNames[dates[i].month - 1] : "\(dates[i].day)"
            }
        }
        return page.buckets.map { bucket in
            let label = calendar.subBucketLabel(subUnit: page.subUnit, start: bucket.start)
            guard page.level == .week else { return label }
            return "\(CalendarSystem.weekdayNames[calendar.localTime(at: bucket.start).date.isoWeekday - 1]) \(label)"
        }
    }

    /// Each series' sample as the chart draws it, its name and its value for
    /// the page under the aggregate (its total, mean, low or high), as the stats line reads.
    private func drawLegend(into grid: inout Grid, row: Rect, chart: PageChart, pages: [Page]) {
        let format = ValueFormat(dataset: dataset, aggregate: navigation.aggregate, value: navigation.valueIndex)
        let entries = zip(chart.series, pages).enumerated().map { k, pair in
            let (s, page) = pair
            return ChartLegend.Entry(sample: sample(k, of: pages.count, stacked: chart.form == .stackedBars), style: .series(k),
                                     name: dataset.series[s].name,
                                     value: !reading.isReady ? glyphs.ellipsis
                                        : page.stats.value(navigation.aggregate).map(format.humane) ?? String(glyphs.middleDot))
        }
        ChartLegend(entries: entries, glyphs: glyphs).draw(into: &grid, area: row)
    }

    /// Series `k`'s look: its block (a shade without colours), or a stretch
    /// of its line; once the looks there are come round again, each sample
    /// carries its round (`1`, `2`) so the legend still tells series apart.
    private func sample(_ k: Int, of count: Int, stacked: Bool) -> String {
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
