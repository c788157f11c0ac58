/// The map's own state. The cursor's row is shared: the level's position
/// when rows are periods, the series on show when rows are the series
/// (`r`); only the cursor's column, the scroll and a drag in progress are
/// the map's alone.
public struct MapState: Equatable, Sendable {
    /// The cursor's sub-bucket column when rows are periods.
    public var column: Int
    /// How far the grid's body is scrolled, in cells of the screen.
    public var scroll: Viewport.Offset
    /// `r`: rows are the series, columns the level's periods.
    public var rowsAreSeries: Bool
    /// A drag that pans the grid, from its press to its release.
    public var drag: DragLock?
    /// What `/` last looked for among the row labels; `n` looks again.
    public var search: TextSearch?
    /// With rows of series: the series on show before (often "all", which
    /// has no row) and the one the rows started on, to go back on `r`.
    public var seriesBeforeRows: Int?
    public var seriesOnEntry: Int?
    /// With rows of series: every series was overlaid (`s`) before; a row is one series.
    public var overlaidBeforeRows = false

    public init(column: Int = 0, scroll: Viewport.Offset = .zero, rowsAreSeries: Bool = false,
                drag: DragLock? = nil, query: String? = nil) {
        self.column = column
        self.scroll = scroll
        self.rowsAreSeries = rowsAreSeries
        self.drag = drag
        self.search = query.map(TextSearch.init)
    }
}
