/// The UTC offsets written in the times read: the first one, whether any
/// other came after it, and the instants on both sides of each change. A
/// zone taken from the sample's single offset is right only if no row of
/// the whole input says otherwise; a zone guessed for several offsets must
/// agree with every change (`ZoneGuess`).
struct WrittenOffsets: Sendable, Equatable {
    /// A time's UTC instant and the offset written in it.
    struct Observation: Sendable, Equatable {
        var instant: Int64
        var offset: Int
    }

    /// Changes kept at most: input in time order changes offset a few times a year.
    static let keep = 64

    private(set) var first: Int?
    private(set) var mixed = false
    /// The first time, then the times just before and at each change of offset.
    private(set) var changes: [Observation] = []
    private var last: Int?
    private var lastInstant: Int64 = 0

    @inline(__always)
    mutating func note(_ offset: Int, at instant: Int64) {
        if offset != last { noteChange(offset, at: instant) }
        lastInstant = instant
    }

    private mutating func noteChange(_ offset: Int, at instant: Int64) {
        if let last, changes.count < Self.keep { changes.append(Observation(instant: lastInstant, offset: last)) }
        if changes.count < Self.keep { changes.append(Observation(instant: instant, offset: offset)) }
        if first == nil { first = offset } else if offset != first { mixed = true }
        last = offset
    }

    /// Both readers' offsets, as if one had read everything.
    func merged(with other: WrittenOffsets) -> WrittenOffsets {
        var all = self
        if let offset = other.first, offset != all.first {
            if all.first == nil { all.first = offset } else { all.mixed = true }
        }
        all.mixed = all.mixed || other.mixed
        all.changes = Array((changes + other.changes).prefix(Self.keep))
        return all
    }
}
