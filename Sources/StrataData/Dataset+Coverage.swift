extension Dataset {
    /// The time the data covers: from the start of its first base bucket to
    /// the end of its last, or one typical gap past that bucket's start when
    /// the gap is longer (daily rows in hourly buckets cover whole days).
    public var coverage: Range<Int64>? {
        let ordinals = series[0].buckets.ordinals
        guard let first = ordinals.first, let last = ordinals.last else { return nil }
        let lastStart = calendar.start(of: baseUnit, ordinal: last)
        let end = max(calendar.end(of: baseUnit, ordinal: last), lastStart + (typicalGap ?? 0))
        return calendar.start(of: baseUnit, ordinal: first)..<end
    }
}
