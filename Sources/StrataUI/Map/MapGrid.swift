import StrataData

/// What the map shows, from the dataset and the shared navigation: rows
/// are the level's periods and columns their sub-buckets by wall clock,
/// or (`r`) rows are the series and columns the level's periods. Pure, so
/// the screen and the reducer read the same rows, columns and cells.
struct MapGrid {
    /// One cell of a row, before shading.
    enum Cell: Equatable {
        /// No such sub-bucket in this period: the 31st of a 30-day month.
        case absent
        /// A wall-clock hour that a DST change skipped.
        case skipped
        /// Its stats, and its sketch when the load keeps them (for a
        /// percentile): several sub-buckets folded into one column (a repeated DST hour) merged.
        case stats(Stats, sketch: QuantileSketch?)

        /// The value shaded for `aggregate`: a percentile from the sketch.
        func value(_ aggregate: Aggregate) -> Double? {
            guard case .stats(let stats, let sketch) = self else { return nil }
            return stats.value(aggregate, sketch: sketch)
        }
    }

    let dataset: Dataset
    let navigation: Navigation
    let rowsAreSeries: Bool
    /// Where rows already worked out are kept (the screen's; the reducer reads no cells).
    var memory: MapRows?
    /// "Now", when a running period's cell counts so far (the screen's; the reducer reads no cells).
    var now: Int64?

    var level: Level { navigation.level }
    var subUnit: TimeUnit { dataset.subUnit(of: level) }
    var calendar: CalendarSystem { dataset.calendar }

    /// The series listed as rows: each series, or "all" when there is no series column.
    var seriesRows: [Int] { dataset.series.count > 1 ? Array(1..<dataset.series.count) : [0] }

    var rowCount: Int { rowsAreSeries ? seriesRows.count : dataset.count(level) }

    var columnCount: Int {
        if rowsAreSeries { return dataset.count(level) }
        switch subUnit {
        case .minute: return 60
        case .hour: return 24
        case .day: return level == .week ? 7 : 31
        case .week: return 14 // a quarter's weeks, the first and last cut at its edges
        case .month, .quarter: return level == .quarter ? 3 : 12
        case .year, .decade, .century: return 10  // a decade's years, a century's decades
        }
    }

    // MARK: The cursor, which is the shared position

    var cursorRow: Int {
        rowsAreSeries ? (seriesRows.firstIndex(of: navigation.seriesIndex) ?? 0) : navigation.position
    }

    func cursorColumn(_ map: MapState) -> Int {
        rowsAreSeries ? navigation.position : max(0, min(map.column, columnCount - 1))
    }

    /// Puts the cursor on a row and a column, each clamped.
    func move(_ state: inout AppState, map: inout MapState, row: Int, column: Int) {
        let row = Navigation.clamp(row, rowCount), column = Navigation.clamp(column, columnCount)
        if rowsAreSeries {
            if seriesRows.indices.contains(row) { state.navigation.seriesIndex = seriesRows[row] }
            state.navigation.setPosition(column)
        } else {
            state.navigation.setPosition(row)
            map.column = column
        }
    }

    // MARK: Labels

    func rowLabel(_ row: Int) -> String {
        if rowsAreSeries { return dataset.series[seriesRows[row]].name }
        let ordinal = dataset.ordinal(level, index: row)
        let id = calendar.periodName(level, ordinal: ordinal)
        guard level == .day else { return id }
        return id + " " + CalendarSystem.weekdayNames[calendar.firstDate(of: .day, ordinal: ordinal).isoWeekday - 1]
    }

    /// The widest row label: a series name up to `maxRowLabelWidth`; a
    /// period's, from the first and last rows (period ids keep their width),
    /// or for hours the widest name one can have.
    var rowLabelWidth: Int {
        guard rowCount > 0 else { return 0 }
        if rowsAreSeries { return min(Self.maxRowLabelWidth, (0..<rowCount).map { TextWidth.columns(of: rowLabel($0)) }.max() ?? 0) }
        let ends = [0, rowCount - 1].map { TextWidth.columns(of: rowLabel($0)) }.max() ?? 0
        return level == .hour ? max(ends, widestHourName) : ends
    }

