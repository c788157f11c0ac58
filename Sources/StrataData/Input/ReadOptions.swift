/// How the input is written; `auto` sniffs each input. `json` is one
/// JSON document (its records an array of objects), `jsonl` one object per line.
public enum InputFormat: String, CaseIterable, Sendable {
    case auto, csv, tsv, json, jsonl, lines
}

/// What the command line says about reading the input.
public struct ReadOptions: Sendable {
    public var format: InputFormat = .auto
    /// A header name or 1-based index; `A+B` joins a date and a time column.
    /// For JSON Lines, a field name or dotted path (`event.ts`).
    public var timeColumn: String?
    public var valueColumn: String?
    public var seriesColumn: String?
    /// The most series kept apart, the others folded into one (`SeriesRule`);
    /// nil: `SeriesRule.cap` for a series column found, none for one named.
    public var seriesCap: Int?
    /// `--json-path`: the dotted path of a JSON document's array of records.
    public var jsonPath: String?
    /// `--end`: the column where each row's interval ends (a time); `none`:
    /// the rows are instants, whatever their columns.
    public var endColumn: String?
    public var endsNone: Bool { endColumn?.lowercased() == "none" }
    /// `--duration`: the column holding each row's interval length.
    public var durationColumn: String?
    /// `--label`: the text the timeline writes in an interval's block.
    public var labelColumn: String?
    /// `--count`: every row counts 1, whatever the columns hold.
    public var countOnly = false
    /// strftime-style, e.g. `%d.%m.%Y %H:%M`.
    public var timeFormat: String?
    /// nil: detect the header; false: `--no-header`; true: the first row is a header.
    public var header: Bool?
    /// `--skip N`: lines above a CSV/TSV's header; nil: found (`Sample.preambleLength`).
    public var skipLines: Int?
    /// `--where`: only the rows it passes are read; the others are counted (`LoadResult.filteredOut`).
    public var filter: RowFilter?
    /// `--strict`: stop at the first bad row (exit 65).
    public var strict = false
    /// "Now" in UTC seconds, for syslog times (which have no year); nil: the clock.
    public var now: Int64?
    /// `--year`: the year of each input's first syslog time; later ones count on from it.
    public var year: Int?
    /// How many skipped rows `LoadResult.firstSkipped` keeps.
    public var skippedToKeep = 5
    /// Where readers report rows and bytes as they go, for a progress line.
    public var progress: LoadProgress?
    /// Read only the first `head` and the last `tail` bytes of the data of
    /// a regular file (each widened to whole records): a first look at a
    /// sorted file, on screen before the rest is read. nil: read it all.
    public var headAndTail: (head: Int64, tail: Int64)?
    /// Read a regular file up to its last line end (`-f`): a half-written
    /// last line waits for the follower to see its newline, not counted half.
    public var endsAtLastLine = false
    /// Stop each input once its columns are picked, reading no rows: the
    /// picks and notes of a load without its rows (`FileSource.describe`).
    var planOnly = false
    /// `--memory`, in bytes: the buckets kept may be coarser than the levels
    /// need when finer ones would not fit (`BucketBudget`); nil: no limit.
    public var memoryBudget: Int64?
    /// `--agg` asks what values are like (a mean, min, max or percentile),
    /// not how many there are: rows that look like events are read by their
    /// measure, not counted.
    public var asksValues = false
    /// Every bucket keeps a sketch of its values, so percentiles can be
    /// asked (`--agg pNN`): they count against `memoryBudget` too.
    public var keepsSketches = false
    /// The percentiles asked for (`--agg pNN`, `--percentiles`): a database
    /// answers these and the stats line's p50, p95 and p99 per period, where a file's sketches answer any.
    public var percentiles: [Aggregate] = []
    /// A regular file with at least this many bytes after the sample is read
    /// by two threads (one per half). Internal, so tests can make it small.
    var splitThreshold: Int64 = 8 << 20
    /// Several inputs and no `--series`: each input is a series (set by the loader).
    var seriesPerFile = false
    /// Other value columns are loaded for one input only: several inputs
    /// may not share their columns (set by the loader).
    var loadsOtherValues = true
    /// Buffer sizes of the record scanner: tests and the fuzzer make them tiny.
    public var limits = ScannerLimits()

    public init() {}
}
