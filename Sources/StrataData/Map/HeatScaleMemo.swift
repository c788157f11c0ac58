import Synchronization

/// The heat scales worked out so far, so a scale over a whole level is
/// built once per level, aggregate, series and value, not once per key.
/// Shared by every copy of a dataset; safe from any thread.
final class HeatScaleMemo: Sendable {
    struct Key: Hashable {
        let level: Level
        let aggregate: Aggregate
        /// nil: the cells of every series (the map's rows are the series).
        let series: Int?
        let value: Int
    }

    private let scales = Mutex<[Key: HeatScale]>([:])

    func scale(_ key: Key, build: () -> HeatScale) -> HeatScale {
        if let known = scales.withLock({ $0[key] }) { return known }
        let scale = build()
        scales.withLock { $0[key] = scale }
        return scale
    }
}
