import StrataData

/// The main screen: header with level tabs, the period strip, the chart
/// card with its neighbours peeking in, the stats line, the page dots and
/// the footer.
public struct PagerScreen: Screen {
    let state: AppState
    let env: AppEnvironment
    var navigation: Navigation { state.navigation }
    var dataset: Dataset { env.dataset }
    var glyphs: Glyphs { env.glyphs }

    public init(state: AppState, env: AppEnvironment) {
        self.state = state
        self.env = env
    }

    /// The slide under way, if any, with its progress at this frame's time.
    var slide: (fromIndex: Int, direction: Int, progress: Double)? {
        guard let transition = state.transition, case .slide(let from, let direction) = transition.kind,
              from < dataset.count(navigation.level) else { return nil }
        return (from, direction, transition.progress(at: env.time))
    }

    public func draw(into frame: inout Frame) {
        let layout = PagerLayout(size: frame.grid.size)
        drawHeader(into: &frame, y: layout.header)
        let index = navigation.position
        let count = dataset.count(navigation.level)
        if let strip = layout.strip {
            let row = Rect(x: 0, y: strip, width: frame.grid.width, height: 1)
            drawSliding(into: &frame.grid, region: row) { grid, rect, index in
                drawStrip(into: &grid, row: rect, index: index, count: count)
            }
        }
        if count > 0 {
            let page = navigation.page(in: dataset)
            drawSliding(into: &frame.grid, region: layout.card) { grid, rect, shownIndex in
                let shown = shownIndex == index ? page : navigation.page(in: dataset, index: shownIndex)
                drawCard(into: &grid, rect: rect, page: shown, dimmed: false)
            }
            if layout.peek > 0 { drawNeighbours(into: &frame.grid, layout: layout, index: index, count: count) }
            if let stats = layout.stats { drawStats(into: &frame.grid, y: stats, page: page) }
        }
        drawDots(into: &frame, rect: Rect(x: 1, y: layout.dots, width: frame.grid.width - 2, height: 1), count: count)
        if let footer = layout.footer { drawFooter(into: &frame.grid, y: footer) }
        else if case .prompt = state.overlay { drawFooter(into: &frame.grid, y: layout.dots) }
    }

    /// Draws `region` for the current page, or during a slide twice, for the
    /// page leaving and the page arriving side by side, offset by the
    /// slide's progress and clipped to the region.
    func drawSliding(into grid: inout Grid, region: Rect, draw: (inout Grid, Rect, Int) -> Void) {
        guard let slide else {
            draw(&grid, region, navigation.position)
            return
        }
        let shift = Int((Double(region.width) * (1 - slide.progress)).rounded())
        let newX = region.x + slide.direction * shift
        let oldX = newX - slide.direction * region.width
        grid.clipped(to: region) { grid in
            for (index, x) in [(slide.fromIndex, oldX), (navigation.position, newX)] {
                draw(&grid, Rect(x: x, y: region.y, width: region.width, height: region.height), index)
            }
        }
    }

    /// The page dots, each a click target for its page; they glide while a slide runs.
    func drawDots(into frame: inout Frame, rect: Rect, count: Int) {
        var dots = PageDots(current: navigation.position, count: count, levelName: navigation.level.rawValue, glyphs: glyphs)
        if let slide { dots.slideFrom = (slide.fromIndex, slide.progress) }
        dots.draw(into: &frame.grid, rect: rect)
        for (page, x) in dots.placedDots(in: rect) {
            frame.addZone(Rect(x: x - 1, y: rect.y, width: 3, height: 1), .jump(toIndex: page))
        }
    }

    // MARK: header and strip

