/// What rendering produces: the screen's cells, where clicks land, and
/// when the screen next changes by itself (an animation frame, the minute
/// tick), so the loop can sleep until then.
public struct Frame: Sendable {
    public var grid: Grid
    /// Later zones win where zones overlap (an overlay over a screen).
    public var zones: [HitZone]
    /// On the app's monotonic clock, in milliseconds; nil: nothing changes until an event.
    public var wakeUp: Int64?

    public init(size: Size) {
        self.grid = Grid(size: size)
        self.zones = []
        self.wakeUp = nil
    }

    /// Makes `rect` answer a click with `action`.
    public mutating func addZone(_ rect: Rect, _ action: Action) {
        let visible = rect.intersection(grid.bounds)
        if !visible.isEmpty { zones.append(HitZone(rect: visible, action: action)) }
    }

    /// Runs `body` with drawing clipped to `rect` as well, then restores the clip.
    public mutating func clipped(to rect: Rect, _ body: (inout Frame) -> Void) {
        let saved = grid.clip
        grid.clip = saved.intersection(rect)
        body(&self)
        grid.clip = saved
    }

    /// Keeps the earlier of two wake-ups.
    public mutating func wake(at time: Int64) {
        wakeUp = min(wakeUp ?? time, time)
    }
}

/// A clickable rectangle of a drawn frame and what a click there means.
public struct HitZone: Hashable, Sendable {
    public let rect: Rect
    public let action: Action
}
