@testable import StrataTerminal
import StrataUI

/// The backend as `NcursesBackend` builds it, its input from a script, its
/// frames kept instead of painted.
struct RecordingBackend: TerminalBackend {
    private(set) var input: InputReader<ScriptedTerminal>
    private(set) var frames: [Grid] = []

    init(_ terminal: ScriptedTerminal) {
        input = InputReader(source: terminal)
    }

    var size: Size { input.source.size }

    mutating func draw(_ grid: Grid) {
        frames.append(grid)
    }

    mutating func nextInput(timeoutMilliseconds: Int?) -> BackendInput {
        input.next(timeoutMilliseconds: timeoutMilliseconds)
    }
}
