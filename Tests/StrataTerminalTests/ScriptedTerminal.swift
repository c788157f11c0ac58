import CNcurses
import Glibc
@testable import StrataTerminal
import StrataUI

/// A terminal for tests: each read takes the next step of a script, and an
/// empty script reads nothing. A resize sets the size before it is read, as
/// ncurses does before it returns `KEY_RESIZE`.
struct ScriptedTerminal: TerminalInput {
    enum Step {
        case input(RawInput)
        case resize(Size)
        /// Ctrl-Z: the read is interrupted, and the process stops and continues.
        case stop
        /// Nothing arrives, and the read waits its whole timeout.
        case quiet
    }

    private(set) var size: Size
    private var script: [Step]
    private var stopped = false
    /// The timeout of every read so far, in order.
    private(set) var timeouts: [Int32] = []

    init(size: Size = Size(width: 80, height: 24), _ script: [Step]) {
        self.size = size
        self.script = script
    }

    mutating func read(timeoutMilliseconds: Int32) -> RawInput {
        timeouts.append(timeoutMilliseconds)
        guard !script.isEmpty else { return .nothing }
        switch script.removeFirst() {
        case .input(let input):
            return input
        case .resize(let newSize):
            size = newSize
            return .functionKey(KEY_RESIZE)
        case .stop:
            stopped = true
            return .nothing
        case .quiet:
            if timeoutMilliseconds > 0 { usleep(UInt32(timeoutMilliseconds) * 1000) }
            return .nothing
        }
    }

    mutating func takeStop() -> Bool {
        defer { stopped = false }
        return stopped
    }
}

extension ScriptedTerminal.Step {
    static let escape = Self.input(.character(27))
    /// Nothing arrives before the read's timeout.
    static let pause = Self.input(.nothing)

    static func functionKey(_ code: Int32) -> Self { .input(.functionKey(code)) }

    /// Each character of `text` as the terminal sends it.
    static func text(_ text: String) -> [Self] {
        text.unicodeScalars.map { .input(.character($0.value)) }
    }
}
