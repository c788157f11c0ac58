/// Where the overview's sections go: a header line and a strip of mini
/// cards per level, then the top periods, one under the other in a page
/// that scrolls down under the screen's header. Shared by the screen and
/// the reducer (which keeps the selected section in view). The cards'
/// sparklines take two rows when every level's section fits that way.
struct OverviewLayout {
    static let cardWidth = 12
    static let cardSlot = cardWidth + 1
    static let topCount = 10

    let levels: Int
    /// The page's rows on screen: between the header and the footer.
    let body: Rect
    /// Rows of a card's sparkline.
    let sparklineRows: Int

    init(size: Size, levels: Int) {
        self.levels = levels
        body = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
        sparklineRows = levels * Self.sectionHeight(sparklineRows: 2) <= body.height ? 2 : 1
    }

    /// Rows of a level section: its header, a card (border, label, sparkline, total, border), a blank row.
    static func sectionHeight(sparklineRows: Int) -> Int { 6 + sparklineRows }

    var sectionHeight: Int { Self.sectionHeight(sparklineRows: sparklineRows) }

    /// A card's rows, its border included.
    var cardHeight: Int { 4 + sparklineRows }

    /// Where section `i` starts in the page (the last is the top periods).
    func sectionTop(_ i: Int) -> Int { i * sectionHeight }

    var contentHeight: Int { levels * sectionHeight + 1 + Self.topCount }

    /// Section `i`'s header and strip in the page (the blank row after them need not show).
    func section(_ i: Int) -> Rect {
        Rect(x: 0, y: sectionTop(i), width: body.width, height: sectionHeight - 1)
    }

    /// The page scrolled down by `scroll` rows, no further than its end at the bottom.
    func viewport(scroll: Int) -> Viewport {
        Viewport(area: body, contentSize: Size(width: body.width, height: contentHeight), offset: Viewport.Offset(x: 0, y: scroll))
    }

    /// The first card a strip shows so the selected one is in view, snapped to whole cards.
    static func firstCard(selected: Int, count: Int, width: Int) -> Int {
        let whole = max(1, (width - 2) / cardSlot)
        return max(0, min(selected - whole / 2, count - whole))
    }
}
