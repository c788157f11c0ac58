/// Who is shown a load's rows while it runs. The read loop only offers
/// its sink between rows; the watcher (`PartialResults`) decides when a
/// copy is worth making and what to make of it.
protocol RowWatcher: AnyObject, Sendable {
    /// `urgent` when the input has stopped coming for a while (a pipe), whatever the spacing.
    func offer(_ sink: RowSink, now urgent: Bool)
}
