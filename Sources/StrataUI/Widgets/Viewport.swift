/// Scrolling and clipping for content bigger than its area, along one axis
/// or two, with header rows pinned to the top and header columns pinned to
/// the left (the map's hour header and period labels, the timeline's axis
/// and series names). Every scrolling screen keeps an offset and asks one
/// to clamp it and to reveal its cursor: the map, the card, the overview,
/// help and the timeline.
///
/// Content is measured in cells. Its first `stickyRows` rows are the column
/// header, which scrolls sideways only; its first `stickyColumns` columns
/// are the row header, which scrolls up and down only; the rest is the body,
/// which scrolls both ways. Nothing is drawn into a scratch grid: a screen
/// maps each content rect to the screen and clips it to its part's area.
public struct Viewport: Hashable, Sendable {
    public struct Offset: Hashable, Sendable {
        public var x: Int, y: Int
        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
        public static let zero = Offset(x: 0, y: 0)
    }

    public var area: Rect { didSet { clamp() } }
    public var contentSize: Size { didSet { clamp() } }
    public var stickyRows: Int { didSet { clamp() } }
    public var stickyColumns: Int { didSet { clamp() } }
    /// How far the body is scrolled, always within the content.
    public private(set) var offset: Offset

    public init(area: Rect, contentSize: Size, stickyRows: Int = 0, stickyColumns: Int = 0, offset: Offset = .zero) {
        self.area = area
        self.contentSize = contentSize
        self.stickyRows = max(0, stickyRows)
        self.stickyColumns = max(0, stickyColumns)
        self.offset = offset
        clamp()
    }

    // The pinned sizes as they fit on screen.
    private var headerHeight: Int { min(stickyRows, area.height) }
    private var headerWidth: Int { min(stickyColumns, area.width) }

    public var cornerArea: Rect { Rect(x: area.x, y: area.y, width: headerWidth, height: headerHeight) }
    public var columnHeaderArea: Rect {
        Rect(x: area.x + headerWidth, y: area.y, width: area.width - headerWidth, height: headerHeight)
    }
    public var rowHeaderArea: Rect {
        Rect(x: area.x, y: area.y + headerHeight, width: headerWidth, height: area.height - headerHeight)
    }
    public var bodyArea: Rect {
        Rect(x: area.x + headerWidth, y: area.y + headerHeight, width: area.width - headerWidth, height: area.height - headerHeight)
    }

    /// The largest offset along each axis: the body's end at the area's end.
    public var maxOffset: Offset {
        Offset(x: max(0, contentSize.width - stickyColumns - bodyArea.width),
               y: max(0, contentSize.height - stickyRows - bodyArea.height))
    }

    public mutating func scroll(dx: Int, dy: Int) {
        offset = Offset(x: offset.x + dx, y: offset.y + dy)
        clamp()
    }

    /// Scrolls as little as possible along each axis to show `rect` (in
    /// content cells): the cursor stays in view. A rect wider or taller than
    /// the body shows its top-left; a rect inside the headers moves nothing.
    public mutating func reveal(_ rect: Rect) {
        let body = bodyArea
        var x = offset.x, y = offset.y
        if rect.x >= stickyColumns {
            if rect.maxX - stickyColumns > x + body.width { x = rect.maxX - stickyColumns - body.width }
            if rect.x - stickyColumns < x { x = rect.x - stickyColumns }
        }
        if rect.y >= stickyRows {
            if rect.maxY - stickyRows > y + body.height { y = rect.maxY - stickyRows - body.height }
            if rect.y - stickyRows < y { y = rect.y - stickyRows }
        }
        offset = Offset(x: x, y: y)
        clamp()
    }

    /// Where a content rect lands on screen, not clipped: along an axis on
    /// which the rect starts in a header it does not scroll. Clip what is
    /// drawn there to `clip(forContent:)`.
    public func screenRect(forContent rect: Rect) -> Rect {
        Rect(x: area.x + rect.x - (rect.x < stickyColumns ? 0 : offset.x),
             y: area.y + rect.y - (rect.y < stickyRows ? 0 : offset.y),
             width: rect.width, height: rect.height)
    }

    /// The screen area of the part a content rect belongs to (by its origin).
    public func clip(forContent rect: Rect) -> Rect {
        switch (rect.y < stickyRows, rect.x < stickyColumns) {
        case (true, true): return cornerArea
        case (true, false): return columnHeaderArea
        case (false, true): return rowHeaderArea
        case (false, false): return bodyArea
        }
    }

    /// Calls `cell` with every content cell that shows and its screen
    /// position: headers and body alike, row by row, top to bottom.
    public func forEachVisibleCell(_ cell: (_ content: (x: Int, y: Int), _ screen: (x: Int, y: Int)) -> Void) {
        let body = bodyArea
        let pinnedColumns = 0..<min(headerWidth, contentSize.width)
        let columns = span(from: stickyColumns + offset.x, count: body.width, limit: contentSize.width)
        func draw(rows: Range<Int>, dy: Int) {
            for y in rows {
                for x in pinnedColumns { cell((x, y), (area.x + x, area.y + y - dy)) }
                for x in columns { cell((x, y), (area.x + x - offset.x, area.y + y - dy)) }
            }
        }
        draw(rows: 0..<min(headerHeight, contentSize.height), dy: 0)
        draw(rows: span(from: stickyRows + offset.y, count: body.height, limit: contentSize.height), dy: offset.y)
    }

    /// `count` cells from `start`, cut at `limit` (empty rather than reversed).
    private func span(from start: Int, count: Int, limit: Int) -> Range<Int> {
        let end = min(limit, start + count)
        return start < end ? start..<end : 0..<0
    }

    private mutating func clamp() {
        let limit = maxOffset
        offset = Offset(x: min(max(0, offset.x), limit.x), y: min(max(0, offset.y), limit.y))
    }
}
