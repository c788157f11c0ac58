/// A growable byte buffer in manually managed memory, for hot loops where
/// an `[UInt8]` would cost reference counting on every append.
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Frees the memory; the buffer must not be used afterwards.
    func free() { base.deallocate() }

    var bytes: Field { Field(start: base, count: count) }

    @inline(__always)
    mutating func append(_ b: UInt8) {
        if count == capacity { grow(count + 1) }
        base[count] = b
        count += 1
    }

    mutating func append(_ f: Field) {
        if count + f.count > capacity { grow(count + f.count) }
        if f.count > 0 { (base + count).update(from: f.baseAddress!, count: f.count) }
        count += f.count
    }

    @inline(__always) mutating func removeAll() { count = 0 }

    @inline(__always) mutating func truncate(to n: Int) { count = n }

    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
