import CNcurses
import StrataUI

#if canImport(Glibc)
import Glibc
#endif

/// Runs an `InteractiveApp` on the user's terminal with ncurses.
public enum TerminalSession {
    /// Opens the terminal, runs `app` until it quits, restores the terminal.
    /// SIGINT (Ctrl-C), SIGTERM and SIGHUP restore the terminal and exit
    /// 130, 143 and 129 without returning. A background load posts to the
    /// app's feed; when it fails, the app quits and `app.loadFailure` says why.
    /// `script` is replayed once the load has ended (`RunLoop.run`).
    public static func run(_ app: inout StrataApp, options: TerminalOptions, script: [KeyScript.Token] = []) throws(TerminalError) {
        var idle = IdleReporter.fromEnvironment()
        let screen = try TerminalScreen.open(options: options)
        defer { screen.close() }
        app.colors = screen.palette.depth != .monochrome
        var backend = NcursesBackend(screen: screen)
        RunLoop.run(&app, on: &backend, script: script) { idle.report(inputs: $0, activity: $1) }
    }

    /// Whether this process can run interactively: stdout a terminal, keys
    /// from stdin or `/dev/tty`, and TERM set. The failure says why not.
    public static func availability() -> Result<Void, TerminalError> {
        guard isatty(STDOUT_FILENO) == 1 else {
            return .failure(.noTerminal("standard output is not a terminal"))
        }
        if isatty(STDIN_FILENO) != 1 {
            let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
            guard tty >= 0 else {
                return .failure(.noTerminal("standard input is not a terminal and /dev/tty cannot be opened"))
            }
            close(tty)
        }
        guard !termName.isEmpty else {
            return .failure(.noTerminal("TERM is not set"))
        }
        return .success(())
    }

    /// True when the user's locale encodes text as UTF-8; otherwise the
    /// command should draw with ASCII glyphs. Also adopts the locale.
    public static func localeIsUTF8() -> Bool {
        adoptLocale()
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).lowercased().filter { $0 != "-" && $0 != "_" }
        return name == "utf8"
    }

    /// The user's locale for characters (ncurses needs it for wide text),
    /// but C number formatting, so parsing `1.5` never depends on it.
    static func adoptLocale() {
        setlocale(LC_ALL, "")
        setlocale(LC_NUMERIC, "C")
    }

    static var termName: String {
        guard let term = getenv("TERM") else { return "" }
        return String(cString: term)
    }
}
