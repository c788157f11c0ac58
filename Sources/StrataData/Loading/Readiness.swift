/// How far the numbers of the data, a period, a stretch of time, a page's
/// bars or a timeline's window have come: the one thing a screen asks
/// before drawing numbers, whatever reads them (the load, or the source a
/// page at a time).
public enum Readiness: Equatable, Sendable {
    /// Nothing to show yet: being read from the source.
    case loading
    /// Shown as far as they go: a load still runs and has not read all their rows.
    case partial(LoadingState)
    case ready
    /// They cannot be read: why, in words.
    case failed(String)

    public var isReady: Bool {
        if case .ready = self { return true }
        return false
    }

    /// How far the load reading them has come, while it runs.
    public var progress: LoadingState? {
        if case .partial(let loading) = self { return loading }
        return nil
    }
}
