/// `/` and `n`: the next of `count` items after `current` whose text holds
/// the query, ignoring case and wrapping around, as `less` searches.
enum TextSearch {
    static func next(_ query: String, count: Int, after current: Int, text: (Int) -> String) -> Int? {
        guard count > 0 else { return nil }
        let needle = query.lowercased()
        for step in 1...count {
            let item = (current + step) % count
            if text(item).lowercased().contains(needle) { return item }
        }
        return nil
    }
}
