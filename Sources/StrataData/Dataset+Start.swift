extension Dataset {
    /// The period `level` opens on without `--at`: its latest with data (a
    /// few rows far after the rest, a typo, do not count), or the one before
    /// it when the data ended before now and covers less than half of that
    /// last period's time, and more of the one before: a stub (the last
    /// hours of New York's 31 December in UTC, one row into a new hour) is
    /// one `→` away, when that period before has rows. A period that holds
    /// now is live and opens as it is, and data that goes on past now (a
    /// schedule, a forecast) opens on now.
    public func startIndex(_ level: Level, now: Int64) -> Int {
        guard let data = body else { return 0 }
        if data.contains(now) { return index(level, containing: now) }
        let index = self.index(level, containing: data.upperBound - 1)
        guard index > 0, now >= data.upperBound else { return index }
        let last = period(level, index: index), before = period(level, index: index - 1)
        let covered = { (p: Range<Int64>) in p.clamped(to: data).count }
        let stub = covered(last) * 2 < last.count && covered(before) > covered(last)
        // Sparse rows cover the span between them, not its periods: the one before must hold some.
        let beforeHasData = self.index(level, withDataFrom: index, forward: false) == index - 1
        return stub && beforeHasData && !last.contains(now) ? index - 1 : index
    }

    /// Where every level opens: in `level`'s start period (`startIndex`),
    /// at now when that period holds it, else at its last instant with data,
    /// so that `↓` from the last hour goes to the day that holds it.
    public func startInstant(_ level: Level, now: Int64) -> Int64? {
        guard let data = body else { return nil }
        let period = self.period(level, index: startIndex(level, now: now))
        return period.contains(now) ? now : min(period.upperBound, data.upperBound) - 1
    }

    /// The time the data covers, without a few rows far after the rest (a typo).
    private var body: Range<Int64>? {
        guard let coverage else { return nil }
        guard let tail = farTail else { return coverage }
        return coverage.lowerBound..<calendar.end(of: baseUnit, ordinal: calendar.ordinal(of: baseUnit, at: tail.bodyEnd))
    }

    /// The instants of the period at `index` on `level`.
    func period(_ level: Level, index: Int) -> Range<Int64> {
        let ordinal = self.ordinal(level, index: index)
        return calendar.start(of: level.unit, ordinal: ordinal)..<calendar.end(of: level.unit, ordinal: ordinal)
    }
}

extension Dataset {
    /// Whether the numbers of the period at `index` on `level` are final:
    /// always once the load has ended; while it runs, when every row of the
    /// period has been read.
    public func isFinal(_ level: Level, index: Int) -> Bool {
        guard let loading else { return true }
        return loading.isComplete(period(level, index: index))
    }
}
