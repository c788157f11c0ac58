import StrataData

/// The main screen: header with level tabs, the period strip, the chart
/// card with its neighbours peeking in, the stats line, the page dots and
/// the footer. Rows are given up in a fixed order as the terminal shrinks:
/// footer, then the period strip, then the stats line.
public struct PagerScreen {
    let state: State
    let dataset: Dataset
    let context: RenderContext
    let slide: Slide?
    var glyphs: Glyphs { context.glyphs }

    public init(state: State, dataset: Dataset, context: RenderContext, slide: Slide? = nil) {
        self.state = state
        self.dataset = dataset
        self.context = context
        self.slide = slide
    }

    struct Layout {
        var header = 0
        var strip: Int?
        var card: Rect
        var stats: Int?
        var dots: Int
        var footer: Int?
        var peek: Int
    }

    static func layout(for size: Size) -> Layout {
        let h = size.height
        let hasFooter = h >= 9, hasStrip = h >= 8, hasStats = h >= 7
        var y = 1
        let strip: Int? = hasStrip ? y : nil
        if hasStrip { y += 1 }
        let bottomRows = 1 + (hasStats ? 1 : 0) + (hasFooter ? 1 : 0)
        let cardHeight = h - y - bottomRows
        let peek = size.width >= 100 ? min(8, (size.width - 96) / 2 + 2) : 0
        let card = Rect(x: peek + (peek > 0 ? 1 : 0), y: y, width: size.width - 2 * (peek + (peek > 0 ? 1 : 0)), height: cardHeight)
        var row = y + cardHeight
        let stats: Int? = hasStats ? row : nil
        if hasStats { row += 1 }
        let dots = row
        return Layout(strip: strip, card: card, stats: stats, dots: dots, footer: hasFooter ? row + 1 : nil, peek: peek)
    }

    public func draw(into grid: inout Grid) {
        let layout = Self.layout(for: grid.size)
        drawHeader(into: &grid, y: layout.header)
        let index = state.position
        let count = dataset.count(state.level)
        if let strip = layout.strip {
            let row = Rect(x: 0, y: strip, width: grid.width, height: 1)
            if let slide, count > slide.fromIndex {
                drawSliding(into: &grid, region: row, slide: slide) { $0.fill($1); drawStrip(into: &$0, y: $1.y, index: $2, count: count) }
            } else {
                drawStrip(into: &grid, y: strip, index: index, count: count)
            }
        }
        if count > 0 {
            let page = dataset.page(state.level, index: index, series: state.seriesIndex)
            if let slide, count > slide.fromIndex {
                drawSliding(into: &grid, region: layout.card, slide: slide) { target, rect, index in
                    let shown = index == state.position ? page : dataset.page(state.level, index: index, series: state.seriesIndex)
                    drawCard(into: &target, rect: rect, page: shown, dimmed: false)
                }
            } else {
                drawCard(into: &grid, rect: layout.card, page: page, dimmed: false)
            }
            if layout.peek > 0 { drawNeighbours(into: &grid, layout: layout, index: index, count: count) }
            if let stats = layout.stats { drawStats(into: &grid, y: stats, page: page) }
        }
        var dots = PageDots(current: index, count: count, levelName: state.level.rawValue, glyphs: glyphs)
        if let slide { dots.slideFrom = (slide.fromIndex, slide.progress) }
        dots.draw(into: &grid, rect: Self.dotsRect(layout: layout, width: grid.width))
        if let footer = layout.footer { drawFooter(into: &grid, y: footer) }
        else if case .prompt = state.mode { drawFooter(into: &grid, y: layout.dots) }
    }

    static func dotsRect(layout: Layout, width: Int) -> Rect {
        Rect(x: 1, y: layout.dots, width: width - 2, height: 1)
    }

    /// Draws `region` twice during a slide, for the page leaving and the page
    /// arriving, side by side and offset by the slide's progress.
    func drawSliding(into grid: inout Grid, region: Rect, slide: Slide,
                     draw: (inout Grid, Rect, Int) -> Void) {
        let shift = Int((Double(region.width) * (1 - slide.progress)).rounded())
        let newX = region.x + slide.direction * shift
        let oldX = newX - slide.direction * region.width
        for (index, x) in [(slide.fromIndex, oldX), (state.position, newX)] {
            var scratch = Grid(size: Size(width: region.width, height: region.maxY))
            draw(&scratch, Rect(x: 0, y: region.y, width: region.width, height: region.height), index)
            grid.blit(scratch, x: x, y: 0, clip: region)
        }
    }

    // MARK: header and strip

    func drawHeader(into grid: inout Grid, y: Int) {
        let width = grid.width
        let row = Rect(x: 0, y: y, width: width, height: 1)
        let right = headerRightText()
        let (tabs, tabsX, rightText) = Self.headerLayout(state: state, right: right, width: width, glyphs: glyphs)
        let rightWidth = TextWidth.columns(of: rightText)
        let leftRoom = tabsX - 2
        var left = leftRoom >= 8 ? "strata" : ""
        if leftRoom >= 10 + TextWidth.columns(of: dataset.sourceName) / 2 {
            left += "  " + TextWidth.truncate(dataset.sourceName, to: leftRoom - 9)
        }
        if !left.isEmpty {
            let used = grid.write("strata", x: 1, y: y, style: Style(.accent, bold: true), clip: row)
            grid.write(String(left.dropFirst(6)), x: 1 + used, y: y, style: .plain,
                       clip: Rect(x: 0, y: y, width: tabsX - 1, height: 1))
        }
        tabs.draw(into: &grid, x: tabsX, y: y, clip: row)
        grid.write(rightText, x: width - 1 - rightWidth, y: y, style: .muted, clip: row)
    }

