/// The overview's own state: how far its page of sections is scrolled
/// down. The selected section is the current level and each strip's
/// selected card that level's position, shared with every other screen.
public struct OverviewState: Equatable, Sendable {
    /// The first content row shown under the header.
    public var scroll: Int = 0

    public init(scroll: Int = 0) {
        self.scroll = scroll
    }
}
