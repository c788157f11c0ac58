import CNcurses
import StrataUI

#if canImport(Glibc)
import Glibc
#endif

/// The user's terminal while ncurses owns it: opened with `newterm`,
/// closed with `endwin` + `delscreen`. Everything stateful about ncurses
/// start-up and teardown is here, in the order it must happen.
struct TerminalScreen: TerminalInput {
    let window: UnsafeMutablePointer<WINDOW>
    let palette: ColorPalette
    private let screen: OpaquePointer
    /// `/dev/tty`, opened when stdin carries data instead of keys.
    private let ttyInput: UnsafeMutablePointer<FILE>?
    private let mouse: Bool

    static func open(options: TerminalOptions) throws(TerminalError) -> TerminalScreen {
        if case .failure(let error) = TerminalSession.availability() { throw error }
        TerminalSession.adoptLocale()

        var ttyInput: UnsafeMutablePointer<FILE>?
        if isatty(STDIN_FILENO) != 1 {
            guard let tty = fopen("/dev/tty", "r+") else {
                throw .noTerminal("standard input is not a terminal and /dev/tty cannot be opened")
            }
            ttyInput = tty
        }
        let input = ttyInput ?? strata_stdin_file()
        fflush(strata_stdout_file())

        SignalGuard.install() // before newterm: see there
        // newterm, not initscr: initscr exits the process on an unknown TERM.
        guard let screen = newterm(nil, strata_stdout_file(), input) else {
            SignalGuard.uninstall()
            if let ttyInput { fclose(ttyInput) }
            throw .noTerminal("unknown terminal type '\(TerminalSession.termName)' (check TERM)")
        }
        set_term(screen)
        SignalGuard.markCursesActive(true)
        guard strata_can_address_cursor() != 0, let window = strata_stdscr() else {
            endwin()
            SignalGuard.markCursesActive(false)
            delscreen(screen)
            SignalGuard.uninstall()
            if let ttyInput { fclose(ttyInput) }
            throw .noTerminal("terminal type '\(TerminalSession.termName)' cannot move the cursor")
        }

        // cbreak, not raw: Ctrl-C still raises SIGINT, which ends even a
        // stuck loop, and Ctrl-Z still suspends.
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        leaveok(window, true)
        curs_set(0)
        set_escdelay(25) // after newterm, or $ESCDELAY would not override it
        // Mouse reports are decoded by the backend: keep keypad from taking them.
        define_key("\u{1B}[M", 0)
        define_key("\u{1B}[<", 0)
        let palette = ColorPalette.install(useColor: options.useColor)
        if options.mouse { MouseReporting.enable() }
        StderrHold.begin()

        return TerminalScreen(window: window, palette: palette, screen: screen,
                              ttyInput: ttyInput, mouse: options.mouse)
    }

    /// Gives the terminal back as it was: main screen, cursor, modes, handlers.
    func close() {
        if mouse { MouseReporting.disable() }
        endwin()
        SignalGuard.markCursesActive(false)
        StderrHold.end()
        SignalGuard.uninstall()
        delscreen(screen)
        if let ttyInput { fclose(ttyInput) }
    }

    /// Hands the terminal back and stops the process (Ctrl-Z); on return
    /// the caller redraws everything, which puts curses mode back.
    func suspend() {
        if mouse { MouseReporting.disable() }
        endwin()
        SignalGuard.markCursesActive(false)
        SignalGuard.stopProcess()
        SignalGuard.markCursesActive(true)
        if mouse { MouseReporting.enable() }
    }

    /// The window's size; after `KEY_RESIZE` ncurses has already applied the new one.
    var size: Size {
        Size(width: max(0, Int(getmaxx(window))), height: max(0, Int(getmaxy(window))))
    }

    /// Waits for the next key or event; a negative timeout waits forever.
    func read(timeoutMilliseconds: Int32) -> RawInput {
        wtimeout(window, timeoutMilliseconds)
        var code: wint_t = 0
        switch wget_wch(window, &code) {
        case KEY_CODE_YES: return .functionKey(Int32(bitPattern: code))
        case OK: return .character(UInt32(code))
        default: return .nothing
        }
    }

    /// Ctrl-Z interrupts a read; the stop happens here, between ncurses
    /// calls, so curses mode (keypad, mouse) comes back whole on `fg`.
    func takeStop() -> Bool {
        if SignalGuard.takeSuspendRequest() {
            suspend()
            _ = SignalGuard.takeContinued()
            return true
        }
        return SignalGuard.takeContinued()
    }
}
