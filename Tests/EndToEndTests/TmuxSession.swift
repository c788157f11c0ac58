import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real binary in a real terminal: a private tmux server per session,
/// keys sent with `send-keys`, the screen read with `capture-pane`. Waits
/// poll for the expected text instead of sleeping.
final class TmuxSession {
    let socket: String
    let workDirectory: URL

    /// Starts `shellCommand` in an 80×24 (or `width`×`height`) pane. The
    /// command runs under `sh -c` in a scratch directory, with UTF-8 and no
    /// interactive crash prompt.
    init(_ shellCommand: String, width: Int = 80, height: Int = 24) throws {
        socket = "strata-e2e-\(UUID().uuidString.prefix(8))"
        workDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
        let wrapped = "cd '\(workDirectory.path)' && export LANG=C.UTF-8 SWIFT_BACKTRACE=interactive=no; \(shellCommand)"
        // The server outlives this call and would hold a captured stdout open: start it without one.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", "sh", "-c", wrapped],
                 capture: false)
    }

    deinit {
        _ = try? tmux(["kill-server"], capture: false)
        try? FileManager.default.removeItem(at: workDirectory)
    }

    /// Sends tmux key names (`Left`, `Down`, `q`, `C-c`) or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", "main"] + (literal ? ["-l"] : []) + keys)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pane as text, one line per row.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"])
    }

    /// Polls until `predicate` holds for the screen; returns the last screen either way.
    @discardableResult
    func wait(timeout: TimeInterval = 10, until predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = (try? screen()) ?? ""
            if predicate(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return last
    }

    @discardableResult
    func wait(for text: String, timeout: TimeInterval = 10) throws -> String {
        try wait(timeout: timeout) { $0.contains(text) }
    }

    func file(_ name: String) -> String? {
        try? String(contentsOf: workDirectory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Runs tmux through `system(3)`, output to a file: `Process` can miss
    /// the exit of a client whose server lives on, and a pipe would be held
    /// open by the server.
    @discardableResult
    private func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        let outputFile = workDirectory.appendingPathComponent("tmux-output")
        let quoted = (["tmux", "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = quoted.joined(separator: " ") + " </dev/null 2>/dev/null >'\(outputFile.path)'"
        let status = system(command)
        guard capture else { return "" }
        guard status == 0 else { throw TmuxError.failed(arguments.first ?? "", status) }
        return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }
}

enum TmuxError: Error {
    case failed(String, Int32)
}
