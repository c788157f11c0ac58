/// Where the card's parts go at a size, shared by the screen and the
/// reducer (which needs the body's height to page and keep the cursor in view).
struct CardLayout: Equatable {
    var header = 0
    var strip: Int?
    var box: Rect
    var chart: Rect?
    var tableHeader: Int
    var body: Rect
    var footer: Int

    init(size: Size) {
        let hasStrip = size.height >= 10
        let rows = Layout(.vertical, [.length(1), .length(hasStrip ? 1 : 0), .fill(1), .length(1)])
            .split(Rect(x: 0, y: 0, width: size.width, height: size.height))
        strip = hasStrip ? rows[1].y : nil
        box = rows[2]
        footer = rows[3].y
        let inner = box.inset(dx: 2, dy: 1)
        // Below about 40×12 the chart goes and the table keeps the room.
        let hasChart = size.width >= 40 && size.height >= 12
        let parts = Layout(.vertical, [.length(hasChart ? max(4, inner.height / 3) : 0), .length(1), .fill(1)]).split(inner)
        chart = hasChart ? parts[0] : nil
        tableHeader = parts[1].y
        body = parts[2]
    }

    /// The record view's lines: the whole box, its border holding the record's place.
    var record: Rect { box.inset(dx: 2, dy: 1) }

    /// Body lines: the sub-buckets, a heading, then the raw rows.
    static func line(ofItem item: Int, buckets: Int) -> Int { item < buckets ? item : item + 1 }

    /// The body scrolled by `scroll` lines over the content's lines (an
    /// item each and the rows' heading).
    func viewport(scroll: Int, content: CardContent) -> Viewport {
        Viewport(area: body, contentSize: Size(width: body.width, height: content.itemCount + 1),
                 offset: Viewport.Offset(x: 0, y: scroll))
    }
}
