extension Dataset {
    /// The period `level` opens on without `--at`: its latest with data (a
    /// few rows far after the rest, a typo, do not count), or the one before
    /// it when the data ended before now and covers less than half of that
    /// last period's time, and more of the one before: a stub (the last
    /// hours of New York's 31 December in UTC, one row into a new hour) is
    /// one `→` away. A period that holds now is live and opens as it is.
    public func startIndex(_ level: Level, now: Int64) -> Int {
        guard let coverage else { return 0 }
        var data = coverage
        var index = max(0, count(level) - 1)
        if let tail = farTail {
            data = coverage.lowerBound..<calendar.end(of: baseUnit, ordinal: calendar.ordinal(of: baseUnit, at: tail.bodyEnd))
            index = self.index(level, containing: tail.bodyEnd)
        }
        guard index > 0, now >= data.upperBound else { return index }
        let last = period(level, index: index), before = period(level, index: index - 1)
        let covered = { (p: Range<Int64>) in p.clamped(to: data).count }
        let stub = covered(last) * 2 < last.count && covered(before) > covered(last)
        return stub && !last.contains(now) ? index - 1 : index
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
