import Foundation
import StrataData

/// The map's rows of cells already worked out, by level, period, series
/// and value: a key redraws some fifty rows that mostly did not change, and
/// building each period's page again (a search and a walk in the base
/// buckets) cost more than shading it. Rendering stays a function of state
/// and data; this only remembers its work. The app keeps one for its dataset.
final class MapRows: @unchecked Sendable {
    struct Key: Hashable {
        let level: Level
        let row: Int
        let series: Int
        let value: Int
    }

    /// Rows kept at most (a few hundred bytes each); past it, the memory starts over.
    static let limit = 8192

    private let lock = NSLock()
    private var rows: [Key: [MapGrid.Cell]] = [:]

    init() {}

    func cells(_ key: Key, make: () -> [MapGrid.Cell]) -> [MapGrid.Cell] {
        if let cells = lock.withLock({ rows[key] }) { return cells }
        let cells = make()
        lock.withLock {
            if rows.count >= Self.limit { rows.removeAll(keepingCapacity: true) }
            rows[key] = cells
        }
        return cells
    }
}
