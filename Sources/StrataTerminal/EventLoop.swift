import StrataUI

/// Keys in, frames out, until the app quits. Blocks on input when idle;
/// while the app animates, wakes every ~16 ms to move it on by the real
/// elapsed time.
enum EventLoop {
    static let frameMilliseconds: Int32 = 16
    /// A blocking read that keeps failing means the input is gone.
    static let maxFailedReads = 64

    static func run<App: InteractiveApp>(_ app: inout App, on screen: TerminalScreen, idle: IdleReporter) {
        var idle = idle
        var painter = ScreenPainter(window: screen.window, palette: screen.palette)
        var size = screen.size
        let clock = ContinuousClock()
        var lastTick: ContinuousClock.Instant?
        var failedReads = 0

        painter.draw(app.render(size: size), size: size)
        while !app.shouldQuit {
            let animating = app.isAnimating
            if !animating {
                lastTick = nil
            } else if lastTick == nil {
                lastTick = clock.now
            }
            idle.willWait(animating: animating)
            let event = screen.read(timeoutMilliseconds: animating ? frameMilliseconds : -1)
            idle.received(event)

            // Ctrl-Z interrupts the read; stop here, between ncurses calls,
            // so curses mode (keypad, mouse) comes back whole on `fg`.
            if SignalGuard.takeSuspendRequest() {
                screen.suspend()
                painter.invalidate()
                size = screen.size
                failedReads = 0
                if lastTick != nil { lastTick = clock.now } // time stopped does not animate
                if event == .timeout || event == .ignored {
                    painter.draw(app.render(size: size), size: size)
                    continue
                }
            }

            if event == .timeout, !animating {
                failedReads += 1
                if failedReads >= maxFailedReads { return }
                continue
            }
            failedReads = 0

            if let tick = lastTick {
                // Whole milliseconds only; the remainder carries to the next frame.
                let elapsed = clock.now - tick
                let milliseconds = Int(elapsed.components.seconds * 1000
                    + elapsed.components.attoseconds / 1_000_000_000_000_000)
                if milliseconds > 0 {
                    app.advanceAnimation(byMilliseconds: milliseconds)
                    lastTick = tick + .milliseconds(milliseconds)
                }
            }

            switch event {
            case .key(let key):
                app.send(key)
            case .resize:
                size = screen.size
                painter.invalidate()
                app.send(.resize(size))
            case .mouse:
                if let key = MouseDecoder.read() { app.send(key) }
            case .timeout:
                break // an animation frame
            case .ignored:
                if !animating { continue }
            }
            if app.shouldQuit { break }
            painter.draw(app.render(size: size), size: size)
        }
    }
}