    /// `Wed 30 Sep 2013 01:00`, and room for the offset that tells a
    /// repeated hour apart (` UTC-4`) where the clocks change in the year from the first row.
    private var widestHourName: Int {
        let first = calendar.start(of: .hour, ordinal: dataset.ordinal(level, index: 0))
        let offset = calendar.zone.offset(at: first)
        let changes = (1...3).contains { calendar.zone.offset(at: first + Int64($0) * 91 * 86_400) != offset }
        return 21 + (changes ? 1 + TextWidth.columns(of: calendar.localTime(at: first).utcOffset) : 0)
    }

    static let maxRowLabelWidth = 24

    func columnLabel(_ column: Int) -> String {
        if rowsAreSeries { return shortPeriodLabel(dataset.ordinal(level, index: column)) }
        switch subUnit {
        case .minute, .hour: return Digits.pad(column, 2)
        case .day where level == .week:
            // Weekdays from the week's first day, whatever the week start.
            let first = calendar.firstDate(of: .week, ordinal: dataset.ordinal(level, index: 0)).isoWeekday - 1
            return String(CalendarSystem.weekdayNames[(first + column) % 7].prefix(2))
        case .day, .week: return "\(column + 1)"
        case .month, .quarter: return level == .quarter ? "\(column + 1)" : CalendarSystem.monthNames[column]
        // The last digit of a decade's years (the row says `1990s`), the tens of a century's decades.
        case .year: return "\(column)"
        case .decade, .century: return Digits.pad(column * 10, 2)
        }
    }

    /// The widest column label, so labels can be spaced not to collide.
    var columnLabelWidth: Int {
        if rowsAreSeries { return columnCount == 0 ? 0 : TextWidth.columns(of: columnLabel(0)) }
        return (0..<columnCount).map { TextWidth.columns(of: columnLabel($0)) }.max() ?? 0
    }

    /// A period in a few columns, for the column header when columns are periods.
    private func shortPeriodLabel(_ ordinal: Int) -> String {
        let id = calendar.periodID(level, ordinal: ordinal)
        switch level {
        case .hour: return Digits.pad(calendar.localTime(at: calendar.start(of: .hour, ordinal: ordinal)).hour, 2)
        case .day: return String(id.dropFirst(5))          // 07-04
        case .week: return String(id.suffix(3))            // W27
        case .month, .quarter, .year, .decade, .century: return id  // 2013-07, 2013-Q3, 2013, 2010s
        }
    }

    // MARK: Cells

    /// The cells of a row in `columns` (a window of them: rows of series
    /// can have thousands of periods), one per column of the window.
    func cells(ofRow row: Int, columns: Range<Int>) -> [Cell] {
        if rowsAreSeries {
            let series = seriesRows[row]
            return columns.map { .stats(periodStats($0, series: series), sketch: periodSketch($0, series: series)) }
        }
        let all = memory.map { $0.value(level, index: row, series: navigation.shownSeries, value: navigation.valueIndex) {
            cells(ofPeriod: row)
        } } ?? cells(ofPeriod: row)
        return Array(all[columns.clamped(to: all.indices)])
    }

    /// A period as a cell of a series' row: a running period's so far.
    private func periodStats(_ index: Int, series: Int) -> Stats {
        guard let now, let running = nowRow(now), running == index else {
            // A period the series does not keep is blank while it is read back.
            return dataset.periodStats(level, index: index, series: series, value: navigation.valueIndex) ?? Stats()
        }
        let page = dataset.page(level, index: index, series: series, value: navigation.valueIndex)
        return PartialPeriod(page: page, now: now, coverage: dataset.coverage).stats(of: page, in: dataset, series: series, value: navigation.valueIndex)
    }

