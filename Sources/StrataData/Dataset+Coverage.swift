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

extension Dataset {
    /// Where the data's body ends when a few base buckets lie far after it
    /// (a typo dated 2099 in data from 2020): the start of the last bucket
    /// before that gap, and how many buckets lie past it. nil when the data
    /// has no such tail. A tail counts as far when its gap is longer than
    /// the body's whole span and than its own (a trickle of rows spread
    /// over a year after a burst is data, not a typo), and it holds at most
    /// 1% of the buckets; with fewer than 20 buckets no point is an
    /// outlier, they are all the data.
    public var farTail: (bodyEnd: Int64, buckets: Int)? {
        let ordinals = series[0].buckets.ordinals
        guard ordinals.count >= 20 else { return nil }
        var widest = 1
        for i in 1..<ordinals.count where ordinals[i] - ordinals[i - 1] > ordinals[widest] - ordinals[widest - 1] {
            widest = i
        }
        let tail = ordinals.count - widest
        let gap = ordinals[widest] - ordinals[widest - 1]
        let body = ordinals[widest - 1] - ordinals[0]
        guard tail <= max(1, ordinals.count / 100), gap > body, gap > ordinals[ordinals.count - 1] - ordinals[widest] else { return nil }
        return (calendar.start(of: baseUnit, ordinal: ordinals[widest - 1]), tail)
    }
}
