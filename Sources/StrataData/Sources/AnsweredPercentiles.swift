/// What `Source.percentiles` returns: the first value's percentiles of
/// each period of `unit` in `range`, cut to the range at its edges (a
/// quarter's first week starts with the quarter), answered whole by the
/// source (a database's `percentile_cont`), of every series together and
/// of each. Answers do not merge (`QuantileSketch(answers:count:)`), so
/// every cell a screen shows is asked for as it is.
public struct AnsweredPercentiles: Sendable, Equatable {
    public let unit: TimeUnit
    /// UTC seconds, `[start, end)`.
    public let range: Range<Int64>
    /// `periods[s][start]`: series 0 every series together, `i` the load's
    /// series `i - 1`; keyed by the period's start, cut to the range.
    private var periods: [[Int64: QuantileSketch]]
    /// Each series' answers over the whole range, when asked for.
    private var wholes: [QuantileSketch]

    /// No answers yet, for every series together and `seriesCount` more.
    public init(unit: TimeUnit, range: Range<Int64>, seriesCount: Int) {
        self.unit = unit
        self.range = range
        periods = Array(repeating: [:], count: seriesCount + 1)
        wholes = Array(repeating: QuantileSketch(), count: seriesCount + 1)
    }

    /// Puts the answers of series `s`'s period starting at `start` (nil: the whole range) in place.
    public mutating func insert(_ sketch: QuantileSketch, series s: Int, start: Int64?) {
        guard periods.indices.contains(s) else { return }
        if let start { periods[s][start] = sketch } else { wholes[s] = sketch }
    }

    /// Series `s`'s answers for the period starting at `start`: none (an empty sketch) when it has no values.
    public func sketch(series s: Int, start: Int64) -> QuantileSketch {
        periods.indices.contains(s) ? periods[s][start] ?? QuantileSketch() : QuantileSketch()
    }

    /// Series `s`'s `q` quantile of every period that has one, in no order (a map's colour scale).
    public func quantiles(series s: Int, _ q: Double) -> [Double] {
        periods.indices.contains(s) ? periods[s].values.compactMap { $0.quantile(q) } : []
    }

    /// Series `s`'s answers over the whole range.
    public func whole(series s: Int) -> QuantileSketch {
        wholes.indices.contains(s) ? wholes[s] : QuantileSketch()
    }

    /// The periods answered, over every series: what keeping them takes.
    var count: Int { periods.reduce(0) { $0 + $1.count } + wholes.count }
}
