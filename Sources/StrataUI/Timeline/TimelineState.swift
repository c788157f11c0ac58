import StrataData

/// The timeline's own state: the zoom, the cursor block, how far the
/// rows and the time are scrolled, a drag under way, the last search, and
/// whether the block's card is open. The period shown is the level's
/// shared position, so leaving shows the pager where the timeline left it.
public struct TimelineState: Equatable, Sendable {
    /// The block under the cursor: a series (accumulator numbering, one
    /// timeline row each) and its interval, known by its times and where
    /// its record is, not by a place in a list: the intervals of a window
    /// read from the source are another list for every period.
    public struct Cursor: Equatable, Sendable {
        public var series: Int
        public var start: Int64
        public var end: Int64
        public var input: UInt16
        public var line: UInt32

        public init(series: Int, _ record: IntervalIndex.Record) {
            self.series = series
            (start, end, input, line) = (record.start, record.end, record.input, record.line)
        }

        /// Its place among `intervals`' records of its series, nil when they do not hold it.
        func index(in intervals: IntervalIndex) -> Int? {
            intervals.position(series: series, start: start, end: end, input: input, line: line)
        }
    }

    /// Minutes per column: the finest step at which the period fits the
    /// width, worked out anew for each size and period, or a step chosen
    /// with `+`/`-`, kept until the period fits at it again.
    public enum Zoom: Equatable, Sendable {
        case fit
        /// One of `TimelineLayout.zooms`, finer than the fit.
        case chosen(Int)
    }

    public var zoom: Zoom
    public var cursor: Cursor?
    /// The first series row shown.
    public var top: Int = 0
    /// The first column of time shown, from the period's start.
    public var left: Int = 0
    /// A drag under way, its offset `(left, top)`: columns of time and rows.
    public var drag: DragLock?
    /// What `/` last looked for; `n` looks for it again.
    public var search: TextSearch?
    /// The time ↑/↓ keep to while they follow one another (an editor's goal
    /// column), so a walk down the rows does not drift; any other move drops it.
    public var goal: Int64?
    /// `Enter`: the cursor block's card, with its whole input row.
    public var showsCard = false
    /// The row whose block near the period's start the cursor goes to once
    /// the period's intervals are read: the cursor's row before a move to a
    /// period still being read.
    public var awaitedRow: Int?

    public init(zoom: Zoom = .fit, cursor: Cursor? = nil, top: Int = 0, left: Int = 0, drag: DragLock? = nil, query: String? = nil,
                showsCard: Bool = false) {
        self.zoom = zoom
        self.cursor = cursor
        self.top = top
        self.left = left
        self.drag = drag
        self.search = query.map(TextSearch.init)
        self.showsCard = showsCard
    }
}
