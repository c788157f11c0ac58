/// An animation in progress: what moves, and when it started and ends on
/// the app's monotonic clock. The reducer starts one; rendering reads its
/// progress at the frame's time; a tick past its end, or any key, ends it.
public struct Transition: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A page sliding in after a move; +1 when it comes from the right.
        case slide(fromIndex: Int, direction: Int)
        /// A frame moving between two places: the card growing from the
        /// page's place to the whole screen, or shrinking back.
        case grow(from: Rect, to: Rect)
    }

    public static let slideMilliseconds: Int64 = 120
    public static let expandMilliseconds: Int64 = 150
    /// About 60 frames a second while something moves.
    public static let frameMilliseconds: Int64 = 16

    public let kind: Kind
    public let start: Int64
    public let duration: Int64

    public init(_ kind: Kind, start: Int64, duration: Int64) {
        self.kind = kind
        self.start = start
        self.duration = duration
    }

    public var end: Int64 { start + duration }

    public func isFinished(at time: Int64) -> Bool { time >= end }

    /// The rectangle between `a` (progress 0) and `b` (progress 1).
    public static func interpolate(_ a: Rect, _ b: Rect, _ progress: Double) -> Rect {
        func mix(_ x: Int, _ y: Int) -> Int { x + Int((Double(y - x) * progress).rounded()) }
        return Rect(x: mix(a.x, b.x), y: mix(a.y, b.y), width: mix(a.width, b.width), height: mix(a.height, b.height))
    }

    /// Where a growing frame is at `time`; nil for a slide.
    public func frame(at time: Int64) -> Rect? {
        guard case .grow(let from, let to) = kind else { return nil }
        return Self.interpolate(from, to, progress(at: time))
    }

    /// Eased progress from 0 to 1 (ease-out: fast start, gentle landing).
    public func progress(at time: Int64) -> Double {
        guard duration > 0 else { return 1 }
        let t = min(1, max(0, Double(time - start) / Double(duration)))
        return 1 - (1 - t) * (1 - t)
    }
}
