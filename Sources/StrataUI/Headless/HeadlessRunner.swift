import Foundation

/// Replays a key script with no terminal and prints screens as text:
/// `--dump` (the last screen) and `--frames` (a screen after every key).
///
/// It runs the app as the terminal does, load and all: before each key and
/// before it prints, it waits until the app has settled (`settle`), so a
/// screen is what the terminal shows once the data it asked for is there.
public enum HeadlessRunner {
    public struct Options: Sendable {
        public var size: Size
        public var frames: Bool
        public var color: Bool
        /// A followed input (`-f`) has settled once it has not grown for this long, in seconds.
        public var followQuiet: Double
        /// A followed input has settled this long after the run began, grown or not (`--follow-for`).
        public var followLimit: Double?
        public init(size: Size, frames: Bool = false, color: Bool = false, followQuiet: Double = 1, followLimit: Double? = nil) {
            self.size = size
            self.frames = frames
            self.color = color
            self.followQuiet = followQuiet
            self.followLimit = followLimit
        }
    }

    /// Runs `tokens` through `app` and writes the screens to `output`. A
    /// followed input is not waited for here: call `settle` first for that.
    /// Stops early when a key quits the app (the screen it quit on is the
    /// dump); writes nothing when the load fails (`app.loadFailure`).
    public static func run<Output: TextOutputStream>(
        _ app: inout StrataApp, tokens: [KeyScript.Token], options: Options, to output: inout Output
    ) {
        var options = options
        options.followQuiet = 0
        app.handle(.resize(options.size))
        var lastGrid = settle(&app, options: options)
        var drawn = true
        var n = 0
        replay: for token in tokens {
            for _ in 0..<token.repeats {
                if app.shouldQuit { break replay }
                // A click lands on what was drawn last: draw the screen the keys before it made.
                if case .mouse = token.event, !drawn { lastGrid = settle(&app, options: options) }
                app.handle(token.event)
                n += 1
                drawn = false
                if app.shouldQuit { break replay }
                // A key that asked for data (a timeline's window) is answered before the next: a
                // person waits for it too. Others are drawn only when printed: a million keys are
                // not a million frames.
                if options.frames || app.isReading {
                    lastGrid = settle(&app, options: options)
                    drawn = true
                }
                if options.frames {
                    output.write("--- frame \(n): \(token.text) ---\n")
                    output.write(text(of: lastGrid, color: options.color))
                }
            }
        }
        // Quitting changes nothing on screen: the dump is the screen the keys left.
        if !drawn { lastGrid = settle(&app, options: options) }
        if app.loadFailure == nil, !options.frames { output.write(text(of: lastGrid, color: options.color)) }
    }

    /// Lets the app take what its load posts, and draws, until it has
    /// nothing left to wait for: the load has ended, the pages drawn as
    /// reading have come, and a followed input has stopped growing for
    /// `options.followQuiet` (or the follow's time is up). Returns the
    /// screen it settled on.
    @discardableResult
    public static func settle(_ app: inout StrataApp, options: Options) -> Grid {
        let started = DispatchTime.now()
        var rows = -1
        var grewAt = DispatchTime.now()
        while true {
            // A load still running is not drawn: nobody sees its frames.
            if !app.isLoading || app.shouldQuit {
                let grid = app.render().grid
                switch app.activity {
                // A dump does not wait for a lost connection: it says so instead (the command's line, exit 69).
                case .settled, .disconnected: return grid
                case .loading: break
                case .following(let now):
                    if now != rows { (rows, grewAt) = (now, .now()) }
                    if seconds(since: grewAt) >= options.followQuiet { return grid }
                }
                if app.shouldQuit { return grid }
                if let limit = options.followLimit, seconds(since: started) >= limit { return grid }
            }
            // A load's posts wake the wait at once; a page read in the background is looked for often.
            let wait = app.isLoading || !app.isReading ? 100 : 2
            if let feed = app.awaitedFeed {
                feed.wait(milliseconds: wait)
            } else {
                Thread.sleep(forTimeInterval: Double(wait) / 1000)
            }
            app.handle(.tick)
        }
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
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
