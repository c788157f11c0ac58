/// Series names in order of first appearance, looked up from field bytes
/// by hash, so that a row costs no allocation (the last series is
/// remembered too, as rows of one series tend to come together).
struct SeriesTable: Sendable {
    static let limit = 1000

    private(set) var names: [String] = []
    private var keys: [[UInt8]] = []
    private var byHash: [UInt64: [Int]] = [:]
    private var last = -1
    /// After `fold(keeping:)`: each key's series (the rest's for a key met later).
    private var folded: [Int]?

    /// The series index of a name, adding it if new; nil past `limit` series.
    @inline(__always)
    mutating func index(of raw: Field, limit: Int = SeriesTable.limit) -> Int? {
        let f = ByteText.trimmed(raw)
        if last >= 0, Self.equal(keys[last], f) { return folded?[last] ?? last }
        let hash = Self.hash(f)
        if let candidates = byHash[hash] {
            for i in candidates where Self.equal(keys[i], f) {
                last = i
                return folded?[i] ?? i
            }
        }
        guard keys.count < limit else { return nil }
        let key = Array(f)
        let index = keys.count
        keys.append(key)
        byHash[hash, default: []].append(index)
        last = index
        if folded != nil {
            folded!.append(names.count - 1)
            return names.count - 1
        }
        names.append(key.isEmpty ? "(empty)" : String(decoding: key, as: UTF8.self))
        return index
    }

    /// The name of the series a fold puts every series but the kept ones in.
    public static let restName = "the rest"

    /// Keeps series `kept` apart, in that order, and puts every other one
    /// into a last series, `the rest`; returns where each series goes.
    mutating func fold(keeping kept: [Int]) -> [Int] {
        let rest = kept.count
        var map = Array(repeating: rest, count: names.count)
        for (k, s) in kept.enumerated() { map[s] = k }
        names = kept.map { names[$0] } + [Self.restName]
        folded = (folded ?? Array(keys.indices)).map { map[$0] }
        return map
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
