/// The sketches of a load that keeps them (`--agg pNN`): per value column,
/// per series, one `QuantileSketch` for each period of `unit` with values,
/// beside the buckets rather than in them, so a load with no percentile
/// asked holds and does nothing more. `unit` is the base unit, or coarser
/// when the sketches would not fit the budget (`BucketBudget`): finer
/// sub-buckets' percentiles are then read back from the source, as fine
/// pages are.
public struct SketchTable: Sendable {
    public private(set) var unit: TimeUnit
    /// `periods[column][series][ordinal of unit]`.
    private var periods: [[[Int: QuantileSketch]]] = []
    /// Periods held, over every column and series.
    private(set) var count = 0
    /// The open period's values, per column, until it is stored.
    private var open: [QuantileSketch] = []
    /// The period of `unit` and the series the open values are of.
    private var target: (ordinal: Int, series: Int)?

    public init(unit: TimeUnit) {
        self.unit = unit
    }

    /// Adds a value of the open period's column `k`.
    @inline(__always)
    mutating func add(_ value: Double, column k: Int) {
        while open.count <= k { open.append(QuantileSketch()) }
        open[k].add(value)
    }

    /// Makes the period of `unit` at `ordinal`, of `series`, the open one,
    /// storing the values of another open before it: true when it did.
    mutating func enter(ordinal: Int, series: Int) -> Bool {
        if let target, target.ordinal == ordinal, target.series == series { return false }
        storeOpen()
        target = (ordinal, series)
        return true
    }

    /// Moves the open values into their period; it stays open.
    mutating func storeOpen() {
        guard let target else { return }
        for k in open.indices where open[k].count > 0 {
            merge(open[k], column: k, series: target.series, ordinal: target.ordinal)
            open[k] = QuantileSketch()
        }
    }

    private mutating func merge(_ sketch: QuantileSketch, column k: Int, series s: Int, ordinal: Int) {
        while periods.count <= k { periods.append([]) }
        while periods[k].count <= s { periods[k].append([:]) }
        if periods[k][s][ordinal] == nil { count += 1 }
        periods[k][s][ordinal, default: QuantileSketch()].merge(sketch)
    }

    /// Adds `other`'s sketches (of the same unit); `seriesMap[i]` is where its series `i` goes.
    mutating func merge(_ other: SketchTable, seriesMap: [Int]? = nil) {
        for (k, column) in other.periods.enumerated() {
            for (i, series) in column.enumerated() {
                for (ordinal, sketch) in series { merge(sketch, column: k, series: seriesMap?[i] ?? i, ordinal: ordinal) }
            }
        }
    }

    /// Each period merged into the one of `coarser` holding it.
    mutating func coarsen(to coarser: TimeUnit, calendar: CalendarSystem) {
        guard coarser > unit else { return }
        storeOpen()
        let from = unit
        target = target.map { (calendar.ordinal(of: coarser, at: calendar.start(of: from, ordinal: $0.ordinal)), $0.series) }
        periods = periods.map { column in
            column.map { series in
                var table: [Int: QuantileSketch] = [:]
                for (ordinal, sketch) in series {
                    table[calendar.ordinal(of: coarser, at: calendar.start(of: from, ordinal: ordinal)), default: QuantileSketch()].merge(sketch)
                }
                return table
            }
        }
        count = periods.joined().reduce(0) { $0 + $1.count }
        unit = coarser
    }

    /// Column `k` alone, as column 0.
    func column(_ k: Int) -> SketchTable {
        var one = SketchTable(unit: unit)
        one.periods = k < periods.count ? [periods[k]] : []
        one.count = one.periods.joined().reduce(0) { $0 + $1.count }
        return one
    }

    /// Puts series `i` into series `map[i]`.
    mutating func regroupSeries(_ map: [Int]) {
        var regrouped = SketchTable(unit: unit)
        regrouped.merge(self, seriesMap: map)
        periods = regrouped.periods
        count = regrouped.count
    }

    /// Column 0's periods of series `s` (every series together when nil), sorted by ordinal.
    public func sorted(series s: Int?) -> SortedSketches {
        let column = periods.first ?? []
        var table: [Int: QuantileSketch] = [:]
        if let s {
            if s < column.count { table = column[s] }
        } else {
            for series in column { for (ordinal, sketch) in series { table[ordinal, default: QuantileSketch()].merge(sketch) } }
        }
        return SortedSketches(table)
    }
}

/// One series' sketches, sorted by the ordinal of their unit, so that a
/// period's or sub-bucket's is merged from a run of them.
public struct SortedSketches: Sendable {
    public let ordinals: [Int]
    public let sketches: [QuantileSketch]

    init(_ table: [Int: QuantileSketch]) {
        let sorted = table.sorted { $0.key < $1.key }
        ordinals = sorted.map(\.key)
        sketches = sorted.map(\.value)
    }

    /// Every sketch with an ordinal in `range`, merged.
    public func merged(in range: Range<Int>) -> QuantileSketch {
        var low = 0, high = ordinals.count
        while low < high {
            let mid = (low + high) / 2
            if ordinals[mid] < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var sketch = QuantileSketch()
        while low < ordinals.count, ordinals[low] < range.upperBound {
            sketch.merge(sketches[low])
            low += 1
        }
        return sketch
    }
}
