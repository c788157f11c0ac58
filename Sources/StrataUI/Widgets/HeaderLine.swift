import StrataData

/// Every screen's first line: `strata  FILE  TABS  FILTER · WHAT · y:SCALE · ZONE`,
/// each level tab a click target. As the width runs out, what gives way
/// first is the `y:page` mark (before the name is cut below half), then the
/// file name past ten columns (`seattle-w…`), then the level names past
/// their initials, then the word strata, and only then the rest of the
/// name and the right end.
struct HeaderLine: Widget {
    let navigation: Navigation
    let dataset: Dataset
    let glyphs: Glyphs
    /// The filter the rows passed, as written (`AppState.filter`).
    let filter: String?
    /// The input is being read again with `filter`: the rows on show passed another.
    let reloading: Bool
    /// The screen draws charts, so the header says which y scale they use.
    var chart = true

    func draw(into grid: inout Grid, area: Rect) {
        _ = draw(into: &grid, row: area)
    }

    /// Draws the line and makes each level tab select its level.
    func draw(into frame: inout Frame, area: Rect) {
        for (level, span) in draw(into: &frame.grid, row: area).enumerated() {
            frame.addZone(Rect(x: span.lowerBound, y: area.y, width: span.count, height: 1), .selectLevel(level))
        }
    }

    /// Draws the line in `row` and returns where each level tab went.
    private func draw(into grid: inout Grid, row: Rect) -> [Range<Int>] {
        let width = row.width, y = row.y
        let named = LevelTabs(names: navigation.levels.map(\.displayName), current: navigation.levelIndex, glyphs: glyphs)
        var initials = named
        initials.names = navigation.levels.map { String($0.displayName.prefix(1)) }
        let nameWidth = TextWidth.columns(of: dataset.sourceName)
        let shortName = min(nameWidth, 10)
        /// The right text cut to what is left after the tabs and `reserve` columns, and where the tabs go.
        func place(_ text: String, _ tabs: LevelTabs, reserve: Int) -> (text: String, width: Int, tabsX: Int) {
            let text = fitting(text, to: max(0, width - tabs.width - 4 - reserve))
            let textWidth = TextWidth.columns(of: text)
            return (text, textWidth, max(1, min((width - tabs.width) / 2 + 4, width - textWidth - tabs.width - 3)))
        }
        // Each try with the room the name needs left of the tabs: `strata`, its gap and a comfortable
        // half, or a short name alone; the last cuts the right end for a short name, if two dozen columns stay.
        typealias Try = (markingPageScale: Bool, tabs: LevelTabs, nameRoom: Int, reserve: Int)
        var tries: [Try] = []
        if navigation.yScale == .page { tries.append((true, named, 10 + nameWidth / 2, 0)) }
        tries += [(false, named, 1 + shortName, 0), (false, initials, 1 + shortName, 0)]
        if named.width > width - 4 { tries.removeAll { $0.tabs.names == named.names } }
        if width - initials.width - 6 - shortName >= 24 { tries.append((false, initials, 1 + shortName, 2 + shortName)) }
        func attempt(_ t: Try) -> (text: String, width: Int, tabsX: Int) {
            place(summary(markingPageScale: t.markingPageScale), t.tabs, reserve: t.reserve)
        }
        // With no room for the name anyway, the level names stay whole if they fit.
        let fallback: Try = (false, named.width > width - 4 ? initials : named, 0, 0)
        let chosen = tries.first { attempt($0).tabsX - 2 >= $0.nameRoom } ?? fallback
        let tabs = chosen.tabs
        let (rightText, rightWidth, tabsX) = attempt(chosen)
        let leftRoom = tabsX - 2
        let brand = leftRoom >= 9 + shortName
        let nameColumns = leftRoom - (brand ? 9 : 1)
        var x = row.x + 1
        if brand { x += grid.write("strata", x: x, y: y, style: Style(.accent, bold: true), clip: row) + 2 }
        if nameColumns >= min(nameWidth, 8) {
            grid.write(glyphs.truncate(dataset.sourceName, to: nameColumns), x: x, y: y, style: .plain,
                       clip: Rect(x: row.x, y: y, width: tabsX - 1, height: 1))
        }
        tabs.draw(into: &grid, area: Rect(x: row.x + tabsX, y: y, width: max(0, width - tabsX), height: 1))
        grid.write(rightText, x: row.x + width - 1 - rightWidth, y: y, style: .muted, clip: row)
        return tabs.spans(at: row.x + tabsX)
    }

    /// `text` in `columns`: whole ` · ` parts left off from the end first
    /// (`· E…` says nothing), then the first part cut.
    private func fitting(_ text: String, to columns: Int) -> String {
        if TextWidth.columns(of: text) <= columns { return text }
        let separator = " \(glyphs.middleDot) "
        var parts = text.components(separatedBy: separator)
        while parts.count > 1 && TextWidth.columns(of: parts.joined(separator: separator)) > columns { parts.removeLast() }
        return glyphs.truncate(parts.joined(separator: separator), to: columns)
    }

    /// `status >= 500 · 1,204 of 3.4M rows · 3 lack a field`: the filter and the rows that
    /// pass it of those read (so far, while loading); what the screens show goes first.
    private var filterSummary: String? {
        let dot = glyphs.middleDot
        if reloading { return "\(filter ?? "every row") \(dot) reading\(glyphs.ellipsis)" }
        guard let filter else { return nil }
        let loading = dataset.loading
        let read = loading?.rowsRead ?? dataset.rowsRead
        let out = loading?.filteredOut ?? dataset.filteredOut, lacking = loading?.lackingField ?? dataset.lackingField
        return "\(filter) \(dot) \(CountText.grouped(read - out)) of \(CountText.compact(read)) rows"
            + (lacking > 0 ? " \(dot) \(CountText.grouped(lacking)) lack\(lacking == 1 ? "s" : "") a field" : "")
    }

    /// `mean temp 1/4 · series 2/6 north · band · y:level · UTC`: what the chart shows, as what
    /// (only when not the aggregate's own kind) and on which y scale (`y:page`, the default, only
    /// when `markingPageScale`).
    private func summary(markingPageScale: Bool) -> String {
        let dot = glyphs.middleDot
        var right = "\(navigation.aggregate.rawValue) \(dataset.valueNames[navigation.valueIndex])"
        if navigation.valueCount > 1 { right += " \(navigation.valueIndex + 1)/\(navigation.valueCount)" }
        let named = navigation.namedSeriesCount
        if named > 0 {
            if navigation.allSeries {
                right += " \(dot) all \(named)"
            } else if navigation.seriesIndex == 0 {
                right += " \(dot) all \(named) combined"
            } else {
                right += " \(dot) series \(navigation.seriesIndex)/\(named) \(dataset.series[navigation.seriesIndex].name)"
            }
        }
        // The chart kind from `c`, when not the aggregate's own: a band and a line can look alike.
        if chart, navigation.chart != .suggested(for: navigation.aggregate) { right += " \(dot) \(navigation.chart.rawValue)" }
        // `y:page` or `y:level`, named after its key as `1/4` is after `v`.
        if chart, navigation.yScale == .level || markingPageScale { right += " \(dot) y:\(navigation.yScale.rawValue)" }
        right += " \(dot) \(dataset.calendar.zone.displayName)"
        return filterSummary.map { "\($0) \(dot) \(right)" } ?? right
    }
}
