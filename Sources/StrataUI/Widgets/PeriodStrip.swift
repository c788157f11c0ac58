import StrataData

/// The line under the header: the period's title and name in the middle,
/// its neighbours' names towards the edges (`‹ 2012-03-04 Sun`).
struct PeriodStrip: Widget {
    let navigation: Navigation
    let dataset: Dataset
    let glyphs: Glyphs
    /// The period shown (a slide draws two).
    let index: Int

    func draw(into grid: inout Grid, area row: Rect) {
        grid.fill(row)
        let count = dataset.count(navigation.level)
        guard count > 0 else { return }
        let y = row.y
        let level = navigation.level
        let calendar = dataset.calendar
        let ordinal = dataset.ordinal(level, index: index)
        // An hour is named by its title, and a year's title is its name: said once.
        let name = calendar.periodName(level, ordinal: ordinal)
        let title = calendar.title(level, ordinal: ordinal)
        let centre = level == .hour || title == name ? name : "\(title)  \(glyphs.middleDot) \(name)"
        let centreWidth = TextWidth.columns(of: centre)
        let centreX = row.x + max(1, (row.width - centreWidth) / 2)
        let room = centreX - row.x - 3
        if index > 0, room >= 6 {
            let text = glyphs.truncate("\(glyphs.previous) \(neighbourLabel(ordinal - 1, after: false))", to: room)
            grid.write(text, x: row.x + 1, y: y, style: .muted, clip: row)
        }
        if index < count - 1, room >= 6 {
            let text = glyphs.truncate("\(neighbourLabel(ordinal + 1, after: true)) \(glyphs.next)", to: room)
            grid.write(text, x: row.maxX - 1 - TextWidth.columns(of: text), y: y, style: .muted, clip: row)
        }
        grid.write(glyphs.truncate(centre, to: row.width - 2), x: centreX, y: y, style: Style(.plain, bold: true), clip: row)
    }

    /// `2012-03-04 Sun` before the page, `Tue 2012-03-06` after it; an hour
    /// `Wed 01:00` (the middle names its date); other levels show the id.
    private func neighbourLabel(_ ordinal: Int, after: Bool) -> String {
        let id = dataset.calendar.periodName(navigation.level, ordinal: ordinal, short: true)
        guard navigation.level == .day else { return id }
        let weekday = CalendarSystem.weekdayNames[CivilDate(dayNumber: ordinal).isoWeekday - 1]
        return after ? "\(weekday) \(id)" : "\(id) \(weekday)"
    }
}
