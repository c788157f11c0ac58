/// What a front end drives: keys in, grids out. The ncurses backend and the
/// headless replayer both run an app through this and nothing else.
public protocol InteractiveApp {
    /// Handles one key or terminal event (a resize arrives as `.resize`).
    mutating func send(_ key: Key)
    /// True once the user asked to quit.
    var shouldQuit: Bool { get }
    /// The whole screen for `size`, as a pure function of the app's state.
    func render(size: Size) -> Grid
    /// True while an animation wants more frames; the backend then polls
    /// for keys with a short timeout and calls `advanceAnimation`.
    var isAnimating: Bool { get }
    /// Moves running animations forward; a key that arrives meanwhile is
    /// sent at once (the app skips the animation to its end).
    mutating func advanceAnimation(byMilliseconds milliseconds: Int)
}
