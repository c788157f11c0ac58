/// Events in, frames out, until the app quits: sends the terminal's size
/// at start and after a stop, sleeps until the next input or the frame's
/// wake-up, and says when it is idle (nothing moving, all input handled).
public enum RunLoop {
    /// `onIdle(n, activity)` is called with the number of inputs handled so
    /// far, and whether a background load still runs (the frame then changes
    /// as it reads) or a followed input has grown, each time a frame with no
    /// animation is on screen and the loop is about to wait.
    ///
    /// `script` (`--keys`) is replayed as a dump replays it: once the load
    /// has ended, each key after the data the one before asked for has come,
    /// so the same keys land on the same screen in a terminal as in `--dump`.
    /// The loop says it is idle only once the script is done.
    public static func run<Backend: TerminalBackend>(_ app: inout StrataApp, on backend: inout Backend,
                                                     script: [KeyScript.Token] = [],
                                                     onIdle: (_ inputs: Int, _ activity: StrataApp.Activity) -> Void = { _, _ in }) {
        var inputs = 0
        var scripted = script.lazy.flatMap(\.events).makeIterator()
        var scripting = !script.isEmpty
        app.handle(.resize(backend.size))
        while true {
            if scripting {
                scripting = replay(&scripted, into: &app)
                if app.shouldQuit { return }
            }
            let frame = app.render()
            backend.draw(frame.grid)
            if app.state.transition == nil, !scripting { onIdle(inputs, app.activity) }
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

    /// Handles the script's next events while nothing is read, as many as
    /// come (a million keys are not a million frames); a click first draws
    /// the screen it lands on. Returns whether events are left.
    private static func replay<Events: IteratorProtocol<Event>>(_ events: inout Events, into app: inout StrataApp) -> Bool {
        while !app.isReading {
            guard let event = events.next() else { return false }
            if case .mouse = event { _ = app.render() }
            app.handle(event)
            if app.shouldQuit { return false }
        }
        return true
    }
}
