/// How many of the gaps between a series' distinct times are near its
/// typical gap, or on its grid.
struct Regularity {
    var gaps = 0, near = 0, onGrid = 0

    /// Most gaps within a few percent of the typical one (months of 28 to
    /// 31 days, years of 365 or 366 count as regular), or all on a grid of
    /// a minute or more (daily readings with days missing).
    mutating func add(_ distinct: [Int64]) {
        let gaps = zip(distinct.dropFirst(), distinct).map { $0 - $1 }.sorted()
        guard gaps.count >= 2, let step = gaps.first else { return }
        let typical = Double(gaps[gaps.count / 2])
        self.gaps += gaps.count
        near += gaps.count { Double($0) >= 0.85 * typical && Double($0) <= 1.2 * typical }
        if step >= 60 { onGrid += gaps.count { $0 % step == 0 } }
    }

    /// Too few gaps to tell count as regular.
    var isRegular: Bool { gaps == 0 || near * 10 >= gaps * 7 || onGrid * 10 >= gaps * 9 }

    /// Readings at a steady pace, told from enough gaps: a grid alone does
    /// not do (sales at whole minutes are all on one, and come when they come).
    var isSteady: Bool { gaps >= 8 && near * 10 >= gaps * 7 }
}
