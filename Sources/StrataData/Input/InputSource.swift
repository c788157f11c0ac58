/// Where rows come from.
public enum InputSource: Sendable, Equatable {
    case file(String)
    case standardInput
    /// A copy of a pipe or a gzip input, read again as a file (`Spool`).
    case spooled(Spool)

    /// `stdin`, or the path as given: what an error names.
    var displayName: String {
        switch self {
        case .standardInput: "stdin"
        case .file(let path): path == "-" ? "stdin" : path
        case .spooled(let copy): copy.name
        }
    }

    /// `data.csv`, `stdin`, or `a.csv +2` for several inputs.
    public static func name(of sources: [InputSource]) -> String {
        let first: String
        switch sources[0] {
        case .standardInput: first = "stdin"
        case .file(let path): first = path == "-" ? "stdin" : (path.split(separator: "/").last.map(String.init) ?? path)
        case .spooled(let copy): first = copy.name.split(separator: "/").last.map(String.init) ?? copy.name
        }
        return sources.count == 1 ? first : "\(first) +\(sources.count - 1)"
    }
}
