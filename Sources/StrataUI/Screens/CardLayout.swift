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
        let h = size.height, w = size.width
        let hasStrip = h >= 10
        strip = hasStrip ? 1 : nil
        let top = hasStrip ? 2 : 1
        footer = h - 1
        box = Rect(x: 0, y: top, width: w, height: footer - top)
        let inner = Rect(x: 2, y: top + 1, width: w - 4, height: box.height - 2)
        // Below about 40×12 the chart goes and the table keeps the room.
        var y = inner.y
        if w >= 40, h >= 12 {
            let chartHeight = max(4, inner.height / 3)
            chart = Rect(x: inner.x, y: y, width: inner.width, height: chartHeight)
            y += chartHeight
        }
        tableHeader = y
        body = Rect(x: inner.x, y: y + 1, width: inner.width, height: max(0, inner.maxY - y - 1))
    }

    /// Body lines: the sub-buckets, a heading, then the raw rows.
    static func line(ofItem item: Int, buckets: Int) -> Int { item < buckets ? item : item + 1 }

    /// The scroll that keeps `line` in view, moving as little as possible.
    func scroll(_ scroll: Int, revealing line: Int) -> Int {
        let height = max(1, body.height)
        if line < scroll { return line }
        if line >= scroll + height { return line - height + 1 }
        return scroll
    }
}
