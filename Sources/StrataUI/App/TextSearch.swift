/// `/` and `n`: what was last looked for, and the next of a screen's items
/// whose text holds it, ignoring case and wrapping around, as `less` searches.
public struct TextSearch: Equatable, Sendable {
    public let query: String

    public init(_ query: String) {
        self.query = query
    }

    /// The next of `count` items after `current` whose text holds the query.
    func next(count: Int, after current: Int, text: (Int) -> String) -> Int? {
        guard count > 0 else { return nil }
        let needle = query.lowercased()
        for step in 1...count {
            let item = (current + step) % count
            if text(item).lowercased().contains(needle) { return item }
        }
        return nil
    }
}
