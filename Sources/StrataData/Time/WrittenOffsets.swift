/// The UTC offsets written in the times read: the first one, and whether any
/// other came after it. A zone taken from the sample's single offset is
/// right only if no row of the whole input says otherwise.
struct WrittenOffsets: Sendable, Equatable {
    private(set) var first: Int?
    private(set) var mixed = false

    @inline(__always)
    mutating func note(_ offset: Int) {
        if offset != first { noteOther(offset) }
    }

    private mutating func noteOther(_ offset: Int) {
        if first == nil { first = offset } else { mixed = true }
    }

    /// Both readers' offsets, as if one had read everything.
    func merged(with other: WrittenOffsets) -> WrittenOffsets {
        var all = self
        if let offset = other.first { all.note(offset) }
        all.mixed = all.mixed || other.mixed
        return all
    }
}
