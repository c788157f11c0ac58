/// Why interactive mode cannot start. The command prints `message` as one
/// line on stderr and exits 69 (EX_UNAVAILABLE).
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    case noTerminal(String)

    public var message: String {
        switch self {
        case .noTerminal(let message): message
        }
    }

    public var description: String { message }
}
