/// What the user asked for, whatever key, click or wheel said it. Key maps
/// and hit zones turn events into actions; `reduce` applies them.
public enum Action: Hashable, Sendable {
    /// Move `periods` on the current level (negative is back), times any pending count.
    case move(periods: Int)
    case coarserLevel
    case finerLevel
    case selectLevel(Int)
    case firstPeriod
    case lastPeriod
    case nowPeriod
    case jump(toIndex: Int)
    /// Moves one level's position, whichever level is current (a strip under the pointer).
    case moveLevel(Int, by: Int)
    /// `[` / `]`: the previous or next period that has data, over empty stretches.
    case periodWithData(forward: Bool)
    /// `=`: every level moves to the period that holds the current one.
    case alignLevels
    case countDigit(Int)
    case cycleAggregate
    /// `v` / `V`: the next or previous value column.
    case nextValue
    case previousValue
    case nextSeries
    case previousSeries
    /// `c`: bars, line, band.
    case cycleChart
    /// `y`: a y scale per page or one for the whole level.
    case toggleYScale
    /// `s`: every series at once, or back to the one picked.
    case toggleAllSeries
    case toggleHelp
    /// Scrolls help by lines when it is taller than the screen.
    case scrollHelp(by: Int)
    /// Esc: close the overlay, cancel a count.
    case cancel
    case openPrompt
    case promptInput(Character)
    case promptBackspace
    /// Resolves the prompt's text to a period on every level, or says why not;
    /// in the search overlay, looks for the text.
    case promptSubmit
    /// Enter on the pager: the page grows into its card.
    case expand
    /// Esc, Backspace, or ↑ on the card's first line: back to the pager.
    case collapse
    /// Moves the card's cursor by lines (negative is up); ↑ on the first line collapses.
    case cursor(by: Int)
    /// Moves the card's cursor by a body's height.
    case cursorPages(Int)
    case cursorTo(Int)
    /// The card's cursor to its last line.
    case cursorToEnd
    /// Enter on a sub-bucket: the finer level moves to it and the pager shows it.
    case zoomIn
    /// `o`: the overview of every level; again (or Esc) goes back.
    case toggleOverview
    /// Scrolls the overview's page by rows.
    case scrollOverview(by: Int)
    /// A click on an overview card: that level, that period.
    case selectPeriod(level: Int, index: Int)
    /// Enter in the overview: the pager on the selected level and period.
    case openPager
    /// Moves the map's cursor by columns (negative is left).
    case cursorColumn(by: Int)
    /// Scrolls the map's grid by columns and rows, leaving the cursor where it is.
    case scrollMap(columns: Int, rows: Int)
    /// `r`: the map's rows become the series, its columns the level's periods, and back.
    case swapMapAxes
    case openSearch
    /// `f`: the prompt for a filter expression.
    case openFilter
    /// `↑` / `↓` in the filter prompt: an earlier or a later filter of this session.
    case recallFilter(older: Bool)
    /// `F`: every row again.
    case clearFilter
    /// The input could not be read again as asked (no row passes the filter, a
    /// pipe still read): the view stays on the rows it had (`AppState.read`),
    /// and the footer says why.
    case reloadRefused(why: String)
    /// `g`: the list of fields that can split the rows into series.
    case openBreakdowns
    /// `↑` / `↓` in that list.
    case moveBreakdownCursor(Int)
    /// `Enter` in that list: the rows split by the field under the cursor, read again.
    case chooseBreakdown
    /// `e`: the periods of the level on show written to a new file, as `--export csv` writes them.
    case exportLevel
    /// What came of `e` (`DataRequest.export`): the footer says it.
    case exported(ExportOutcome)
    /// `n`: the next line matching the last search.
    case searchNext
    /// `m`: the map of the current level; for interval data, the timeline. Again (or Esc) goes back.
    case toggleMap
    /// `+` / `-` in the timeline: fewer (finer) or more minutes per column.
    case zoomTimeline(finer: Bool)
    /// `←` / `→` in the timeline: the previous or next block in the cursor's row.
    case blockStep(Int)
    /// `↑` / `↓` in the timeline: the block nearest in time in the row above or below.
    case blockRow(Int)
    /// A click on a block: the cursor goes there.
    case pickBlock(series: Int, index: Int)
    /// Enter on a block: its card, with its whole input row.
    case openBlock
    case closeBlock
    /// The wheel over the timeline: rows down, or columns of time on.
    case scrollTimeline(rows: Int, columns: Int)
    /// A drag over the map or the timeline, in screen cells: pressed, moved,
    /// released. It pans along the axis it first moves; one that never moves is a click.
    case dragBegan(x: Int, y: Int)
    case dragMoved(x: Int, y: Int)
    case dragEnded
    case quit
    /// What the runner read for a request (`DataRequest`), as far as it has come.
    case rowsRead(RowsRequest, CardRows)
    /// Pages a frame drew as reading (`DataRequest.pages`) have come.
    case pagesArrived
}
