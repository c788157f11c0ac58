extension Dataset {
    /// All of the data: partial while a load still runs.
    public var readiness: Readiness { loading.map(Readiness.partial) ?? .ready }

    /// The numbers of the period at `index` on `level` (`isFinal`).
    public func readiness(_ level: Level, index: Int) -> Readiness {
        // Once loaded, every period is: the overview asks this of each period of a level, each frame.
        guard loading != nil else { return .ready }
        return readiness(of: period(level, index: index))
    }

    /// The numbers of `[start, end)`: ready once the load has read every row of it.
    public func readiness(of range: Range<Int64>) -> Readiness {
        guard let loading, !loading.isComplete(range) else { return .ready }
        return .partial(loading)
    }

    /// A page's bars: ready unless they are finer than the load kept, and
    /// then read from the source or never to be (the input is read once).
    public func barsReadiness(of page: Page) -> Readiness {
        guard page.fetching else { return .ready }
        if let pagesNotKept { return .failed("\(page.subUnit)s not kept: \(pagesNotKept)") }
        if let failure = finePages?.percentilesFailure(of: page.subUnit, from: page.start, to: page.end, whole: true) {
            return .failed("percentiles: \(failure)")
        }
        return fetchReadiness
    }

    /// What was asked of the source and has not come (a page's bars, a
    /// timeline's window): being read, or why reading failed or waits (the
    /// connection lost: it is read once the connection is back).
    public var fetchReadiness: Readiness {
        if link?.lost != nil { return .failed("connection lost") }
        return finePages?.failure.map(Readiness.failed) ?? .loading
    }

    /// Whether rows can be read back from the source (a sub-bucket to the
    /// second): a source that can be read again, and no read of it failed.
    public var readsRowsAgain: Bool { finePages.map { $0.failure == nil } ?? false }
}
