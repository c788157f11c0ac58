import StrataData

/// What rendering needs besides state and data: injected, never read from
/// the environment inside a widget.
public struct RenderContext: Sendable {
    public var glyphs: Glyphs
    /// "Now" as a UTC instant (`--now` fixes it), for partial periods.
    public var now: Int64

    public init(glyphs: Glyphs = .unicode, now: Int64) {
        self.glyphs = glyphs
        self.now = now
    }
}
