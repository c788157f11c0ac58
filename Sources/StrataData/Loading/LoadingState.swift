/// How far a load still running has come: what the screens need to mark
/// numbers that are not final yet and to draw the progress line. A dataset
/// whose load has ended has none (`Dataset.loading == nil`).
public struct LoadingState: Sendable, Equatable {
    /// Bytes of input read so far (decompressed for gzip).
    public var bytesRead: Int64
    /// The input's size; nil for a pipe or gzip, where it is not known.
    public var bytesTotal: Int64?
    /// Data rows read so far, and of those the filter did not pass, how many lacked a field it names.
    public var rowsRead: Int
    public var filteredOut = 0
    public var lackingField = 0
    /// Seconds since the load began.
    public var elapsed: Double
    /// Instants (UTC seconds, sorted, disjoint) whose rows are all in the
    /// dataset: a period inside one of them is final. Empty while nothing is
    /// known to be whole: an unsorted file, a pipe, gzip.
    public var complete: [Range<Int64>]
    /// The rows turned out not to be in time order: nothing is whole until
    /// the load ends, whatever an earlier state said.
    public var wentBack = false

    public init(bytesRead: Int64, bytesTotal: Int64?, rowsRead: Int, elapsed: Double, complete: [Range<Int64>]) {
        self.bytesRead = bytesRead
        self.bytesTotal = bytesTotal
        self.rowsRead = rowsRead
        self.elapsed = elapsed
        self.complete = complete
    }

    /// This state once a row has gone back in time: no period is whole.
    public var outOfOrder: LoadingState {
        var state = self
        state.complete = []
        state.wentBack = true
        return state
    }

    /// Whether every row of `period` has been read.
    public func isComplete(_ period: Range<Int64>) -> Bool {
        complete.contains { $0.lowerBound <= period.lowerBound && period.upperBound <= $0.upperBound }
    }

    /// Read so far, 0...1; nil when the size is not known.
    public var fraction: Double? {
        guard let bytesTotal, bytesTotal > 0 else { return nil }
        return min(1, Double(bytesRead) / Double(bytesTotal))
    }

    /// The whole percentage read, as `reading… 43%` shows it; nil when the size is not known.
    public var percent: Int? { fraction.map { Int($0 * 100) } }

    public var bytesPerSecond: Double { elapsed > 0 ? Double(bytesRead) / elapsed : 0 }

    /// At the rate so far; nil when the size or the rate is not known.
    public var secondsLeft: Double? {
        guard let bytesTotal, bytesPerSecond > 0 else { return nil }
        return Double(max(0, bytesTotal - bytesRead)) / bytesPerSecond
    }
}