    /// A period's sketch as a cell of a series' row (the whole period's, a running one's too); nil when
    /// none is kept for it.
    private func periodSketch(_ index: Int, series: Int) -> QuantileSketch? {
        guard navigation.aggregate.isPercentile else { return nil }
        return dataset.sketch(level, ordinal: dataset.ordinal(level, index: index), series: series, value: navigation.valueIndex)
    }

    /// Every column of period row `row`.
    private func cells(ofPeriod row: Int) -> [Cell] {
        var cells = [Cell](repeating: subUnit == .hour ? .skipped : .absent, count: columnCount)
        let page = navigation.page(in: dataset, level: level, index: row)
        // A day of 24 hours (no clock change) needs no wall-clock lookups.
        let byPlace = page.buckets.count == columnCount
        for (i, bucket) in page.buckets.enumerated() {
            let column = byPlace ? i : self.column(ofBucket: i, start: bucket.start)
            guard cells.indices.contains(column) else { continue }
            if case .stats(let stats, let sketch) = cells[column] {
                let merged = SubBucket(start: bucket.start, end: bucket.end, stats: stats, sketch: sketch).merged(with: bucket)
                cells[column] = .stats(merged.stats, sketch: merged.sketch)
            } else {
                cells[column] = .stats(bucket.stats, sketch: bucket.sketch)
            }
        }
        return cells
    }

    /// Hours and minutes go by the wall clock (a repeated DST hour folds
    /// into its column, a skipped one leaves a gap); other sub-buckets by place.
    func column(ofBucket index: Int, start: Int64) -> Int {
        switch subUnit {
        case .hour:
            // Where a clock goes back across midnight (St John's, 1987), the
            // hour from the next day's first midnight is its day's last.
            calendar.ordinal(of: .day, at: start) < calendar.localTime(at: start).date.dayNumber ? 23 : calendar.localTime(at: start).hour
        case .minute: calendar.localTime(at: start).minute
        default: index
        }
    }

    /// The shading of every cell of the level; where its cells are read a
    /// page at a time (finer than the load kept, or periods the series do
    /// not keep), of the cells on screen: the `shown` rows, and `columns`
    /// of the series' rows.
    func scale(shown rows: Range<Int>, columns: Range<Int>) -> HeatScale {
        if rowsAreSeries, dataset.keepsPeriods(of: level, series: seriesRows[0]) {
            return dataset.seriesHeatScale(level, aggregate: navigation.aggregate, value: navigation.valueIndex)
        }
        if !rowsAreSeries, !dataset.readsPages(of: level, series: navigation.seriesIndex) {
            return dataset.heatScale(level, aggregate: navigation.aggregate, series: navigation.seriesIndex, value: navigation.valueIndex)
        }
        let values = rows.flatMap { cells(ofRow: $0, columns: rowsAreSeries ? columns : 0..<columnCount) }.compactMap { cell -> Double? in
            guard let value = cell.value(navigation.aggregate), value.isFinite else { return nil }
            return value
        }
        return HeatScale(values: values)
    }

    // MARK: Now

    /// The column holding `now`, by wall clock; nil when now is outside the
    /// data, where a line through 1978 at today's hour would say nothing.
    func nowColumn(_ now: Int64) -> Int? {
        guard nowRow(now) != nil else { return nil }
        return rowsAreSeries ? nowRow(now) : column(holding: now)
    }

    /// The sub-bucket column of the period holding `t`: its wall-clock hour
    /// or minute, else its place in the period.
    func column(holding t: Int64) -> Int? {
        switch subUnit {
        case .hour, .minute: return column(ofBucket: 0, start: t)
        default:
            let ordinal = calendar.ordinal(of: level.unit, at: t)
            let bounds = calendar.subBucketBoundaries(of: level.unit, ordinal: ordinal, subUnit: subUnit)
            guard let i = bounds.lastIndex(where: { $0 <= t }), i < bounds.count - 1 else { return nil }
            return i
        }
    }

