/// One mouse report, in screen cells (0-based), as SGR (1006) or X10
/// terminals send it: a press, a drag with a button held (1002), a
/// release, or a wheel step in any of four directions.
public struct MouseEvent: Hashable, Sendable {
    public enum Button: Hashable, Sendable { case left, middle, right }
    public enum Wheel: Hashable, Sendable { case up, down, left, right }
    public enum Kind: Hashable, Sendable {
        case press(Button)
        case drag(Button)
        case release
        case wheel(Wheel)
    }

    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }

    public var kind: Kind
    public var x: Int
    public var y: Int
    public var modifiers: Modifiers

    public init(_ kind: Kind, x: Int, y: Int, modifiers: Modifiers = []) {
        self.kind = kind
        self.x = x
        self.y = y
        self.modifiers = modifiers
    }

    /// The wheel as the screen should read it: Shift turns the vertical
    /// wheel sideways, as most terminals and browsers do.
    public var effectiveWheel: Wheel? {
        guard case .wheel(let wheel) = kind else { return nil }
        guard modifiers.contains(.shift) else { return wheel }
        switch wheel {
        case .up: return .left
        case .down: return .right
        case .left, .right: return wheel
        }
    }
}
