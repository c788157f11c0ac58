/// A small JSON reader for JSON Lines: checks that a line is one object
/// and visits its scalar fields with their dotted paths (`event.ts`);
/// a string holding a duration with units is visited as its seconds.
/// Arrays are checked but not entered; those under a key can be handed
/// whole to a second visitor (metric matrices). Works in its own buffers:
/// no String or Array is made per line.
final class JSONLine {
    enum Kind: Equatable { case string, number, bool, null }

    /// Why a line is not used.
    enum Failure: Error, Equatable { case notAnObject, invalid(at: Int), tooDeep(at: Int) }

    typealias Visitor = (_ path: Field, _ value: Field, _ kind: Kind, _ offset: Int) -> Void
    typealias ArrayVisitor = (_ path: Field, _ array: Field) -> Void

    // Behind pointers, not stored `var`s: the visitor is opaque, so stored
    // properties would get a dynamic exclusivity check on every byte.
    private let buffers: UnsafeMutablePointer<ByteBuffer>
    private var path: UnsafeMutablePointer<ByteBuffer> { buffers }
    private var text: UnsafeMutablePointer<ByteBuffer> { buffers + 1 }
    private let failure = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    /// The walk stopped at `maxDepth`, not at a syntax error.
    private let deep = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    /// The current walk's array visitor: read once per array, not per byte.
    private var arrays: ArrayVisitor?
    static let maxDepth = 64

    init() {
        buffers = .allocate(capacity: 2)
        buffers.initialize(to: ByteBuffer(capacity: 128))
        (buffers + 1).initialize(to: ByteBuffer(capacity: 256))
        failure.initialize(to: 0)
        deep.initialize(to: false)
    }

    deinit {
        buffers[0].free()
        buffers[1].free()
        buffers.deallocate()
        failure.deallocate()
        deep.deallocate()
    }

    /// Walks `line`, calling `visit` for each scalar; the buffers passed are
    /// only valid during the call. Strings are unescaped.
    func walk(_ line: Field, arrays: ArrayVisitor? = nil, _ visit: Visitor) -> Failure? {
        self.arrays = arrays
        defer { self.arrays = nil }
        var i = skipSpace(line, 0)
        guard i < line.count, line[i] == UInt8(ascii: "{") else { return .notAnObject }
        path.pointee.removeAll()
        deep.pointee = false
        guard let end = object(line, i, depth: 0, visit) else {
            return deep.pointee ? .tooDeep(at: failure.pointee) : .invalid(at: failure.pointee)
        }
        i = skipSpace(line, end)
        return i == line.count ? nil : .invalid(at: i)
    }

    @inline(__always)
    private func skipSpace(_ f: Field, _ i: Int) -> Int {
        var k = i
        while k < f.count, f[k] == 0x20 || f[k] == 0x09 || f[k] == 0x0D || f[k] == 0x0A { k += 1 }
        return k
    }

    private func fail(_ i: Int) -> Int? {
        failure.pointee = i
        return nil
    }

    /// Past `maxDepth`: a record that deep is refused, not walked (the stack would not hold it).
    private func tooDeep(_ i: Int) -> Int? {
        deep.pointee = true
        return fail(i)
    }

    /// `{ "k": v, ... }` at `start`; returns the index after it.
    private func object(_ f: Field, _ start: Int, depth: Int, _ visit: Visitor) -> Int? {
        guard depth < Self.maxDepth else { return tooDeep(start) }
        var i = skipSpace(f, start + 1)
        if i < f.count, f[i] == UInt8(ascii: "}") { return i + 1 }
        let base = path.pointee.count
        while true {
            guard i < f.count, f[i] == UInt8(ascii: "\"") else { return fail(i) }
            // The key joins the path.
            path.pointee.truncate(to: base)
            if base > 0 { path.pointee.append(UInt8(ascii: ".")) }
            guard let keyEnd = string(f, i, intoPath: true) else { return fail(i) }
            i = skipSpace(f, keyEnd)
            guard i < f.count, f[i] == UInt8(ascii: ":") else { return fail(i) }
            i = skipSpace(f, i + 1)
            guard let valueEnd = value(f, i, depth: depth, underKey: true, visit) else { return nil }
            i = skipSpace(f, valueEnd)
            guard i < f.count else { return fail(i) }
            if f[i] == UInt8(ascii: ",") {
                i = skipSpace(f, i + 1)
                continue
            }
            guard f[i] == UInt8(ascii: "}") else { return fail(i) }
            path.pointee.truncate(to: base)
            return i + 1
        }
    }

