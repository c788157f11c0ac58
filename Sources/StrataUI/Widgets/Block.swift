/// A border with an optional title in its top edge: the frame of a card, a
/// mini card in the overview, a dialog. Draws nothing when the area is too
/// small for a border, and its `inner` area is then empty.
public struct Block: Widget, Sendable {
    /// The six pieces of a border.
    public struct Border: Equatable, Sendable {
        public let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Unicode.Scalar

        public static let rounded = Border(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
        public static let light = Border(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
        public static let heavy = Border(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
        public static let ascii = Border(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
    }

    public var title: String?
    public var border: Border
    public var style: Style
    public var titleStyle: Style
    /// Ends a title cut to fit (`…`, or `...` in ASCII).
    public var ellipsis: String

    public init(title: String? = nil, border: Border = .rounded, style: Style = .muted, titleStyle: Style = .plain,
                ellipsis: String = "…") {
        self.title = title
        self.border = border
        self.style = style
        self.titleStyle = titleStyle
        self.ellipsis = ellipsis
    }

    /// The area inside the border.
    public func inner(_ area: Rect) -> Rect {
        guard area.width >= 2, area.height >= 2 else { return Rect(x: area.x, y: area.y, width: 0, height: 0) }
        return area.inset(dx: 1, dy: 1)
    }

    public func draw(into grid: inout Grid, area: Rect) {
        guard area.width >= 2, area.height >= 2 else { return }
        let bottom = area.maxY - 1, right = area.maxX - 1
        for x in (area.x + 1)..<right {
            grid.put(border.horizontal, x: x, y: area.y, style: style)
            grid.put(border.horizontal, x: x, y: bottom, style: style)
        }
        for y in (area.y + 1)..<bottom {
            grid.put(border.vertical, x: area.x, y: y, style: style)
            grid.put(border.vertical, x: right, y: y, style: style)
        }
        grid.put(border.topLeft, x: area.x, y: area.y, style: style)
        grid.put(border.topRight, x: right, y: area.y, style: style)
        grid.put(border.bottomLeft, x: area.x, y: bottom, style: style)
        grid.put(border.bottomRight, x: right, y: bottom, style: style)
        // `╭─ title ─╮`: the title needs at least one column of its own between its spaces.
        if let title, !title.isEmpty, area.width >= 6 {
            let used = grid.write(title, x: area.x + 3, y: area.y, width: area.width - 5, ellipsis: ellipsis, style: titleStyle)
            grid.put(" ", x: area.x + 2, y: area.y, style: style)
            grid.put(" ", x: area.x + 3 + used, y: area.y, style: style)
        }
    }
}
