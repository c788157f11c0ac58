import Synchronization

/// Values worked out so far, so that what a frame asks again (a level's
/// heat scale, a running period's interval stats) is built once, not once
/// per key. Shared by every copy of a dataset; safe from any thread. Past
/// `limit` values it starts over: keys that move with the clock would
/// otherwise pile up.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let values = Mutex<[Key: Value]>([:])
    private let limit: Int

    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// The value for `key`, built (and kept) the first time; nil when `build` has none yet.
    func value(_ key: Key, build: () -> Value?) -> Value? {
        if let known = values.withLock({ $0[key] }) { return known }
        guard let value = build() else { return nil }
        values.withLock {
            if $0.count >= limit { $0.removeAll() }
            $0[key] = value
        }
        return value
    }
}
