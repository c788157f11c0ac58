/// Which base buckets make up each period on every level, and each
/// sub-bucket inside it (the level's sub-unit), for a run of sorted base
/// ordinals, remembered for the next run that is the same: the value
/// columns of one input mostly fill the same buckets, and the calendar
/// arithmetic was most of building their periods. Kept as runs (a period
/// and how many buckets it holds), so memory follows the periods, not the
/// buckets.
struct PeriodMap {
    struct Run {
        let period: Int
        let buckets: Int
    }

    /// One level's grouping of the buckets.
    struct Grouping {
        /// Its periods in order, each with its run of buckets.
        var periods: [Run] = []
        /// How many buckets each of its sub-buckets holds, in order; nil
        /// when the sub-unit is the base unit (a bucket each).
        var subBuckets: [Int]?
    }

    let levels: [Level]
    let calendar: CalendarSystem
    let baseUnit: TimeUnit
    private var last: (ordinals: [Int], groupings: [Grouping])?

    init(levels: [Level], calendar: CalendarSystem, baseUnit: TimeUnit) {
        self.levels = levels
        self.calendar = calendar
        self.baseUnit = baseUnit
    }

    /// `groupings[l]`: the buckets `ordinals` grouped by their period and
    /// sub-bucket on `levels[l]`, in order.
    mutating func groupings(of ordinals: [Int]) -> [Grouping] {
        if let last, last.ordinals == ordinals { return last.groupings }
        let starts = ordinals.map { calendar.start(of: baseUnit, ordinal: $0) }
        let groupings = levels.map { level in
            // A level of the base unit is its buckets: nothing to group (`Dataset` shares them); a finer
            // one has no periods here (a series' own buckets coarser than every series' together).
            guard level.unit > baseUnit else { return Grouping() }
            let sub = Dataset.subUnit(of: level, levels: levels)
            // A sub-bucket is a run of buckets inside one period: its end is
            // worked out once a run, not once a bucket.
            // Finer than the base (read a page at a time), a bucket is a whole sub-bucket as far as it goes.
            let everyBucket = sub <= baseUnit
            var grouping = Grouping(subBuckets: everyBucket ? nil : [])
            var subEnd = Int64.min
            for start in starts {
                let period = calendar.ordinal(of: level.unit, at: start)
                let samePeriod = grouping.periods.last?.period == period
                if samePeriod {
                    let run = grouping.periods[grouping.periods.count - 1]
                    grouping.periods[grouping.periods.count - 1] = Run(period: period, buckets: run.buckets + 1)
                } else {
                    grouping.periods.append(Run(period: period, buckets: 1))
                }
                guard !everyBucket else { continue }
                if samePeriod && start < subEnd {
                    grouping.subBuckets![grouping.subBuckets!.count - 1] += 1
                } else {
                    grouping.subBuckets!.append(1)
                    subEnd = calendar.end(of: sub, ordinal: calendar.ordinal(of: sub, at: start))
                }
            }
            return grouping
        }
        last = (ordinals, groupings)
        return groupings
    }
}
