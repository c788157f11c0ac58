/// The series of a `GROUP BY`'s rows: numbered as their names first
/// appear, then renumbered in the order of their first instants, as a file
/// sorted by time names them (the name breaks a tie).
struct PostgresSeriesOrder {
    /// The series a load keeps, as a file keeps 1,000 (`SeriesTable.limit`).
    static let loadLimit = 1000

    /// Series after this many by appearance get no number (nil: every one does).
    private let limit: Int?
    private var seen: [String: Int] = [:]
    private var keys: [String] = []
    private var firstInstants: [Double] = []

    var isEmpty: Bool { keys.isEmpty }

    init(limit: Int? = nil) {
        self.limit = limit
    }

    /// The number of series `key` by appearance; `instant` is one of its
    /// instants. Nil past the limit: that series is left out, every row of it.
    mutating func number(_ key: String, instant: Double) -> Int? {
        let series: Int
        if let known = seen[key] {
            series = known
        } else {
            if let limit, keys.count >= limit { return nil }
            series = keys.count
            seen[key] = series
            keys.append(key)
            firstInstants.append(.infinity)
        }
        firstInstants[series] = min(firstInstants[series], instant)
        return series
    }

    /// The series' names in order (`keeping`'s when given), and where each
    /// series numbered by appearance goes: one not in `keeping` goes to
    /// `rest` (the series that holds every one not kept apart), else past
    /// the last, where no one reads it.
    func renumbering(keeping order: [String]?, rest: Int? = nil) -> (names: [String], map: [Int]) {
        let names = order ?? keys.indices.sorted { (firstInstants[$0], keys[$0]) < (firstInstants[$1], keys[$1]) }.map { keys[$0] }
        let number = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        return (names, keys.map { number[$0] ?? rest ?? names.count })
    }
}
