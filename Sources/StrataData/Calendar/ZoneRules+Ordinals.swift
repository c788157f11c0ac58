/// Minutes, hours and days as ordinals in the zone: the plain arithmetic
/// (a local day, an hour of the sub-hour part of the offset) plus the
/// segment's adjustment, so every minute and hour lies inside one day and
/// each day is the period of the rule. An ordinal never decreases with time.
extension ZoneRules {
    /// The ordinal of the minute, hour or day (`unit` coarser than a day is taken as a day) holding `t`.
    public func ordinal(of unit: TimeUnit, at t: Int64) -> Int {
        let segment = intervalIndex(at: t)
        let offset = t < Self.tableStart || t >= Self.tableEnd ? Int64(self.offset(at: t)) : Int64(offsets[segment])
        return ordinal(of: unit, at: t, offset: offset, segment: segment)
    }

    /// The same, with the offset and segment at `t` already known (the hot path of reading).
    @inline(__always)
    func ordinal(of unit: TimeUnit, at t: Int64, offset: Int64, segment: Int) -> Int {
        let adjustment = adjustments[segment]
        switch unit {
        case .minute: return Int(floorDiv64(t + floorMod64(offset, 60), 60)) + Int(adjustment.minute)
        case .hour: return Int(floorDiv64(t + floorMod64(offset, 3600), 3600)) + Int(adjustment.hour)
        default: return Int(floorDiv64(t + offset, 86_400)) + Int(adjustment.day)
        }
    }

    /// The first instant whose minute, hour or day ordinal is `ordinal` or
    /// later: its first local second, or the first instant after a gap
    /// that skips it, or, where a clock goes back across its start, the
    /// last time that start occurs.
    public func start(of unit: TimeUnit, ordinal: Int) -> Int64 {
        let width: Int64 = unit == .minute ? 60 : unit == .hour ? 3600 : 86_400
        if unit == .hour && hoursAreFixed || unit == .minute && minutesAreFixed {
            // One grid all along: the ordinal's plain start (building a dataset asks this once a bucket).
            let local = Int64(ordinal) * width
            return local - floorMod64(Int64(offset(at: local)), width)
        }
        // The first segment that reaches the ordinal: its last instant's ordinal is not less.
        var low = 0, high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            let last = transitions[mid] - 1
            if self.ordinal(of: unit, at: last, offset: Int64(offsets[mid]), segment: mid) >= ordinal {
                high = mid
            } else {
                low = mid + 1
            }
        }
        let offset = Int64(offsets[low])
        let adjustment = Int64(unit == .minute ? adjustments[low].minute : unit == .hour ? adjustments[low].hour : adjustments[low].day)
        let shift = unit >= .day ? offset : floorMod64(offset, width)
        let plain = (Int64(ordinal) - adjustment) * width - shift
        if low == 0 && plain < Self.tableStart || low == transitions.count && plain >= Self.tableEnd {
            return startOutsideTable(unit, local: (Int64(ordinal) - adjustment) * width, width: width)
        }
        // Before the segment starts, the ordinal was skipped: the segment's start is the first instant after.
        return low == 0 ? plain : max(plain, transitions[low - 1])
    }

    /// Beyond the table, offsets come from Foundation and no adjustment changes.
    private func startOutsideTable(_ unit: TimeUnit, local: Int64, width: Int64) -> Int64 {
        guard unit < .day else { return utc(fromLocal: local) }
        return local - floorMod64(Int64(offset(at: local)), width)
    }
}
