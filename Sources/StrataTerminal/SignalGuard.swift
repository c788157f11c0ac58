import CNcurses

#if canImport(Glibc)
import Glibc
#endif

/// Restores the terminal when the process is told to stop or crashes, so
/// the user never gets a shell left in raw mode on the alternate screen.
///
/// Signal handlers are C function pointers: they cannot capture, so the
/// state they read lives in globals. Nothing here allocates inside a handler.
enum SignalGuard {
    /// Stop requests: restore the terminal and exit 128 + signal.
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// Crashes: restore the terminal, then let the previous handler (the
    /// Swift runtime's backtracer, or the default) see the same signal.
    static let crashing: [Int32] = [SIGSEGV, SIGABRT, SIGILL, SIGTRAP, SIGBUS, SIGFPE]

    /// Installs the handlers, remembering the ones they replace. Call
    /// before `newterm`, so ncurses does not add its own (its SIGINT
    /// cleanup exits 1; its SIGTSTP handler resumes without keypad mode).
    static func install() {
        for signal in terminating { replace(signal, handler: onTerminate, flags: 0) }
        for signal in crashing {
            replace(signal, handler: onCrash, flags: Int32(SA_SIGINFO) | Int32(bitPattern: UInt32(SA_RESETHAND)))
        }
        // A shell without job control ignores SIGTSTP for us: keep that.
        var current = sigaction()
        sigaction(SIGTSTP, nil, &current)
        suspendHandled = !isIgnored(current)
        // No SA_RESTART: the blocking read must return so the loop can stop.
        if suspendHandled { replace(SIGTSTP, handler: onSuspend, flags: 0) }
        // Stopped by something other than Ctrl-Z (`kill -STOP`, then -CONT):
        // the terminal may have changed meanwhile, so the loop re-measures it.
        replace(SIGCONT, handler: onContinue, flags: 0)
    }

    /// Puts back the handlers `install` replaced.
    static func uninstall() {
        var signals = terminating + crashing + [SIGCONT]
        if suspendHandled { signals.append(SIGTSTP) }
        for signal in signals where signal < maxSignal {
            sigaction(signal, &previousActions[Int(signal)], nil)
        }
        suspendHandled = false
        suspendRequested = false
        continued = false
    }

    /// True once after Ctrl-Z (SIGTSTP) arrived.
    static func takeSuspendRequest() -> Bool {
        guard suspendRequested else { return false }
        suspendRequested = false
        return true
    }

    /// True once after the process was continued (SIGCONT).
    static func takeContinued() -> Bool {
        guard continued else { return false }
        continued = false
        return true
    }

    /// Stops the process the way Ctrl-Z would have (the shell reports it as
    /// stopped) and returns once it is continued. The caller ends curses first.
    static func stopProcess() {
        var stop = sigaction()
        sigemptyset(&stop.sa_mask)
        stop.__sigaction_handler.sa_handler = SIG_DFL
        sigaction(SIGTSTP, &stop, nil)
        raise(SIGTSTP)
        replace(SIGTSTP, handler: onSuspend, flags: 0, saving: false)
    }

    /// Set while ncurses owns the terminal, so handlers know to call endwin.
    static func markCursesActive(_ active: Bool) {
        cursesActive = active
    }

    private static func replace(_ signal: Int32, handler: SignalHandler, flags: Int32, saving: Bool = true) {
        guard signal < maxSignal else { return }
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        action.__sigaction_handler.sa_sigaction = handler
        sigaction(signal, &action, saving ? previousActions + Int(signal) : nil)
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        withUnsafeBytes(of: action.__sigaction_handler) { $0.load(as: UInt.self) } == 1 // SIG_IGN
    }
}

typealias SignalHandler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

private let maxSignal: Int32 = 65
/// Written only by `install` before any handler can run; read by handlers.
nonisolated(unsafe) private let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(maxSignal))
nonisolated(unsafe) private var cursesActive = false
nonisolated(unsafe) private var suspendHandled = false
nonisolated(unsafe) private var suspendRequested = false
nonisolated(unsafe) private var continued = false

private func restoreTerminal() {
    if cursesActive {
        cursesActive = false
        MouseReporting.disableFromHandler()
        endwin()
    }
    releaseHeldStderr()
}

private let onTerminate: SignalHandler = { signal, _, _ in
    restoreTerminal()
    _exit(128 + signal)
}

private let onSuspend: SignalHandler = { _, _, _ in
    suspendRequested = true
}

private let onContinue: SignalHandler = { _, _, _ in
    continued = true
}

private let onCrash: SignalHandler = { signal, info, _ in
    restoreTerminal()
    sigaction(signal, &previousActions[Int(signal)], nil)
    // A fault from the CPU happens again when the handler returns, now
    // reaching the previous handler with its real context; a signal sent
    // by kill or abort() must be raised again to get there.
    if let info, info.pointee.si_code > 0 { return }
    raise(signal)
}
