import StrataData

/// What a card shows, derived from the state and the environment: the
/// period's page, a label per sub-bucket, and the raw rows. The reducer
/// uses it to count and search lines, the screen to draw them.
struct CardContent {
    let page: Page
    let labels: [String]
    let rows: CardRows

    init(navigation: Navigation, rows: CardRows?, env: AppEnvironment) {
        let dataset = env.dataset
        page = navigation.page(in: dataset)
        labels = Self.labels(page, calendar: dataset.calendar)
        self.rows = rows ?? .rows([], complete: true)
    }

    var buckets: Int { page.buckets.count }
    var itemCount: Int { buckets + rows.count }

    /// The raw row at `item`'s line, by its index among the rows; nil for a sub-bucket.
    func rowIndex(ofItem item: Int) -> Int? {
        item >= buckets && item - buckets < rows.count ? item - buckets : nil
    }

    /// Raw row `index`, if it has been read.
    func row(_ index: Int) -> CardRow? {
        guard case .rows(let rows, _) = rows, rows.indices.contains(index) else { return nil }
        return rows[index]
    }

    /// What `/` looks in: a sub-bucket's label, or a row's place and text.
    func text(ofItem item: Int) -> String {
        if item < buckets { return labels[item] }
        guard let index = rowIndex(ofItem: item), let row = row(index) else { return "" }
        return row.location + "  " + row.text
    }

    /// The table's first column: `08:00`, `Mon 5`, `2013-W10`, `Mar`, `14:05`.
    /// On a 25-hour day the repeated hour carries its offset (`01:00 UTC-4`).
    static func labels(_ page: Page, calendar: CalendarSystem) -> [String] {
        page.buckets.indices.map { label(page, bucket: $0, calendar: calendar) }
    }

    /// `labels(page)[i]` alone.
    static func label(_ page: Page, bucket i: Int, calendar: CalendarSystem) -> String {
        let start = page.buckets[i].start
        let t = calendar.localTime(at: start)
        switch page.subUnit {
        case .minute, .hour:
            let clock = t.clock
            // The wall clock repeats only in the sub-bucket next to this one.
            let repeated = [i - 1, i + 1].contains { j in
                guard page.buckets.indices.contains(j) else { return false }
                let other = calendar.localTime(at: page.buckets[j].start)
                return other.hour == t.hour && other.minute == t.minute
            }
            return repeated ? "\(clock) \(t.utcOffset)" : clock
        case .day:
            return "\(CalendarSystem.weekdayNames[t.date.isoWeekday - 1]) \(t.date.day)"
        case .week:
            return calendar.periodID(.week, ordinal: calendar.ordinal(of: .week, at: start))
        case .month, .quarter, .year, .decade, .century:
            return calendar.subBucketLabel(subUnit: page.subUnit, start: start)
        }
    }
}
