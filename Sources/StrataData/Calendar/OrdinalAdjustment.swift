/// What one segment of a zone's time line adds to the plain arithmetic
/// ordinal of a minute, an hour and a day there, so that every minute and
/// hour lies inside one period of every level and every day is a period
/// under the rule of "Levels and periods" (see DECISIONS, "Every bucket
/// inside one period"). Zero everywhere in a zone whose offsets change by
/// whole hours at whole hours and never go back across midnight.
struct OrdinalAdjustment: Equatable, Sendable {
    var minute: Int32 = 0
    var hour: Int32 = 0
    var day: Int32 = 0

    /// A zone's segments: its offset changes, plus a boundary where each
    /// clock going back across midnight begins its fold (the instants from
    /// the old offset's midnight to the change, which count on the day
    /// before). `offsets[i]` and `adjustments[i]` apply from `transitions[i - 1]`.
    static func segments(transitions: [Int64], offsets: [Int32])
        -> (transitions: [Int64], offsets: [Int32], adjustments: [OrdinalAdjustment]) {
        var outTransitions: [Int64] = [], outOffsets = [offsets[0]], adjustments = [OrdinalAdjustment()]
        for (j, change) in transitions.enumerated() {
            let before = Int64(offsets[j]), after = Int64(offsets[j + 1])
            var current = adjustments[adjustments.count - 1]
            if after < before {
                // St John's, 25 Oct 1987: 00:01 back to 23:01 on the 24th. The 25th
                // starts at its last midnight; the minute before the change is the 24th's.
                let dayAfterChange = floorDiv64(change + after, 86_400)
                var midnight = (dayAfterChange + 1) * 86_400
                while midnight < change + before {
                    let from = midnight - before
                    if from > (outTransitions.last ?? ZoneRules.tableStart) {
                        current.day = Int32(dayAfterChange - midnight / 86_400)
                        outTransitions.append(from)
                        outOffsets.append(Int32(before))
                        adjustments.append(current)
                    }
                    midnight += 86_400
                }
            }
            // A clock jumping over midnight starts the day at the change.
            let dayEdge = after > before && floorDiv64(change + after, 86_400) > floorDiv64(change - 1 + before, 86_400)
            let hourCut = cuts(at: change, before: before, after: after, width: 3600, coarserEdge: dayEdge)
            let minuteCut = cuts(at: change, before: before, after: after, width: 60, coarserEdge: dayEdge || hourCut)
            var next = current
            next.day = 0
            if hourCut { next.hour = adjustment(after: current.hour, at: change, before: before, after: after, width: 3600) }
            if minuteCut { next.minute = adjustment(after: current.minute, at: change, before: before, after: after, width: 60) }
            outTransitions.append(change)
            outOffsets.append(offsets[j + 1])
            adjustments.append(next)
        }
        return (outTransitions, outOffsets, adjustments)
    }

    /// Whether a bucket of `width` seconds must end at a change: where the
    /// grid moves (Kathmandu's +05:30 → +05:45 moves hours by 15 minutes),
    /// or where a coarser period's edge falls at the change inside a bucket.
    private static func cuts(at change: Int64, before: Int64, after: Int64, width: Int64, coarserEdge: Bool) -> Bool {
        let shift = floorMod64(after, width)
        if floorMod64(before, width) != shift { return true }
        return coarserEdge && floorMod64(change + shift, width) != 0
    }

    /// The adjustment after a cut: the first bucket after the change follows the last one before it.
    private static func adjustment(after previous: Int32, at change: Int64, before: Int64, after: Int64, width: Int64) -> Int32 {
        let lastBefore = floorDiv64(change - 1 + floorMod64(before, width), width) + Int64(previous)
        let plainAfter = floorDiv64(change + floorMod64(after, width), width)
        return Int32(lastBefore + 1 - plainAfter)
    }
}
