import StrataUI

/// Where the backend's input comes from: ncurses (`TerminalScreen`), or a
/// script in tests, so decoding is tested without a terminal.
protocol TerminalInput {
    /// The window's size; once a resize has been read, already the new one (as ncurses does).
    var size: Size { get }
    /// One read: waits up to `timeoutMilliseconds`, for ever when negative.
    mutating func read(timeoutMilliseconds: Int32) -> RawInput
    /// Whether the process was stopped (Ctrl-Z) or continued since the last
    /// call. A pending stop is carried out here: it returns once the process runs again.
    mutating func takeStop() -> Bool
}
