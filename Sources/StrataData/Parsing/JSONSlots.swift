import Foundation

/// The fields a JSON Lines plan reads (by dotted path), filled while a
/// line is walked. Manually managed memory: the visitor runs once per
/// field of every line and must not touch reference counts.
final class JSONSlots {
    let count: Int
    private let paths: ByteBuffer
    private let starts: UnsafeMutablePointer<Int>
    private let values: UnsafeMutablePointer<ByteBuffer>
    private let found: UnsafeMutablePointer<Bool>
    private let kinds: UnsafeMutablePointer<JSONLine.Kind>
    private let offsets: UnsafeMutablePointer<Int>

    init(_ wanted: [[UInt8]]) {
        count = wanted.count
        starts = .allocate(capacity: count + 1)
        values = .allocate(capacity: max(count, 1))
        found = .allocate(capacity: max(count, 1))
        kinds = .allocate(capacity: max(count, 1))
        offsets = .allocate(capacity: max(count, 1))
        var paths = ByteBuffer()
        for (i, p) in wanted.enumerated() {
            starts[i] = paths.count
            p.withUnsafeBufferPointer { paths.append($0) }
            (values + i).initialize(to: ByteBuffer(capacity: 64))
            found[i] = false
            kinds[i] = .null
            offsets[i] = 0
        }
        starts[count] = paths.count
        self.paths = paths
    }

    deinit {
        for i in 0..<count { values[i].free() }
        paths.free()
        starts.deallocate()
        values.deallocate()
        found.deallocate()
        kinds.deallocate()
        offsets.deallocate()
    }

    func reset() {
        for i in 0..<count { found[i] = false }
    }

    /// Keeps `value` for every wanted path equal to `path` (the first occurrence wins).
    @inline(__always)
    func offer(path: Field, value: Field, kind: JSONLine.Kind, offset: Int) {
        for i in 0..<count where !found[i] {
            let length = starts[i + 1] - starts[i]
            guard length == path.count, length == 0 || memcmp(paths.base + starts[i], path.baseAddress!, length) == 0 else { continue }
            values[i].removeAll()
            values[i].append(value)
            found[i] = true
            kinds[i] = kind
            offsets[i] = offset
        }
    }

    /// Fills slot `i` with a value that is not a field of the record (a pair's time or value).
    func set(_ i: Int, value: Field, kind: JSONLine.Kind, offset: Int) {
        values[i].removeAll()
        values[i].append(value)
        found[i] = true
        kinds[i] = kind
        offsets[i] = offset
    }

    @inline(__always) func isPresent(_ i: Int) -> Bool { found[i] }
    /// Slot `i`'s value, nil when the record has none.
    @inline(__always) func present(_ i: Int) -> Field? { found[i] ? values[i].bytes : nil }
    @inline(__always) func value(_ i: Int) -> Field { values[i].bytes }
    @inline(__always) func kind(_ i: Int) -> JSONLine.Kind { kinds[i] }
    @inline(__always) func offset(_ i: Int) -> Int { offsets[i] }
}
