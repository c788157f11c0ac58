/// Where a JSON document keeps its records: the array of objects at its
/// top, else the first one under a key, breadth-first (`data.items`), or
/// the array at the path the user names (`--json-path`). Reads the
/// document's head only, and skips an array without reading its elements
/// once its first one is known.
enum JSONDocument {
    enum Found: Equatable {
        /// The records' array: its dotted path (empty at the top) and the offset of its `[`.
        case records(path: String, offset: Int)
        /// No such array in the head; what the top of the document is.
        case nothing(top: String)
    }

    /// - Parameters:
    ///   - head: the document's first bytes, all of it when `complete`.
    ///   - path: the dotted path of the array wanted, nil for the first array of objects.
    static func locate(_ head: Field, path: String?) -> Found {
        var walk = Walk(bytes: head, wanted: path.map { $0.split(separator: ".").map(String.init) })
        _ = walk.value(walk.space(0))
        if let best = walk.best { return .records(path: best.path.joined(separator: "."), offset: best.offset) }
        return .nothing(top: walk.top)
    }

    /// A JSON document's head: an array whose first element is an object
    /// (a log line may start with `[2024-`; a pipe may not have given the
    /// element yet), or an object that is not one whole object per line (a
    /// first line that is not a whole object, or nothing after it).
    static func isDocument(_ head: Field) -> Bool {
        let first = ByteText.skipSpacesAndNewlines(head, 0)
        guard first < head.count else { return false }
        if head[first] == UInt8(ascii: "[") {
            let element = ByteText.skipSpacesAndNewlines(head, first + 1)
            return element == head.count || head[element] == UInt8(ascii: "{")
        }
        guard head[first] == UInt8(ascii: "{") else { return false }
        guard let newline = head[first...].firstIndex(of: 10),
              JSONLine().walk(Field(rebasing: head[first..<newline]), { _, _, _, _ in }) == nil else { return true }
        return ByteText.skipSpacesAndNewlines(head, newline) == head.count
    }

    /// A depth-first walk that keeps the shallowest array of objects (the
    /// first of the shallowest), which is what breadth-first finds first.
    /// Stops at the end of the head, or once nothing better can come.
    private struct Walk {
        let bytes: Field
        let wanted: [String]?
        var best: (depth: Int, path: [String], offset: Int)?
        var path: [String] = []
        var top = "empty"
        var done = false

        init(bytes: Field, wanted: [String]?) {
            self.bytes = bytes
            self.wanted = wanted
        }

        func space(_ i: Int) -> Int { ByteText.skipSpacesAndNewlines(bytes, i) }

        /// The index after the value at `i`; nil at the end of the head, at bad syntax, or when done.
        mutating func value(_ i: Int) -> Int? {
            guard i < bytes.count, !done else { return nil }
            let isTop = path.isEmpty && top == "empty"
            switch bytes[i] {
            // Deeper than a record's fields go (`JSONLine.maxDepth`), an object is skipped, not walked:
            // a document nested 30,000 deep would otherwise overflow the stack.
            case UInt8(ascii: "{") where path.count >= JSONLine.maxDepth: return containerEnd(i)
            case UInt8(ascii: "{"): return object(i, isTop: isTop)
            case UInt8(ascii: "["): return array(i, isTop: isTop)
            case UInt8(ascii: "\""):
                if isTop { top = "a string" }
                return stringEnd(i)
            default:
                if isTop { top = "a number or a literal" }
                var k = i
                while k < bytes.count, !Self.ends(bytes[k]) { k += 1 }
                return k < bytes.count ? k : nil
            }
        }

        static func ends(_ b: UInt8) -> Bool {
            b == UInt8(ascii: ",") || b == UInt8(ascii: "}") || b == UInt8(ascii: "]") || b == ByteText.space
                || b == 10 || b == ByteText.tab || b == 13
        }

        mutating func object(_ start: Int, isTop: Bool) -> Int? {
            var keys: [String] = []
            if isTop { top = "an empty object" }
            var i = space(start + 1)
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "}") { return i + 1 }
            while true {
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let keyEnd = stringEnd(i) else { return nil }
                let key = String(decoding: bytes[(i + 1)..<(keyEnd - 1)], as: UTF8.self)
                if isTop {
                    keys.append(key)
                    top = "an object with keys " + keys.prefix(8).joined(separator: ", ") + (keys.count > 8 ? ", …" : "")
                }
                i = space(keyEnd)
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                path.append(key)
                let end = value(space(i + 1))
                path.removeLast()
                guard let end else { return nil }
                i = space(end)
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: "}") { return i + 1 }
                guard bytes[i] == UInt8(ascii: ",") else { return nil }
                i = space(i + 1)
            }
        }

        mutating func array(_ start: Int, isTop: Bool) -> Int? {
            let first = space(start + 1)
            guard first < bytes.count else {
                if isTop { top = "an array that ends before its first element" }
                return nil
            }
            let holdsObjects = bytes[first] == UInt8(ascii: "{")
            if isTop {
                top = holdsObjects ? "an array of objects"
                    : bytes[first] == UInt8(ascii: "]") ? "an empty array"
                    : bytes[first] == UInt8(ascii: "[") ? "an array of arrays" : "an array of values, not objects"
            }
            if let wanted {
                if path == wanted {
                    best = (path.count, path, start)
                    done = true
                    return nil
                }
            } else if holdsObjects, best.map({ path.count < $0.depth }) ?? true {
                best = (path.count, path, start)
                // Nothing is shallower than the top, and no array inside this one is as shallow.
                if path.isEmpty { done = true }
            }
            return containerEnd(start)
        }

        /// The index after the `{…}` or `[…]` at `start`, brackets matched outside strings.
        func containerEnd(_ start: Int) -> Int? {
            var depth = 0
            var i = start
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    guard let end = stringEnd(i) else { return nil }
                    i = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return nil
        }

        /// The index after the string whose opening quote is at `start`.
        func stringEnd(_ start: Int) -> Int? {
            var i = start + 1
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "\"") { return i + 1 }
                i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
            }
            return nil
        }
    }
}
