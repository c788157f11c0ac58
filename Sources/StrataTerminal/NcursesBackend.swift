import StrataUI

/// The terminal as the run loop sees it: the window's size, diff drawing,
/// and input decoded into events. Ctrl-Z and SIGCONT come back as
/// `.continued`, so the loop re-measures the terminal after a stop.
struct NcursesBackend: TerminalBackend {
    private var input: InputReader<TerminalScreen>
    private var painter: ScreenPainter

    init(screen: TerminalScreen) {
        self.input = InputReader(source: screen)
        self.painter = ScreenPainter(window: screen.window, palette: screen.palette)
    }

    var size: Size { input.source.size }

    mutating func draw(_ grid: Grid) {
        painter.draw(grid, size: size)
    }

    mutating func nextInput(timeoutMilliseconds: Int?) -> BackendInput {
        let next = input.next(timeoutMilliseconds: timeoutMilliseconds)
        switch next {
        case .continued, .event(.resize): painter.invalidate() // the screen may hold anything now
        default: break
        }
        return next
    }
}
