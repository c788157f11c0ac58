/// What a filter (`--where`, `f`) may name in an input's rows: the load
/// resolves its names by it, and the app's prompt checks them by it before
/// asking for a reload. A table's columns go by name or 1-based number;
/// JSON and log fields by name only; lines of no known shape have none (a
/// bare word matches their text).
public struct FilterFields: Sendable, Equatable {
    public let names: [String]
    /// A column may be named by its 1-based number (delimited rows).
    public let numbered: Bool

    public init(names: [String] = [], numbered: Bool = false) {
        self.names = names
        self.numbered = numbered
    }

    /// The fields `plan` reads as a filter may name them, of the sample's `names`.
    init(_ plan: RecordPlan, names: [String]) {
        switch plan {
        case .delimited: self.init(names: names, numbered: true)
        case .json, .log: self.init(names: names)
        case .lines: self.init()
        }
    }

    /// Where `name` is among `names`: its own place, or a number's.
    public func index(of name: String) -> Int? {
        if let i = names.firstIndex(of: name) { return i }
        guard numbered, let n = Int(name), n >= 1, n <= names.count else { return nil }
        return n - 1
    }

    /// What a filter may name here, for a message about a name it may not.
    public var listing: String {
        guard !names.isEmpty else { return "the lines have no fields: a bare word matches their text" }
        return "fields: " + names.joined(separator: ", ") + (numbered ? ", or a column's number" : "")
    }
}
