import Foundation

/// While a load runs, hands what has been read so far to whoever shows
/// it. The reading thread offers its rows every few thousand; a copy is
/// made only when the last one is old enough, and the spacing grows with
/// what a copy costs, so showing the load never takes more than a small
/// share of it.
public final class PartialResults: RowWatcher, @unchecked Sendable {
    /// The least time between two copies, in seconds.
    static let spacing = 0.2
    /// A copy (and what `deliver` does with it) may take this share of the load.
    static let share = 0.2

    private let deliver: (@Sendable (LoadResult) -> Void)?
    /// Told once, when a row first goes back in time.
    private let wentBack: (@Sendable () -> Void)?
    private var toldWentBack = false
    private let started = DispatchTime.now().uptimeNanoseconds
    private var next = 0.0
    /// Makes the result from a sink, once the columns are known (set by the loader).
    var build: ((RowSink) -> LoadResult)?
    /// Adds the picks and the levels, as a finished load has them (set by the loader).
    var complete: ((inout LoadResult) -> Void)?

    /// - Parameters:
    ///   - deliver: called on the reading thread with the rows read so far
    ///     (`loading` says how far); it may take its time. nil: no copies.
    ///   - wentBack: called once, on the reading thread, when a row first
    ///     comes before the rows read so far (the input is not in time order).
    public init(deliver: (@Sendable (LoadResult) -> Void)?, wentBack: (@Sendable () -> Void)? = nil) {
        self.deliver = deliver
        self.wentBack = wentBack
    }

    var wantsCopies: Bool { deliver != nil }

    /// Seconds since the load began.
    var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }

    /// Called by the reading thread between rows; `now` when the input has
    /// stopped coming for a while (a pipe), whatever the spacing.
    func offer(_ sink: RowSink, now urgent: Bool) {
        if !toldWentBack, sink.trail.wentBack {
            toldWentBack = true
            wentBack?()
        }
        let now = elapsed
        guard now >= next || urgent, sink.accepted > 0, let deliver, let build else { return }
        var result = build(sink)
        complete?(&result)
        deliver(result)
        let cost = elapsed - now
        next = elapsed + max(Self.spacing, cost / Self.share)
    }
}
