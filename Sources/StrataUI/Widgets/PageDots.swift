/// The page control: a window of dots centred on the current page that
/// slides as you page and stops at both ends, dots shrinking and dimming
/// with distance, and the position as `LEVEL N/M` at the right.
public struct PageDots: Widget, Sendable {
    public var current: Int
    public var count: Int
    public var levelName: String
    public var glyphs: Glyphs
    /// While a slide runs: the page it started from and its progress (0...1).
    public var slideFrom: (Int, Double)?
    /// Most dots shown, whatever the width.
    public static let maxDots = 9
    static let spacing = 3

    public init(current: Int, count: Int, levelName: String, glyphs: Glyphs) {
        self.current = current
        self.count = count
        self.levelName = levelName
        self.glyphs = glyphs
    }

    /// `day 65/1461`: scripts and tests read this; keep it exact.
    public var positionText: String {
        count == 0 ? "\(levelName) 0/0" : "\(levelName) \(current + 1)/\(count)"
    }

    /// The pages the window shows.
    public func window(fitting width: Int) -> Range<Int> {
        let fit = max(0, (width + Self.spacing - 1) / Self.spacing)
        let shown = min(count, Self.maxDots, fit)
        guard shown > 0 else { return 0..<0 }
        let start = min(max(current - shown / 2, 0), count - shown)
        return start..<(start + shown)
    }

    /// Where each dot of the window goes in `rect` (the position text takes the right end).
    public func placedDots(in rect: Rect) -> [(page: Int, x: Int)] {
        let positionWidth = TextWidth.columns(of: positionText)
        let window = window(fitting: max(0, rect.width - positionWidth - 2))
        guard !window.isEmpty else { return [] }
        let used = (window.count - 1) * Self.spacing + 1
        // Centre the dots on the screen unless the position text is in the way.
        let centred = rect.x + (rect.width - used) / 2
        let x = max(rect.x, min(centred, rect.maxX - positionWidth - 2 - used))
        return window.enumerated().map { (page: $0.element, x: x + $0.offset * Self.spacing) }
    }

    public func draw(into grid: inout Grid, area rect: Rect) {
        guard rect.height > 0, rect.width > 0 else { return }
        let position = positionText
        let positionWidth = TextWidth.columns(of: position)
        grid.write(position, x: rect.maxX - positionWidth, y: rect.y, style: .muted, clip: rect)
        var shift = 0
        if let (from, progress) = slideFrom {
            // While paging, the window glides from where it was to where it is.
            let width = max(0, rect.width - positionWidth - 2)
            var before = self
            before.current = from
            let moved = window(fitting: width).lowerBound - before.window(fitting: width).lowerBound
            shift = Int((Double(moved * Self.spacing) * (1 - progress)).rounded())
        }
        let dotsArea = Rect(x: rect.x, y: rect.y, width: rect.width - positionWidth - 1, height: 1)
        for (page, x) in placedDots(in: rect) {
            let distance = abs(page - current)
            let glyph: Character
            let style: Style
            switch distance {
            case 0: glyph = glyphs.dots[0]; style = .accent
            case 1...2: glyph = glyphs.dots[1]; style = .plain
            case 3: glyph = glyphs.dots[2]; style = .muted
            default: glyph = glyphs.dots[3]; style = Style(.muted, dim: true)
            }
            grid.write(String(glyph), x: x + shift, y: rect.y, style: style, clip: dotsArea)
        }
    }
}
