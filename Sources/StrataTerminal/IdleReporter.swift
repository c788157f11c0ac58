#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataUI

/// Says when the app has settled, so tests under tmux wait for that instead
/// of guessing at screen text. With `STRATA_IDLE_FILE=PATH` in the
/// environment, the run loop writes `idle N` (N inputs processed so far,
/// then a newline) to PATH each time a frame is on screen, no animation
/// runs and it is about to block for input; while the input is still being
/// read in the background it writes `idle N loading` instead, so a test that
/// waits for `idle N` waits for the whole input, and while a database's
/// connection is lost, `idle N disconnected`. Without it, nothing is written.
struct IdleReporter {
    static let environmentVariable = "STRATA_IDLE_FILE"

    private let path: String?
    private var reported: String?

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
    mutating func report(inputs: Int, activity: StrataApp.Activity) {
        let line = Self.line(inputs: inputs, activity: activity)
        guard let path, reported != line else { return }
        reported = line
        Self.replace(path, with: line)
    }

    /// `idle N`, `idle N loading`, `idle N disconnected` (a database's
    /// connection lost), or for a followed input `idle N following R` (R rows so far).
    static func line(inputs: Int, activity: StrataApp.Activity) -> String {
        switch activity {
        case .settled: "idle \(inputs)\n"
        case .loading: "idle \(inputs) loading\n"
        case .disconnected: "idle \(inputs) disconnected\n"
        case .following(let rows): "idle \(inputs) following \(rows)\n"
        }
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
