import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real binary in a real terminal: a private tmux server per session,
/// keys sent with `send-keys`, the screen read with `capture-pane`. The app
/// writes `idle N` to `STRATA_IDLE_FILE` once it has handled N inputs and
/// settled, so a test waits for that instead of guessing at screen text.
/// Every wait throws on timeout, with the last screen in the error.
final class TmuxSession {
    /// Whether `tmux` is on the PATH; without it the tmux suite is skipped.
    static let isAvailable = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/tmux")
    }

    /// Everything the session writes (socket, idle file, the command's files)
    /// lives here and goes with it.
    let workDirectory: URL
    private let socket: String
    /// Keys and resizes sent so far: the idle count the app should reach.
    private var inputs = 0

    /// Starts `shellCommand` in an 80×24 (or `width`×`height`) pane. The
    /// command runs under `sh -c` in the work directory, with UTF-8, no
    /// interactive crash prompt and `STRATA_IDLE_FILE` set.
    init(_ shellCommand: String, width: Int = 80, height: Int = 24) throws {
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-e2e-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        socket = workDirectory.appendingPathComponent("tmux").path
        let wrapped = "cd '\(workDirectory.path)' && export LANG=C.UTF-8 SWIFT_BACKTRACE=interactive=no "
            + "STRATA_IDLE_FILE='\(workDirectory.path)/idle'; \(shellCommand)"
        // The server outlives this call and would hold a captured stdout open: start it without one.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", "sh", "-c", wrapped],
                 capture: false)
    }

    /// Starts `shellCommand` as `init` does, in a pane kept open after it
    /// ends: its exit status goes to the file `status` (`exitStatus`); with
    /// `modes`, the terminal's modes (`stty -g`) before and after it go to the
    /// files `before` and `after`, and `done` is shown once they are written.
    convenience init(reportingExitOf shellCommand: String, modes: Bool = false, width: Int = 80, height: Int = 24) throws {
        let (before, after) = modes ? ("stty -g > before; ", "stty -g > after; echo done; ") : ("", "")
        try self.init(before + shellCommand + "; echo \"exit=$?\" > status; " + after + "sleep 30", width: width, height: height)
    }

    deinit {
        _ = try? tmux(["kill-server"], capture: false)
        try? FileManager.default.removeItem(at: workDirectory)
    }

    /// Sends tmux key names (`Left`, `Down`, `q`, `C-c`) and returns at once:
    /// for keys after which the app no longer says it is idle (it quits).
    func send(_ keys: String...) throws {
        try send(keys)
    }

    /// Sends tmux key names, waits until the app has handled every input
    /// sent so far and is idle, and returns the screen then.
    func press(_ keys: String...) throws -> String {
        try press(keys)
    }

    func press(_ keys: [String]) throws -> String {
        try send(keys)
        return try waitForIdle()
    }

    /// A left click at 0-based column `x`, row `y`, written as the SGR mouse
    /// report a terminal sends (one input for the app); returns the screen once idle.
    func click(x: Int, y: Int) throws -> String {
        inputs += 1
        try tmux(["send-keys", "-t", "main", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)M"])
        return try waitForIdle()
    }

    /// Resizes the pane (one input for the app) and returns the screen once the app is idle.
    func resize(width: Int, height: Int) throws -> String {
        inputs += 1
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
        return try waitForIdle()
    }

    /// Sends a key and resizes the pane in one tmux command, so the resize
    /// lands while the app is still reading the key (within Esc's delay, for
    /// Escape); two inputs for the app. Returns the screen once the app is idle.
    func press(_ key: String, thenResizeTo width: Int, height: Int) throws -> String {
        inputs += 2
        try tmux(["send-keys", "-t", "main", key, ";", "resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
        return try waitForIdle()
    }

    /// Waits until the app reports idle after exactly the inputs sent so far
    /// (none yet: the first frame); returns the screen then.
    func waitForIdle(timeout: TimeInterval = 10) throws -> String {
        try waitForIdleLine("idle \(inputs)", timeout: timeout)
    }

    /// Waits until the app reports idle after the inputs sent so far while
    /// its load still runs (`idle N loading`); returns the screen then.
    func waitWhileLoading(timeout: TimeInterval = 10) throws -> String {
        try waitForIdleLine("idle \(inputs) loading", timeout: timeout)
    }

    /// Waits until the app reports idle after the inputs sent so far while
    /// it follows an input that has given `rows` rows (`idle N following R`); returns the screen then.
    func waitWhileFollowing(rows: Int, timeout: TimeInterval = 10) throws -> String {
        try waitForIdleLine("idle \(inputs) following \(rows)", timeout: timeout)
    }

    /// Waits until the app reports idle after the inputs sent so far with
    /// its database's connection lost (`idle N disconnected`); returns the screen then.
    func waitWhileDisconnected(timeout: TimeInterval = 10) throws -> String {
        try waitForIdleLine("idle \(inputs) disconnected", timeout: timeout)
    }

    private func waitForIdleLine(_ expected: String, timeout: TimeInterval) throws -> String {
        try poll("the app to say \"\(expected)\"", timeout: timeout) {
            file("idle") == expected + "\n"
        }
        return try screen()
    }

    /// Polls the screen until it shows `text` (for what the app does not
    /// draw: the shell after it), and returns it.
    func wait(for text: String, timeout: TimeInterval = 10) throws -> String {
        var last = ""
        try poll("\"\(text)\" on screen", timeout: timeout) {
            last = (try? screen()) ?? ""
            return last.contains(text)
        }
        return last
    }

    /// Waits until the command has written a whole line to the file `name` in the work directory; returns its content.
    func waitForFile(_ name: String, timeout: TimeInterval = 10) throws -> String {
        var content = ""
        try poll("a line in \(name)", timeout: timeout) {
            content = file(name) ?? ""
            return content.hasSuffix("\n")
        }
        return content
    }

    /// The exit status of the command a session `reportingExitOf` started, once it has ended.
    func exitStatus(timeout: TimeInterval = 10) throws -> Int32? {
        Int32(try waitForFile("status", timeout: timeout).dropFirst("exit=".count).dropLast())
    }

    /// What tmux knows of the pane, in its format language (`#{mouse_sgr_flag}`).
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "main", format])
    }

    func file(_ name: String) -> String? {
        try? String(contentsOf: workDirectory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The pane as text, one line per row.
    private func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"])
    }

    /// Sends tmux key names and returns at once (`send(_:...)` for a list made at run time).
    func send(_ keys: [String]) throws {
        inputs += keys.count
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Checks `done` until it holds; past `timeout` throws with the screen as it was then.
    private func poll(_ description: String, timeout: TimeInterval, until done: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !done() {
            guard Date() < deadline else {
                throw TmuxError.timedOut(waitingFor: description, seconds: timeout, idle: file("idle"), screen: (try? screen()) ?? "")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Runs tmux through `system(3)`, output to a file: `Process` can miss
    /// the exit of a client whose server lives on, and a pipe would be held
    /// open by the server.
    @discardableResult
    private func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        let outputFile = workDirectory.appendingPathComponent("tmux-output")
        let quoted = (["tmux", "-S", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = quoted.joined(separator: " ") + " </dev/null 2>/dev/null >'\(outputFile.path)'"
        let status = system(command)
        guard capture else { return "" }
        guard status == 0 else { throw TmuxError.failed(arguments.first ?? "", status) }
        return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }
}

enum TmuxError: Error, CustomStringConvertible {
    case failed(String, Int32)
    case timedOut(waitingFor: String, seconds: TimeInterval, idle: String?, screen: String)

    var description: String {
        switch self {
        case .failed(let command, let status):
            "tmux \(command) failed with status \(status)"
        case .timedOut(let what, let seconds, let idle, let screen):
            "timed out after \(seconds) s waiting for \(what); the idle file says \(idle.map { "\"\($0.trimmingCharacters(in: .newlines))\"" } ?? "nothing"); "
                + "the screen was:\n\(screen)"
        }
    }
}
