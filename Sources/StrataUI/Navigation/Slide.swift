/// A page sliding in after a move: presentation only, kept beside `State`
/// (never in it), so the state machine stays free of time.
public struct Slide: Equatable, Sendable {
    public static let duration = 120  // milliseconds
    /// The page that slides out.
    public let fromIndex: Int
    /// +1 when the new page comes in from the right (moving forward in time).
    public let direction: Int
    public var elapsed: Int = 0

    public init(fromIndex: Int, direction: Int) {
        self.fromIndex = fromIndex
        self.direction = direction
    }

    /// Eased progress from 0 to 1 (ease-out: fast start, gentle landing).
    public var progress: Double {
        let t = min(1, max(0, Double(elapsed) / Double(Self.duration)))
        return 1 - (1 - t) * (1 - t)
    }

    public var isFinished: Bool { elapsed >= Self.duration }
}
