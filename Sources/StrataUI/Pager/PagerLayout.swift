/// Where the pager's parts go at a size. Rows are given up as the terminal
/// shrinks: the footer below 9 rows, the period strip below 8, the stats
/// line below 7. The card gets the rest, narrowed at 100 columns and wider
/// so the neighbours peek in.
struct PagerLayout {
    let header = 0
    let strip: Int?
    let card: Rect
    let stats: Int?
    let dots: Int
    let footer: Int?
    /// Columns of each neighbouring card that show beside the card.
    let peek: Int

    init(size: Size) {
        let h = size.height
        let hasFooter = h >= 9, hasStrip = h >= 8, hasStats = h >= 7
        let rows = Layout(.vertical, [.length(1), .length(hasStrip ? 1 : 0), .fill(1), .length(hasStats ? 1 : 0),
                                      .length(1), .length(hasFooter ? 1 : 0)])
            .split(Rect(x: 0, y: 0, width: size.width, height: h))
        // At most 7 columns of each neighbour: from 120 columns on, a month of days gets 2-column bars.
        peek = size.width >= 100 ? min(7, (size.width - 96) / 2 + 2) : 0
        let gutter = peek > 0 ? peek + 1 : 0
        card = Layout(.horizontal, [.length(gutter), .fill(1), .length(gutter)]).split(rows[2])[1]
        strip = hasStrip ? rows[1].y : nil
        stats = hasStats ? rows[3].y : nil
        dots = rows[4].y
        footer = hasFooter ? rows[5].y : nil
    }
}
