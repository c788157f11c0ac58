/// Which base buckets make up each period on every level, for a run of
/// sorted base ordinals, remembered for the next run that is the same: the
/// value columns of one input mostly fill the same buckets, and the calendar
/// arithmetic was most of building their periods. Kept as runs (a period
/// and how many buckets it holds), so memory follows the periods, not the
/// buckets.
struct PeriodMap {
    struct Run {
        let period: Int
        let buckets: Int
    }

    let levels: [Level]
    let calendar: CalendarSystem
    let baseUnit: TimeUnit
    private var last: (ordinals: [Int], runs: [[Run]])?

    init(levels: [Level], calendar: CalendarSystem, baseUnit: TimeUnit) {
        self.levels = levels
        self.calendar = calendar
        self.baseUnit = baseUnit
    }

    /// `runs[l]`: the buckets `ordinals` grouped by their period on `levels[l]`, in order.
    mutating func runs(of ordinals: [Int]) -> [[Run]] {
        if let last, last.ordinals == ordinals { return last.runs }
        let starts = ordinals.map { calendar.start(of: baseUnit, ordinal: $0) }
        let runs = levels.map { level in
            var runs: [Run] = []
            for start in starts {
                let period = calendar.ordinal(of: level.unit, at: start)
                if let run = runs.last, run.period == period {
                    runs[runs.count - 1] = Run(period: period, buckets: run.buckets + 1)
                } else {
                    runs.append(Run(period: period, buckets: 1))
                }
            }
            return runs
        }
        last = (ordinals, runs)
        return runs
    }
}
