/// Events in, frames out, until the app quits: sends the terminal's size
/// at start and after a stop, sleeps until the next input or the frame's
/// wake-up, and says when it is idle (nothing moving, all input handled).
public enum RunLoop {
    /// `onIdle(n, activity)` is called with the number of inputs handled so
    /// far, and whether a background load still runs (the frame then changes
    /// as it reads) or a followed input has grown, each time a frame with no
    /// animation is on screen and the loop is about to wait.
    public static func run<Backend: TerminalBackend>(_ app: inout StrataApp, on backend: inout Backend,
                                                     onIdle: (_ inputs: Int, _ activity: StrataApp.Activity) -> Void = { _, _ in }) {
        var inputs = 0
        app.handle(.resize(backend.size))
        while true {
            let frame = app.render()
            backend.draw(frame.grid)
            if app.state.transition == nil { onIdle(inputs, app.activity) }
            let timeout = frame.wakeUp.map { Int(max(0, $0 - app.clock.milliseconds())) }
            switch backend.nextInput(timeoutMilliseconds: timeout) {
            case .event(let event):
                inputs += 1
                app.handle(event)
            case .timeout:
                app.handle(.tick)
            case .continued:
                app.handle(.resize(backend.size))
            case .closed:
                return
            }
            if app.shouldQuit { return }
        }
    }
}
