import StrataData

/// The main screen: header with level tabs, the period strip, the chart
/// card with its neighbours peeking in, the stats line, the page dots and
/// the footer.
struct PagerScreen: AppScreen {
    let state: AppState
    let env: AppEnvironment


    /// The slide under way, if any, with its progress at this frame's time.
    var slide: (fromIndex: Int, direction: Int, progress: Double)? {
        guard let transition = state.transition, case .slide(let from, let direction) = transition.kind,
              from < dataset.count(navigation.level) else { return nil }
        return (from, direction, transition.progress(at: env.time))
    }

    func draw(into frame: inout Frame) {
        let layout = PagerLayout(size: frame.grid.size)
        HeaderLine(navigation: navigation, dataset: dataset, glyphs: glyphs, filter: state.filter, reloading: state.reloading != nil)
            .draw(into: &frame, area: Rect(x: 0, y: layout.header, width: frame.grid.width, height: 1))
        let index = navigation.position
        let count = dataset.count(navigation.level)
        if let strip = layout.strip {
            let row = Rect(x: 0, y: strip, width: frame.grid.width, height: 1)
            drawSliding(into: &frame.grid, region: row) { grid, rect, index in
                PeriodStrip(navigation: navigation, dataset: dataset, glyphs: glyphs, index: index).draw(into: &grid, area: rect)
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
        } else if let loading = dataset.readiness.progress {
            // Nothing read yet that makes a period: the card's place says how far the load is.
            let note = ReadingProgress(loading: loading, glyphs: glyphs).note
            frame.grid.write(note, x: layout.card.x + max(0, (layout.card.width - TextWidth.columns(of: note)) / 2),
                             y: layout.card.y + layout.card.height / 2, style: .muted, clip: layout.card)
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
        dots.draw(into: &frame.grid, area: rect)
        for (page, x) in dots.placedDots(in: rect) {
            frame.addZone(Rect(x: x - 1, y: rect.y, width: 3, height: 1), .jump(toIndex: page))
        }
    }

    // MARK: card

    func drawCard(into grid: inout Grid, rect: Rect, page: Page, dimmed: Bool) {
        guard rect.width >= 4, rect.height >= 3 else { return }
        grid.fill(rect)
        glyphs.block(style: dimmed ? Style(.muted, dim: true) : Style.muted).draw(into: &grid, area: rect)
        PageChartView(navigation: navigation, env: env, page: page)
            .draw(into: &grid, area: Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2))
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
