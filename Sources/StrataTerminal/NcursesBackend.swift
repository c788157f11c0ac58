import CNcurses
import StrataUI

/// The terminal as the run loop sees it: the window's size, diff drawing,
/// and input decoded into events. Ctrl-Z and SIGCONT come back as
/// `.continued`, so the loop re-measures the terminal after a stop.
struct NcursesBackend: TerminalBackend {
    /// A blocking read that keeps failing means the input is gone.
    static let maxFailedReads = 64
    /// The longest SGR mouse report we wait for (`<` b `;` x `;` y `M`).
    static let maxReportLength = 32

    let screen: TerminalScreen
    private var painter: ScreenPainter
    private var failedReads = 0

    init(screen: TerminalScreen) {
        self.screen = screen
        self.painter = ScreenPainter(window: screen.window, palette: screen.palette)
    }

    var size: Size { screen.size }

    mutating func draw(_ grid: Grid) {
        painter.draw(grid, size: size)
    }

    mutating func nextInput(timeoutMilliseconds: Int?) -> BackendInput {
        while true {
            let input = screen.read(timeoutMilliseconds: timeoutMilliseconds.map { Int32(clamping: $0) } ?? -1)
            // Ctrl-Z interrupts the read; stop here, between ncurses calls,
            // so curses mode (keypad, mouse) comes back whole on `fg`.
            if SignalGuard.takeSuspendRequest() {
                screen.suspend()
                _ = SignalGuard.takeContinued()
                painter.invalidate()
                return .continued
            }
            if SignalGuard.takeContinued() {
                painter.invalidate()
                return .continued
            }
            switch input {
            case .key(.escape):
                failedReads = 0
                return .event(escapeOrMouse())
            case .key(let key):
                failedReads = 0
                return .event(.key(key))
            case .resize:
                failedReads = 0
                painter.invalidate()
                return .event(.resize(size))
            case .timeout:
                if timeoutMilliseconds != nil { return .timeout }
                failedReads += 1
                if failedReads >= Self.maxFailedReads { return .closed }
            case .ignored:
                continue
            }
        }
    }

    /// An ESC alone is the Esc key; `ESC [ <` or `ESC [ M` start a mouse
    /// report, read at once (the terminal sends it in one piece).
    private func escapeOrMouse() -> Event {
        var read: [UInt32] = []
        func next() -> UInt32? {
            guard let code = screen.readCode(timeoutMilliseconds: 0) else { return nil }
            read.append(code)
            return code
        }
        guard next() == UInt32(UInt8(ascii: "[")) else { return giveBack(read) }
        switch next() {
        case UInt32(UInt8(ascii: "<")):
            var body = ""
            while body.count < Self.maxReportLength, let code = next(), let scalar = Unicode.Scalar(code) {
                body.unicodeScalars.append(scalar)
                if scalar == "M" || scalar == "m" {
                    return MouseReport.sgr(body).map(Event.mouse) ?? .key(.escape)
                }
            }
        case UInt32(UInt8(ascii: "M")):
            let bytes = (0..<3).compactMap { _ in next() }
            if let event = MouseReport.x10(bytes) { return .mouse(event) }
        default:
            break
        }
        return giveBack(read)
    }

    /// Not a mouse report: the Esc key, with what followed it read again later.
    private func giveBack(_ codes: [UInt32]) -> Event {
        for code in codes.reversed() { screen.unread(code) }
        return .key(.escape)
    }
}