    /// - Parameter chart: the screen draws charts, so the header says which y scale they use.
    /// `strata  FILE  TABS  WHAT · y:SCALE · ZONE`. As the width runs out, what
    /// gives way first is the `y:page` mark (before the name is cut below
    /// half), then the file name past ten columns (`seattle-w…`), then the
    /// level names past their initials, then the word strata, and only then
    /// the rest of the name and the right end.
    func drawHeader(into frame: inout Frame, y: Int, chart: Bool = true) {
        let width = frame.grid.width
        let row = Rect(x: 0, y: y, width: width, height: 1)
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
            place(headerRightText(markingPageScale: t.markingPageScale, chart: chart), t.tabs, reserve: t.reserve)
        }
        // With no room for the name anyway, the level names stay whole if they fit.
        let fallback: Try = (false, named.width > width - 4 ? initials : named, 0, 0)
        let chosen = tries.first { attempt($0).tabsX - 2 >= $0.nameRoom } ?? fallback
        let tabs = chosen.tabs
        let (rightText, rightWidth, tabsX) = attempt(chosen)
        let leftRoom = tabsX - 2
        let brand = leftRoom >= 9 + shortName
        let nameColumns = leftRoom - (brand ? 9 : 1)
        var x = 1
        if brand { x += frame.grid.write("strata", x: x, y: y, style: Style(.accent, bold: true), clip: row) + 2 }
        if nameColumns >= min(nameWidth, 8) {
            frame.grid.write(glyphs.truncate(dataset.sourceName, to: nameColumns), x: x, y: y, style: .plain,
                             clip: Rect(x: 0, y: y, width: tabsX - 1, height: 1))
        }
        tabs.draw(into: &frame.grid, x: tabsX, y: y, clip: row)
        for (level, span) in tabs.spans(at: tabsX).enumerated() {
            frame.addZone(Rect(x: span.lowerBound, y: y, width: span.count, height: 1), .selectLevel(level))
        }
        frame.grid.write(rightText, x: width - 1 - rightWidth, y: y, style: .muted, clip: row)
    }

    /// `text` in `columns`: whole ` · ` parts left off from the end first
    /// (`· E…` says nothing), then the first part cut.
    func fitting(_ text: String, to columns: Int) -> String {
        if TextWidth.columns(of: text) <= columns { return text }
        let separator = " \(glyphs.middleDot) "
        var parts = text.components(separatedBy: separator)
        while parts.count > 1 && TextWidth.columns(of: parts.joined(separator: separator)) > columns { parts.removeLast() }
        return glyphs.truncate(parts.joined(separator: separator), to: columns)
    }

    /// `mean temp 1/4 · series 2/6 north · band · y:level · UTC`: what the chart shows, as what
    /// (only when not the aggregate's own kind) and on which y scale (`y:page`, the default, only
    /// when `markingPageScale`).
    func headerRightText(markingPageScale: Bool, chart: Bool = true) -> String {
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
        return right + " \(dot) \(dataset.calendar.zone.displayName)"
    }

    func drawStrip(into grid: inout Grid, row: Rect, index: Int, count: Int) {
        grid.fill(row)
        guard count > 0 else { return }
        let y = row.y
        let level = navigation.level
        let calendar = dataset.calendar
        let ordinal = dataset.ordinal(level, index: index)
        let centre = "\(calendar.title(level, ordinal: ordinal))  \(glyphs.middleDot) \(calendar.periodID(level, ordinal: ordinal))"
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

    /// `2012-03-04 Sun` before the page, `Tue 2012-03-06` after it; other levels show the id.
    func neighbourLabel(_ ordinal: Int, after: Bool) -> String {
        let id = dataset.calendar.periodID(navigation.level, ordinal: ordinal)
        guard navigation.level == .day else { return id }
        let weekday = CalendarSystem.weekdayNames[CivilDate(dayNumber: ordinal).isoWeekday - 1]
        return after ? "\(weekday) \(id)" : "\(id) \(weekday)"
    }

    // MARK: card

    func drawCard(into grid: inout Grid, rect: Rect, page: Page, dimmed: Bool) {
        guard rect.width >= 4, rect.height >= 3 else { return }
        grid.fill(rect)
        glyphs.block(style: dimmed ? Style(.muted, dim: true) : Style.muted).draw(into: &grid, area: rect)
        drawChart(into: &grid, rect: Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2),
                  page: page)
        if dimmed { grid.restyle(rect) { $0 = Style(.muted, dim: true) } }
    }

    /// A few columns of the previous and next cards, dimmed, at the edges:
    /// the right edge of the previous card on the left, the left edge of the
    /// next on the right. Each is drawn in place, clipped to its sliver.
    func drawNeighbours(into grid: inout Grid, layout: PagerLayout, index: Int, count: Int) {
        let card = layout.card
        let visible = layout.peek
        let neighbours = [(index - 1, visible - card.width, 0), (index + 1, grid.width - visible, grid.width - visible)]
        for (neighbour, cardX, sliverX) in neighbours where neighbour >= 0 && neighbour < count {
            let page = navigation.page(in: dataset, index: neighbour)
            grid.clipped(to: Rect(x: sliverX, y: card.y, width: visible, height: card.height)) { grid in
                drawCard(into: &grid, rect: Rect(x: cardX, y: card.y, width: card.width, height: card.height),
                         page: page, dimmed: true)
            }
        }
    }
}