    /// The level tabs, where they start, and the right-hand text as it fits.
    static func headerLayout(state: State, right: String, width: Int, glyphs: Glyphs) -> (LevelTabs, Int, String) {
        var tabs = LevelTabs(names: state.levels.map(\.displayName), current: state.levelIndex, glyphs: glyphs)
        if tabs.width > width - 4 { tabs.names = state.levels.map { String($0.displayName.prefix(1)) } }
        let rightText = TextWidth.truncate(right, to: max(0, width - tabs.width - 4))
        let tabsX = max(1, min((width - tabs.width) / 2 + 4, width - TextWidth.columns(of: rightText) - tabs.width - 3))
        return (tabs, tabsX, rightText)
    }

    func headerRightText() -> String {
        var right = "\(state.aggregate.rawValue) \(dataset.valueName)"
        if dataset.series.count > 1 { right += " \(glyphs.middleDot) \(dataset.series[state.seriesIndex].name)" }
        return right
    }

    func drawStrip(into grid: inout Grid, y: Int, index: Int, count: Int) {
        guard count > 0 else { return }
        let row = Rect(x: 0, y: y, width: grid.width, height: 1)
        let level = state.level
        let calendar = dataset.calendar
        let ordinal = dataset.ordinal(level, index: index)
        let centre = "\(calendar.title(level, ordinal: ordinal))  \(glyphs.middleDot) \(calendar.periodID(level, ordinal: ordinal))"
        let centreWidth = TextWidth.columns(of: centre)
        let centreX = max(1, (grid.width - centreWidth) / 2)
        let room = centreX - 3
        if index > 0, room >= 6 {
            let text = TextWidth.truncate("\(glyphs.previous) \(neighbourLabel(ordinal - 1, after: false))", to: room)
            grid.write(text, x: 1, y: y, style: .muted, clip: row)
        }
        if index < count - 1, room >= 6 {
            let text = TextWidth.truncate("\(neighbourLabel(ordinal + 1, after: true)) \(glyphs.next)", to: room)
            grid.write(text, x: grid.width - 1 - TextWidth.columns(of: text), y: y, style: .muted, clip: row)
        }
        grid.write(TextWidth.truncate(centre, to: grid.width - 2), x: centreX, y: y, style: Style(.plain, bold: true), clip: row)
    }

    /// `2012-03-04 Sun` before the page, `Tue 2012-03-06` after it; other levels show the id.
    func neighbourLabel(_ ordinal: Int, after: Bool) -> String {
        let id = dataset.calendar.periodID(state.level, ordinal: ordinal)
        guard state.level == .day else { return id }
        let weekday = CalendarSystem.weekdayNames[CivilDate(dayNumber: ordinal).isoWeekday - 1]
        return after ? "\(weekday) \(id)" : "\(id) \(weekday)"
    }

    // MARK: card

    func drawCard(into grid: inout Grid, rect: Rect, page: Page, dimmed: Bool, visible: Rect? = nil) {
        guard rect.width >= 4, rect.height >= 3 else { return }
        let border = dimmed ? Style(.muted, dim: true) : Style.muted
        let inner = String(repeating: glyphs.horizontal, count: rect.width - 2)
        grid.write("\(glyphs.cornerTL)\(inner)\(glyphs.cornerTR)", x: rect.x, y: rect.y, style: border)
        grid.write("\(glyphs.cornerBL)\(inner)\(glyphs.cornerBR)", x: rect.x, y: rect.maxY - 1, style: border)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            grid.write(String(glyphs.vertical), x: rect.x, y: y, style: border)
            grid.write(String(glyphs.vertical), x: rect.maxX - 1, y: y, style: border)
        }
        let content = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
        let labels = page.buckets.map { bucket in
            let label = dataset.calendar.subBucketLabel(subUnit: page.subUnit, start: bucket.start)
            // A week's seven bars have room to name their weekdays.
            guard page.level == .week else { return label }
            let weekday = CalendarSystem.weekdayNames[dataset.calendar.localTime(at: bucket.start).date.isoWeekday - 1]
            return "\(weekday) \(label)"
        }
        let now = page.buckets.firstIndex { context.now >= $0.start && context.now < $0.end }
        let chart = BarChart(buckets: page.buckets.map(\.stats), labels: labels, aggregate: state.aggregate,
                             highlighted: now, glyphs: glyphs)
        if page.stats.isEmpty {
            let message = "no data in this \(page.level.rawValue)"
            grid.write(message, x: content.x + max(0, (content.width - message.count) / 2),
                       y: content.y + content.height / 2, style: .muted, clip: content)
        } else {
            chart.draw(into: &grid, rect: content, visible: visible)
        }
        if dimmed { grid.restyle(rect) { $0 = Style(.muted, dim: true) } }
    }

    /// A few columns of the previous and next cards, dimmed, at the edges:
    /// the right edge of the previous card on the left, the left edge of the next on the right.
    func drawNeighbours(into grid: inout Grid, layout: Layout, index: Int, count: Int) {
        let card = layout.card
        let visible = layout.peek
        let neighbours = [(index - 1, card.width - visible, 0), (index + 1, 0, grid.width - visible)]
        for (neighbour, sliceX, screenX) in neighbours where neighbour >= 0 && neighbour < count {
            var scratch = Grid(size: Size(width: card.width, height: card.maxY))
            let page = dataset.page(state.level, index: neighbour, series: state.seriesIndex)
            drawCard(into: &scratch, rect: Rect(x: 0, y: card.y, width: card.width, height: card.height), page: page,
                     dimmed: true, visible: Rect(x: sliceX, y: card.y, width: visible, height: card.height))
            grid.blit(scratch, x: screenX - sliceX, y: 0, clip: Rect(x: screenX, y: card.y, width: visible, height: card.height))
        }
    }
}
