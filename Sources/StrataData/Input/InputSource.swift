import Foundation

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

    /// Stdin or a named pipe (`<(zcat x.gz)`): read once, by the load that
    /// reads it. Asked of the file system (a FIFO), not by opening it: a
    /// path that is not there is no pipe, and its load says it cannot be opened.
    public var isPipe: Bool {
        switch self {
        case .standardInput: return true
        case .spooled: return false
        case .file(let path):
            var status = stat()
            return path == "-" || (stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
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
