/// Where syslog times (`Dec 30 23:59:01`, no year) take their year from.
/// Each time is dated on its own against one bound, so that the halves of a
/// file read on two threads, the rows read back and a followed file's new
/// lines all agree.
enum SyslogYears: Sendable, Equatable {
    /// The latest year that does not put a time more than a day after this
    /// instant (UTC seconds): a file's modification time, else now. Years
    /// count back over the roll-overs.
    case until(Int64)
    /// `--year`: the first time is in `year`; each other takes the earliest
    /// year that does not put it more than a day before the first, so years
    /// count on over the roll-overs. `first` is the first time's wall
    /// seconds, once a parser has read it (a pipe is not read ahead for it).
    case from(year: Int, first: Int64?)

    /// The bound in wall time of `zone`; nil until the first time is read.
    func rule(in zone: ZoneRules) -> SyslogTime.YearRule? {
        switch self {
        case .until(let now):
            let wall = now + Int64(zone.offset(at: now))
            return SyslogTime.YearRule(year: CivilDate(dayNumber: Int(floorDiv64(wall, 86_400))).year, bound: wall + 86_400, forward: false)
        case .from(_, let first?):
            let bound = first - 86_400
            return SyslogTime.YearRule(year: CivilDate(dayNumber: Int(floorDiv64(bound, 86_400))).year, bound: bound, forward: true)
        case .from(_, nil):
            return nil
        }
    }

    /// Takes a first time read (wall seconds of its month, day and time in
    /// `--year`'s year) as the one the others count on from.
    func anchored(month: Int, day: Int, seconds: Int64) -> SyslogYears {
        guard case .from(let year, nil) = self else { return self }
        // 29 February in a year without one: the 28th, the nearest day there is.
        guard let n = ByteText.dayNumber(year: year, month: month, day: day) ?? ByteText.dayNumber(year: year, month: month, day: day - 1)
        else { return self }
        return .from(year: year, first: Int64(n) * 86_400 + seconds)
    }
}
