/// `Enter` on a raw row of the card: that record whole, one field a line,
/// scrolled by `scroll` lines. The card under it keeps its cursor and
/// scroll, so `Esc` goes back to it where it was.
public struct RecordView: Equatable, Sendable {
    /// The row's index among the card's raw rows.
    public var row: Int
    /// The first line shown.
    public var scroll: Int = 0

    public init(row: Int, scroll: Int = 0) {
        self.row = row
        self.scroll = scroll
    }
}