    /// The level's period holding `now`, when the data's periods reach it.
    func nowRow(_ now: Int64) -> Int? {
        let index = calendar.ordinal(of: level.unit, at: now) - dataset.ordinal(level, index: 0)
        return (0..<dataset.count(level)).contains(index) ? index : nil
    }

    /// Whether a cell's numbers are final: a load still running has read every row of its period.
    func isFinal(row: Int, column: Int) -> Bool {
        dataset.readiness(level, index: rowsAreSeries ? column : row).isReady
    }

    // MARK: The readout

    /// `2013-07-04 08:00–09:00  count 1,234`: the cursor's cell in words;
    /// its number is `ellipsis` while a load still reads its period.
    func readout(row: Int, column: Int, ellipsis: String) -> String {
        guard rowCount > 0, columnCount > 0 else { return "no data" }
        let aggregate = navigation.aggregate
        let final = isFinal(row: row, column: column)
        func number(_ cell: Cell) -> String { final ? cell.value(aggregate).map(NumberFormat.exact) ?? "no data" : ellipsis }
        func value(_ cell: Cell) -> String {
            guard case .stats(let stats, _) = cell, !stats.isEmpty || !final else { return "no data" }
            return "\(aggregate.rawValue) \(number(cell))"
        }
        if rowsAreSeries {
            let series = seriesRows[row]
            let period = Cell.stats(periodStats(column, series: series), sketch: periodSketch(column, series: series))
            let soFar = now.flatMap(nowRow) == column ? "  so far" : ""
            return "\(rowLabel(row))  \(calendar.periodName(level, ordinal: dataset.ordinal(level, index: column)))  \(value(period))\(soFar)"
        }
        let page = navigation.page(in: dataset, level: level, index: row)
        // An hour's minutes carry its hour: the row's day before them, and after them the offset of a repeated hour.
        let id = level == .hour ? calendar.title(.day, ordinal: calendar.ordinal(of: .day, at: page.start))
            : calendar.periodName(level, ordinal: page.ordinal)
        let mark = level == .hour ? calendar.repeatMark(hour: page.ordinal) : ""
        let parts = page.buckets.enumerated().filter { self.column(ofBucket: $0.offset, start: $0.element.start) == column }
            .map(\.element)
        guard let first = parts.first, let last = parts.last else {
            return subUnit == .hour ? "\(id) \(columnLabel(column)):00  skipped by the clock change"
                                    : "\(id)  no \(subUnit.name) \(columnLabel(column))"
        }
        let both = parts.dropFirst().reduce(into: first) { $0.merge($1) }
        let merged = Cell.stats(both.stats, sketch: both.sketch)
        guard parts.count > 1 else { return "\(id) \(subBucketLabel(start: first.start, end: last.end))\(mark)  \(value(merged))" }
        // A repeated DST hour: the wall-clock hour once, then each time it came, told apart by its offset.
        let hour = subBucketLabel(start: first.start, end: last.end)
        return "\(id) \(hour) twice  \(value(merged))  ("
            + parts.map { "\(number(.stats($0.stats, sketch: $0.sketch))) at UTC\(calendar.localTime(at: $0.start).offsetString)" }.joined(separator: ", ") + ")"
    }

    private func subBucketLabel(start: Int64, end: Int64) -> String {
        let t = calendar.localTime(at: start)
        switch subUnit {
        case .minute: return t.clock
        case .hour:
            let e = calendar.localTime(at: end)
            return "\(Digits.pad(t.hour, 2)):00–\(Digits.pad(e.hour, 2)):00"
        case .day:
            // The row's id already names the month; a week's days cross months.
            let day = "\(CalendarSystem.weekdayNames[t.date.isoWeekday - 1]) \(t.date.day)"
            return level == .week ? "\(day) \(CalendarSystem.monthNames[t.date.month - 1])" : day
        case .week: return calendar.periodID(.week, ordinal: calendar.ordinal(of: .week, at: start))
        case .month, .quarter, .year, .decade, .century: return calendar.subBucketLabel(subUnit: subUnit, start: start)
        }
    }
}