    /// A value at `i`; inside arrays (`visit` is a no-op there) the path is restored after.
    private func value(_ f: Field, _ i: Int, depth: Int, underKey: Bool, _ visit: Visitor) -> Int? {
        guard i < f.count else { return fail(i) }
        switch f[i] {
        case UInt8(ascii: "{"):
            let saved = path.pointee.count
            defer { path.pointee.truncate(to: saved) }
            return object(f, i, depth: depth + 1, visit)
        case UInt8(ascii: "["):
            guard let end = array(f, i, depth: depth + 1) else { return nil }
            if underKey, let arrays { arrays(path.pointee.bytes, Field(rebasing: f[i..<end])) }
            return end
        case UInt8(ascii: "\""):
            text.pointee.removeAll()
            guard let end = string(f, i, intoPath: false) else { return fail(i) }
            // `"took": "12.3ms"` is a value, as `took=12.3ms` is in logfmt.
            UnitDuration.rewriteAsSeconds(&text.pointee)
            visit(path.pointee.bytes, text.pointee.bytes, .string, i)
            return end
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let (word, kind): (StaticString, Kind) = switch f[i] {
            case UInt8(ascii: "t"): ("true", .bool)
            case UInt8(ascii: "f"): ("false", .bool)
            default: ("null", .null)
            }
            let n = word.utf8CodeUnitCount
            guard i + n <= f.count, (0..<n).allSatisfy({ f[i + $0] == word.utf8Start[$0] }) else { return fail(i) }
            text.pointee.removeAll()
            text.pointee.append(Field(start: word.utf8Start, count: n))
            visit(path.pointee.bytes, text.pointee.bytes, kind, i)
            return i + n
        default:
            guard let end = number(f, i) else { return fail(i) }
            visit(path.pointee.bytes, Field(rebasing: f[i..<end]), .number, i)
            return end
        }
    }

    /// `[ ... ]`: checked, not visited.
    private func array(_ f: Field, _ start: Int, depth: Int) -> Int? {
        guard depth < Self.maxDepth else { return tooDeep(start) }
        var i = skipSpace(f, start + 1)
        if i < f.count, f[i] == UInt8(ascii: "]") { return i + 1 }
        while true {
            guard let end = value(f, i, depth: depth, underKey: false, { _, _, _, _ in }) else { return nil }
            i = skipSpace(f, end)
            guard i < f.count else { return fail(i) }
            if f[i] == UInt8(ascii: ",") { i = skipSpace(f, i + 1); continue }
            guard f[i] == UInt8(ascii: "]") else { return fail(i) }
            return i + 1
        }
    }

    /// A JSON number at `start`: the index after it.
    private func number(_ f: Field, _ start: Int) -> Int? {
        var i = start
        if i < f.count, f[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        while i < f.count, ByteText.isDigit(f[i]) { i += 1 }
        guard i > intStart else { return nil }
        if i < f.count, f[i] == UInt8(ascii: ".") {
            i += 1
            let s = i
            while i < f.count, ByteText.isDigit(f[i]) { i += 1 }
            guard i > s else { return nil }
        }
        if i < f.count, f[i] == UInt8(ascii: "e") || f[i] == UInt8(ascii: "E") {
            i += 1
            if i < f.count, f[i] == UInt8(ascii: "+") || f[i] == UInt8(ascii: "-") { i += 1 }
            let s = i
            while i < f.count, ByteText.isDigit(f[i]) { i += 1 }
            guard i > s else { return nil }
        }
        return i
    }

    @inline(__always)
    private func emit(_ b: UInt8, intoPath: Bool) {
        if intoPath { path.pointee.append(b) } else { text.pointee.append(b) }
    }

    /// A string at `start` (its opening quote), unescaped onto the path or
    /// the text: the index after it.
    private func string(_ f: Field, _ start: Int, intoPath: Bool) -> Int? {
        var i = start + 1
        while i < f.count {
            let b = f[i]
            if b == UInt8(ascii: "\"") { return i + 1 }
            if b < 0x20 { return nil }
            if b != UInt8(ascii: "\\") {
                emit(b, intoPath: intoPath)
                i += 1
                continue
            }
            guard i + 1 < f.count else { return nil }
            let e = f[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): emit(e, intoPath: intoPath)
            case UInt8(ascii: "b"): emit(0x08, intoPath: intoPath)
            case UInt8(ascii: "f"): emit(0x0C, intoPath: intoPath)
            case UInt8(ascii: "n"): emit(0x0A, intoPath: intoPath)
            case UInt8(ascii: "r"): emit(0x0D, intoPath: intoPath)
            case UInt8(ascii: "t"): emit(0x09, intoPath: intoPath)
            case UInt8(ascii: "u"):
                guard var code = hex4(f, i) else { return nil }
                i += 4
                if (0xD800..<0xDC00).contains(code), i + 6 <= f.count, f[i] == UInt8(ascii: "\\"), f[i + 1] == UInt8(ascii: "u"),
                   let low = hex4(f, i + 2), (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                for unit in UTF8.encode(Unicode.Scalar(code) ?? "\u{FFFD}")! { emit(unit, intoPath: intoPath) }
            default: return nil
            }
        }
        return nil
    }

    private func hex4(_ f: Field, _ i: Int) -> UInt32? {
        guard i + 4 <= f.count else { return nil }
        var v: UInt32 = 0
        for k in i..<(i + 4) {
            let b = f[k]
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }
}
