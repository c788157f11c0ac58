/// The card's own state: which line the cursor is on, how far the body is
/// scrolled, the last search, and the record opened over it. Items are the period's sub-buckets, then
/// its raw rows; the period itself is the level's shared position.
public struct CardState: Equatable, Sendable {
    public var cursor: Int = 0
    /// The first body line shown.
    public var scroll: Int = 0
    /// What `/` last looked for; `n` looks for it again.
    public var search: TextSearch?
    /// `Enter` on a raw row: the record whole, over the card.
    public var record: RecordView?

    public init(cursor: Int = 0, scroll: Int = 0, query: String? = nil, record: RecordView? = nil) {
        self.cursor = cursor
        self.scroll = scroll
        self.search = query.map(TextSearch.init)
        self.record = record
    }
}
