/// Replays a key script with no terminal and prints screens as text:
/// `--dump` (the last screen) and `--frames` (a screen after every key).
public enum HeadlessRunner {
    public struct Options: Sendable {
        public var size: Size
        public var frames: Bool
        public var color: Bool
        public init(size: Size, frames: Bool = false, color: Bool = false) {
            self.size = size
            self.frames = frames
            self.color = color
        }
    }

    /// Runs `tokens` through `app` and writes the screens to `output`.
    /// Stops early when a key quits the app (the screen it quit on is the dump).
    public static func run<Output: TextOutputStream>(
        _ app: inout StrataApp, tokens: [KeyScript.Token], options: Options, to output: inout Output
    ) {
        app.handle(.resize(options.size))
        var lastGrid = app.render().grid
        var drawn = true
        var n = 0
        replay: for token in tokens {
            for _ in 0..<token.repeats {
                // A click lands on what was drawn last: draw the screen the keys before it made.
                if case .mouse = token.event, !drawn { _ = app.render() }
                app.handle(token.event)
                drawn = false
                n += 1
                if app.shouldQuit { break replay }
                if options.frames {
                    lastGrid = app.render().grid
                    drawn = true
                    output.write("--- frame \(n): \(token.text) ---\n")
                    output.write(text(of: lastGrid, color: options.color))
                }
            }
        }
        if !options.frames {
            // Quitting changes nothing on screen: the dump is the screen the keys left.
            lastGrid = app.render().grid
            output.write(text(of: lastGrid, color: options.color))
        }
    }

    /// Exactly `height` lines, each ending in a newline, none wider than the grid.
    public static func text(of grid: Grid, color: Bool) -> String {
        var out = ""
        for y in 0..<grid.height {
            out += color ? AnsiText.line(y, of: grid) : grid.line(y)
            out += "\n"
        }
        return out
    }
}
