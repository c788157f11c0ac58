/// Semantic colours: widgets say what a cell *is*; the backend decides how
/// that looks with 256, 8 or no colours (and `--color` dumps map them to SGR).
public enum Tint: Hashable, Sendable {
    case plain
    case accent      // the current page, the active tab, the cursor
    case muted       // secondary text, axes, peeking neighbours
    case bar         // chart bars
    case negative    // bars below zero, drops
    case positive    // rises
    case warning     // skipped rows, "so far"
    case heat(UInt8) // heatmap shade 0 (empty) ... 8 (hottest)
    case series(UInt8) // one series among several on a chart, 0 ... seriesColors - 1, then again
}

public struct Style: Hashable, Sendable {
    public var tint: Tint
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool

    public init(_ tint: Tint = .plain, bold: Bool = false, dim: Bool = false, reverse: Bool = false) {
        self.tint = tint
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
    }

    public static let plain = Style()
    public static let muted = Style(.muted)
    public static let accent = Style(.accent, bold: true)
    /// The `index`th series on a chart of several.
    public static func series(_ index: Int) -> Style { Style(.series(UInt8(index % Int(ColorMap.seriesColors)))) }
}

public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

public struct Rect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The rectangle shrunk by `dx` columns on each side and `dy` rows top and bottom.
    public func inset(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        return Rect(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
    }
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }
}
