/// Series names in order of first appearance, looked up from field bytes
/// by hash, so that a row costs no allocation (the last series is
/// remembered too, as rows of one series tend to come together).
struct SeriesTable: Sendable {
    static let limit = 1000

    private(set) var names: [String] = []
    private var keys: [[UInt8]] = []
    private var byHash: [UInt64: [Int]] = [:]
    private var last = -1

    /// The series index of a name, adding it if new; nil past `limit` series.
    @inline(__always)
    mutating func index(of raw: Field, limit: Int = SeriesTable.limit) -> Int? {
        let f = ByteText.trimmed(raw)
        if last >= 0, Self.equal(keys[last], f) { return last }
        let hash = Self.hash(f)
        if let candidates = byHash[hash] {
            for i in candidates where Self.equal(keys[i], f) {
                last = i
                return i
            }
        }
        guard names.count < limit else { return nil }
        let key = Array(f)
        let index = keys.count
        keys.append(key)
        byHash[hash, default: []].append(index)
        names.append(key.isEmpty ? "(empty)" : String(decoding: key, as: UTF8.self))
        last = index
        return index
    }

    @inline(__always)
    private static func equal(_ key: [UInt8], _ f: Field) -> Bool {
        key.count == f.count && key.withUnsafeBufferPointer { $0.elementsEqual(f) }
    }

    /// FNV-1a.
    @inline(__always)
    private static func hash(_ f: Field) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in f { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
        return h
    }

    /// Adds another table's names (past the limit if need be: their rows
    /// were accepted); returns where each of its series goes here.
    mutating func absorb(_ other: SeriesTable) -> [Int] {
        other.keys.map { key in
            key.withUnsafeBufferPointer { index(of: $0, limit: .max)! }
        }
    }
}
