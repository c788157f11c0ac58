extension Dataset {
    /// The index of the nearest period after (`forward`) or before `index`
    /// on `level` that has data in series `s`, skipping empty stretches; nil
    /// when there is none that way.
    public func index(_ level: Level, withDataFrom index: Int, forward: Bool, series s: Int = 0, value v: Int = 0) -> Int? {
        guard let periods = seriesByValue[v][s].periods[level], !periods.isEmpty else { return nil }
        let ordinal = ordinal(level, index: index)
        let i = periods.lowerBound(forward ? ordinal + 1 : ordinal)
        let found = forward ? i : i - 1
        guard periods.ordinals.indices.contains(found) else { return nil }
        return periods.ordinals[found] - (firstOrdinal[level] ?? 0)
    }

    public enum Side: Sendable { case before, after }

    /// Whether `t` is before the first or after the last period of `level`; nil inside.
    public func side(of t: Int64, on level: Level) -> Side? {
        guard count(level) > 0 else { return nil }
        let i = calendar.ordinal(of: level.unit, at: t) - (firstOrdinal[level] ?? 0)
        if i < 0 { return .before }
        if i >= count(level) { return .after }
        return nil
    }
}
