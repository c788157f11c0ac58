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
    /// Stops early when a key quits the app (the screen before quitting is kept).
    public static func run<App: InteractiveApp, Output: TextOutputStream>(
        _ app: inout App, tokens: [KeyScript.Token], options: Options, to output: inout Output
    ) {
        var size = options.size
        app.send(.resize(size))
        var lastGrid = app.render(size: size)
        for (n, token) in tokens.enumerated() {
            if case .resize(let newSize) = token.key { size = newSize }
            app.send(token.key)
            if app.shouldQuit { break }
            if options.frames {
                lastGrid = app.render(size: size)
                output.write("--- frame \(n + 1): \(token.text) ---\n")
                output.write(text(of: lastGrid, color: options.color))
            }
        }
        if !options.frames {
            if !app.shouldQuit { lastGrid = app.render(size: size) }
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
