import Foundation
import StrataData

/// Work a frame does for one period of a level, by series and value, kept
/// across frames: a key redraws many periods that did not change, and
/// working each out again (a search and a walk in the base buckets) costs
/// more than drawing it. Rendering stays a function of state and data; this
/// only remembers its work. The app keeps one per kind of work (the
/// overview's mini cards, the map's rows) for its dataset.
final class PeriodMemo<Value>: @unchecked Sendable {
    struct Key: Hashable {
        let level: Level
        let index: Int
        let series: Int
        let value: Int
    }

    /// Values kept at most; past it, the memory starts over.
    let limit: Int

    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    func value(_ level: Level, index: Int, series: Int, value v: Int, make: () -> Value) -> Value {
        let key = Key(level: level, index: index, series: series, value: v)
        if let known = lock.withLock({ values[key] }) { return known }
        let made = make()
        lock.withLock {
            if values.count >= limit { values.removeAll(keepingCapacity: true) }
            values[key] = made
        }
        return made
    }
}
