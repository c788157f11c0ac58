/// What the run loop needs of a terminal: its size, a way to show a grid,
/// and the next input. ncurses is one; tests use a scripted fake.
public protocol TerminalBackend {
    var size: Size { get }
    mutating func draw(_ grid: Grid)
    /// Waits up to `timeoutMilliseconds` (nil: for ever) for the next input.
    mutating func nextInput(timeoutMilliseconds: Int?) -> BackendInput
}

public enum BackendInput: Equatable, Sendable {
    case event(Event)
    /// Nothing arrived before the timeout: time to tick.
    case timeout
    /// The process was stopped and continued (Ctrl-Z, `fg`, SIGCONT): the
    /// terminal may have changed size meanwhile.
    case continued
    /// The input is gone; the loop ends.
    case closed
}
