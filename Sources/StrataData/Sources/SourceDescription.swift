/// What `Source.describe` says: the columns a source's rows are read
/// from, what strata picked (time, values, series, intervals, zone,
/// levels, aggregate) and the notes that say each pick, as a load says
/// them. Plain values: a database source fills them from its catalog.
public struct SourceDescription: Sendable {
    /// A file name, `a.csv +2`, or a table.
    public var sourceName: String
    /// The time column (`year+month+day` when built from parts), or `line` for logs.
    public var timeName: String
    /// The value columns in the order fine buckets hold them: the value
    /// (`ColumnNames.countedRows` when counting rows, `ColumnNames.intervalDuration`
    /// for intervals), then every other value column.
    public var valueNames: [String]
    /// The column that splits the rows into series; nil without one, and when each input is a series.
    public var seriesColumn: String?
    /// Rows are intervals (a start and an end or a duration), not instants.
    public var holdsIntervals: Bool
    /// The zone and week start periods are cut in.
    public var calendar: CalendarSystem
    public var levels: [Level]
    /// What bars show first (`count`, `mean` or `sum`).
    public var aggregate: Aggregate
    /// One line per pick, as stderr shows them.
    public var notes: [String]

    public init(sourceName: String, timeName: String, valueNames: [String], seriesColumn: String?, holdsIntervals: Bool,
                calendar: CalendarSystem, levels: [Level], aggregate: Aggregate, notes: [String]) {
        self.sourceName = sourceName
        self.timeName = timeName
        self.valueNames = valueNames
        self.seriesColumn = seriesColumn
        self.holdsIntervals = holdsIntervals
        self.calendar = calendar
        self.levels = levels
        self.aggregate = aggregate
        self.notes = notes
    }
}
