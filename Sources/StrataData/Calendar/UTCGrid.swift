/// UTC instants `origin + k * stride` on which every bucket of a unit (a
/// minute, an hour or a day) of a zone starts, over a span: a database
/// groups its rows by this grid, which needs no zone rules of its own, and
/// each cell goes whole into the bucket that holds it by strata's calendar,
/// as a file's rows do (DECISIONS, "A table is grouped by a UTC grid").
public struct UTCGrid: Equatable, Sendable {
    /// Seconds; it divides the unit's width (60, 3,600 or 86,400).
    public let stride: Int64
    /// In `0..<stride`.
    public let origin: Int64

    public init(stride: Int64, origin: Int64) {
        self.stride = stride
        self.origin = floorMod64(origin, stride)
    }

    /// The coarsest grid that holds every start of a bucket of `unit`
    /// (days for anything coarser) in `zone` over `span`: a bucket starts
    /// on the local clock's grid of its width, shifted by the offset, or
    /// at a change of offset (or a fold's start) that cuts it. Whole-hour
    /// offsets give hours, Kathmandu's +05:30 and +05:45 15 minutes; local
    /// mean times such as +05:41:16 give a few seconds across their change.
    public init(unit: TimeUnit, zone: ZoneRules, over span: ClosedRange<Int64>) {
        let width: Int64 = unit == .minute ? 60 : unit == .hour ? 3600 : 86_400
        func shift(at t: Int64) -> Int64 { floorMod64(-Int64(zone.offset(at: t)), width) }
        let first = shift(at: span.lowerBound)
        var points = [shift(at: span.upperBound)]
        let table = ZoneRules.tableStart..<ZoneRules.tableEnd
        for (i, change) in zone.transitions.enumerated() where span.contains(change) && table.contains(change) {
            points += [change, floorMod64(-Int64(zone.offsets[i + 1]), width)]
        }
        var stride = width
        for point in points { stride = Self.gcd(stride, abs(point - first)) }
        self.init(stride: stride, origin: first)
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 { b == 0 ? a : gcd(b, a % b) }
}
