/// Converts naive wall-clock times in a zone to UTC, as
/// `ZoneRules.utc(fromLocal:)` does, but remembers the stretch of local
/// time around the last answer where the offset is unique, so rows in
/// time order cost a comparison instead of four binary searches.
struct LocalTimeConverter: Sendable {
    let zone: ZoneRules
    private var from: Int64 = 1
    private var to: Int64 = 0
    private var offset: Int64 = 0

    init(zone: ZoneRules) {
        self.zone = zone
        if zone.transitions.isEmpty {
            // A fixed-offset zone: one answer for all times.
            from = .min
            to = .max
            offset = Int64(zone.offsets.first ?? 0)
        }
    }

    @inline(__always)
    mutating func utc(fromLocal local: Int64) -> Int64 {
        if local >= from && local < to { return local - offset }
        return slowPath(local)
    }

    private mutating func slowPath(_ local: Int64) -> Int64 {
        let t = zone.utc(fromLocal: local)
        guard t >= ZoneRules.tableStart + 86_400, t < ZoneRules.tableEnd - 86_400 else { return t }
        let i = zone.intervalIndex(at: t)
        let o = Int64(zone.offsets[i])
        let start = i == 0 ? ZoneRules.tableStart : zone.transitions[i - 1]
        let end = i < zone.transitions.count ? zone.transitions[i] : ZoneRules.tableEnd
        // Local times of this interval, minus any that the neighbours also reach
        // (the repeated hour) or that no interval reaches (the skipped hour).
        var lo = start + o, hi = end + o
        if i > 0 { lo = max(lo, start + Int64(zone.offsets[i - 1])) }
        if i < zone.transitions.count { hi = min(hi, end + Int64(zone.offsets[i + 1])) }
        guard local >= lo, local < hi, local - o == t else { return t }
        from = lo
        to = hi
        offset = o
        return t
    }
}
