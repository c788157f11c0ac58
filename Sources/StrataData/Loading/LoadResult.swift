/// Everything read from the inputs: the accumulated buckets and the
/// accounting (`accepted + skipped + filteredOut == rowsRead`, always).
public struct LoadResult: Sendable {
    public var accumulator: Accumulator
    /// Series names in order of first appearance; name `i` is accumulator
    /// series `i`. Empty without `--series`.
    public var seriesNames: [String]
    /// The value column's name, or `ColumnNames.countedRows` when counting.
    public var valueName: String
    /// True when no input had a value column: every row counted 1.
    public var countsRows: Bool { valueName == ColumnNames.countedRows }
    /// A file name, `stdin`, or `a.csv +2` for several inputs.
    public var sourceName: String
    /// Data rows seen (blank lines and the header are not rows).
    public var rowsRead: Int
    public var accepted: Int
    public var skipped: Int
    /// Rows `--where` did not pass, and how many of those lacked a field it names.
    public var filteredOut = 0
    public var lackingField = 0
    /// The columns or fields of the first input a filter may name, as the sample found them;
    /// nil where they are not known (a database's, the demo's).
    public var filterFields: FilterFields?
    /// Those that can split the rows into series (`g`).
    public var breakdowns: [String] = []
    /// The first few skipped rows, in input order.
    public var firstSkipped: [SkippedRow]
    /// Lines for stderr: the format and columns picked, e.g.
    /// `time: column "date", format YYYY/MM/DD`.
    public var notes: [String]
    /// The first input's time column (`year+month+day` when built from
    /// parts), or `line` for logs.
    public var timeName: String
    /// The column that splits the rows into series (named or found); nil
    /// without one, and when each input file is a series.
    public var seriesColumn: String?
    /// The calendar the periods were read in (its zone may come from the data).
    public var calendar: CalendarSystem
    /// The levels picked or given; empty when the caller fixed the base unit.
    public var levels: [Level]
    /// What the first input's sample said (spacing, offsets, events or readings).
    public var profile: SampleProfile
    /// The other value columns, each with its buckets (one input only).
    public var otherValues: [(name: String, accumulator: Accumulator)]
    /// What bars show unless `--agg` says otherwise: `count` when counting
    /// rows, `mean` for a level such as a temperature or a price, else `sum`.
    public var suggestedAggregate: Aggregate { countsRows ? .count : profile.aggregate }
    /// Reads a period's raw records back from the inputs (the card's rows).
    public var rowLocator: RowLocator
    /// The times were written with more than one UTC offset (a DST change).
    public var offsetsDiffer = false
    /// Where the written offsets changed, over the whole read (see `WrittenOffsets`).
    var offsetChanges: [WrittenOffsets.Observation] = []
    /// Interval rows: every interval, for the timeline; nil for instants.
    public var intervals: IntervalIndex?
    /// A load still running: what has been read so far; nil once it has ended.
    public var loading: LoadingState?
    /// The connection the numbers are read again over (a database's), for
    /// the screens to say when it is lost; nil for files.
    public var link: SourceLink?
    /// What the footer says when the load made its base coarser to keep within the budget.
    public var budgetNotice: String?
    /// The source answers the first value's percentiles itself, a range of
    /// periods at a time when a screen first shows them (`Source.percentiles`):
    /// a database's. False for files, whose sketches merge.
    public var answersPercentiles = false
}

extension LoadResult {
    /// Rows made in memory rather than read from an input (the demo, tests):
    /// no input rows were read or skipped, none can be read back, and the
    /// profile knows nothing of their spacing until someone measures it.
    public init(accumulator: Accumulator, sourceName: String, valueName: String, seriesNames: [String] = []) {
        self.init(accumulator: accumulator, seriesNames: seriesNames, valueName: valueName, sourceName: sourceName,
                  rowsRead: 0, accepted: 0, skipped: 0, firstSkipped: [], notes: [], timeName: "time", seriesColumn: nil,
                  calendar: accumulator.calendar, levels: [], profile: SampleProfile(times: [], offsets: []), otherValues: [],
                  rowLocator: .none(calendar: accumulator.calendar, baseUnit: accumulator.baseUnit))
    }
}

extension LoadResult {
    /// Whether the load kept less than its levels draw, to keep within its
    /// budget: bars finer than its base or its sketches, a timeline's windows,
    /// or a series' own base buckets are read back from the input a page at a time.
    public var keptLessThanItsLevelsDraw: Bool {
        accumulator.baseUnit > Level.baseUnit(for: levels) || accumulator.mergesSeriesBase
            || (accumulator.holdsIntervals && intervals == nil)
            || accumulator.sketches.map { $0.unit > Level.baseUnit(for: levels) } ?? false
    }
}
