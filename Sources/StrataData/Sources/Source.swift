/// Where a dataset's numbers come from, asked six things (ARCHITECTURE,
/// "Sources"). Each query is one a database answers in SQL as well as a
/// file answers through its checkpoints, so the screens never know which
/// they have:
///
/// | query    | a file                          | a database                              |
/// |----------|---------------------------------|-----------------------------------------|
/// | describe | the readers' sample             | the catalog, a sample                   |
/// | coarse   | the background load             | `GROUP BY date_trunc(unit, t, zone)`    |
/// | fine     | the checkpoints' byte ranges    | `WHERE t >= $1 AND t < $2 GROUP BY …`   |
/// | rows     | the same ranges, in file order  | `WHERE t >= $1 AND t < $2 ORDER BY t LIMIT n` |
/// | intervals| the same ranges, every interval | `WHERE start < $2 AND (end > $1 OR start >= $1)` |
/// | percentiles | none: its sketches merge | `percentile_cont … WHERE t >= $1 AND t < $2 GROUP BY width_bucket(t, …)` |
///
/// Times are UTC seconds and ranges are half-open, `[start, end)`; series
/// are numbered as `LoadResult.seriesNames` names them.
public protocol Source: AnyObject, Sendable {
    /// The columns and what was picked from them, with the notes that say
    /// so, without reading the rows.
    func describe() throws(ReadError) -> SourceDescription

    /// Starts the load of the periods: returns what the first screen can
    /// show, then calls `update` on a worker thread with every later
    /// state, the last being `.finished` or `.failed` (see `BackgroundLoad`).
    func coarse(update: @escaping @Sendable (BackgroundLoad.Update) -> Void) throws(ReadError) -> LoadResult

    /// Every row of `[start, end)` aggregated into the sub-buckets of
    /// `unit` in the source's calendar, per value column and series: exact,
    /// whatever the resolution the periods were loaded at. A long read (an
    /// unsorted file, gzip, a slow query) calls `progress` now and then with
    /// the share done (0...1); when it returns false the read stops and the
    /// answer is nil, never buckets of part of the range.
    func fine(from start: Int64, to end: Int64, unit: TimeUnit, progress: ((Double) -> Bool)?) throws(ReadError) -> FineBuckets?

    /// Up to `limit` raw rows of `[start, end)` of `series` (0: every
    /// series, `i`: `seriesNames[i - 1]`, as `Dataset` counts), in the
    /// order the source holds them.
    func rows(from start: Int64, to end: Int64, series: Int, limit: Int) throws(ReadError) -> [RawRow]

    /// Interval data: every interval overlapping `[start, end)` (one of no
    /// length at `start` counts), of every series, by series and start, as
    /// the timeline draws them; nil when `progress` (as for `fine`) stopped
    /// the read. Rows reaching into the range from before it are found as
    /// the periods counted them.
    func intervals(from start: Int64, to end: Int64, progress: ((Double) -> Bool)?) throws(ReadError) -> IntervalIndex?

    /// The first value's percentiles of each period of `unit` in `[start,
    /// end)`, cut to the range, and of the whole range when `whole`, as the
    /// source answers them exactly; nil for a source whose load keeps
    /// sketches instead (a file: they merge into any period).
    func percentiles(of unit: TimeUnit, from start: Int64, to end: Int64, whole: Bool) throws(ReadError) -> AnsweredPercentiles?

    /// The connection the source is read over, when it can be lost and
    /// opened again (a database's); nil for a file.
    var link: SourceLink? { get }
}

extension Source {
    public var link: SourceLink? { nil }

    public func percentiles(of unit: TimeUnit, from start: Int64, to end: Int64, whole: Bool) throws(ReadError) -> AnsweredPercentiles? { nil }
}
