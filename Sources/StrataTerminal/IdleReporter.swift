#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Says when the app has settled, so tests under tmux wait for that instead
/// of guessing at screen text. With `STRATA_IDLE_FILE=PATH` in the
/// environment, the run loop writes `idle N` (N inputs processed so far,
/// then a newline) to PATH each time a frame is on screen, no animation
/// runs and it is about to block for input; while the input is still being
/// read in the background it writes `idle N loading` instead, so a test that
/// waits for `idle N` waits for the whole input. Without it, nothing is written.
struct IdleReporter {
    static let environmentVariable = "STRATA_IDLE_FILE"

    private let path: String?
    private var reported: (inputs: Int, loading: Bool)?

    init(path: String?) {
        self.path = path
    }

    /// Reads `STRATA_IDLE_FILE` once; unset or empty turns reporting off.
    static func fromEnvironment() -> IdleReporter {
        guard let value = getenv(environmentVariable), value.pointee != 0 else { return IdleReporter(path: nil) }
        return IdleReporter(path: String(cString: value))
    }

    /// The run loop's idle call: `inputs` counts keys, resizes and mouse
    /// events (even ones the app ignores), not timeouts. Each count, loading
    /// or not, is written once.
    mutating func report(inputs: Int, loading: Bool) {
        guard let path, reported.map({ $0 != (inputs, loading) }) ?? true else { return }
        reported = (inputs, loading)
        Self.replace(path, with: Self.line(inputs: inputs, loading: loading))
    }

    static func line(inputs: Int, loading: Bool) -> String {
        "idle \(inputs)\(loading ? " loading" : "")\n"
    }

    /// Writes a sibling file and renames it over `path`: a reader sees the
    /// old content or the new, never half of it.
    private static func replace(_ path: String, with text: String) {
        let temporary = path + ".tmp"
        let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { return }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
        if written == bytes.count {
            rename(temporary, path)
        } else {
            unlink(temporary)
        }
    }
}
