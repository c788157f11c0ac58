/// The period of every base bucket on each level, for a run of base
/// ordinals, remembered for the next run that is the same: the value
/// columns of one input mostly fill the same buckets, and the calendar
/// arithmetic was most of building their periods.
struct PeriodMap {
    let levels: [Level]
    let calendar: CalendarSystem
    let baseUnit: TimeUnit
    private var last: (ordinals: [Int], periods: [[Int]])?

    init(levels: [Level], calendar: CalendarSystem, baseUnit: TimeUnit) {
        self.levels = levels
        self.calendar = calendar
        self.baseUnit = baseUnit
    }

    /// `periods[l][k]`: the ordinal on `levels[l]` of the base bucket `ordinals[k]`.
    mutating func periods(of ordinals: [Int]) -> [[Int]] {
        if let last, last.ordinals == ordinals { return last.periods }
        let starts = ordinals.map { calendar.start(of: baseUnit, ordinal: $0) }
        let periods = levels.map { level in starts.map { calendar.ordinal(of: level.unit, at: $0) } }
        last = (ordinals, periods)
        return periods
    }
}
