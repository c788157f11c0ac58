/// Where the overview's sections go: a header line and a strip of mini
/// cards per level, then the top periods, one under the other in a page
/// that scrolls down under the screen's header. Shared by the screen and
/// the reducer (which keeps the selected section in view).
struct OverviewLayout {
    /// Rows of a level section: its header, a card of five rows, a blank row.
    static let sectionHeight = 7
    static let cardWidth = 12
    static let cardSlot = cardWidth + 1
    static let topCount = 10

    let levels: Int
    /// The page's rows on screen: between the header and the footer.
    let body: Rect

    init(size: Size, levels: Int) {
        self.levels = levels
        body = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
    }

    /// Where section `i` starts in the page (the last is the top periods).
    func sectionTop(_ i: Int) -> Int { i * Self.sectionHeight }

    var contentHeight: Int { levels * Self.sectionHeight + 1 + Self.topCount }

    /// The scroll that shows all of section `i` (or its top, when taller
    /// than the screen), moving as little as possible.
    func scroll(_ scroll: Int, revealing i: Int) -> Int {
        let top = sectionTop(i), height = min(Self.sectionHeight - 1, body.height)
        var s = scroll
        if top + height > s + body.height { s = top + height - body.height }
        if top < s { s = top }
        return clamp(s)
    }

    func clamp(_ scroll: Int) -> Int {
        max(0, min(scroll, contentHeight - body.height))
    }

    /// The first card a strip shows so the selected one is in view, snapped to whole cards.
    static func firstCard(selected: Int, count: Int, width: Int) -> Int {
        let whole = max(1, (width - 2) / cardSlot)
        return max(0, min(selected - whole / 2, count - whole))
    }
}
