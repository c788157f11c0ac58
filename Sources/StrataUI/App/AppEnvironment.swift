import StrataData

/// What the reducer and the screens are given rather than read themselves:
/// the data, the glyphs, the two clocks' readings and the zones of the
/// frame on screen. Built fresh for each event and each frame.
public struct AppEnvironment: Sendable {
    public let dataset: Dataset
    public var glyphs: Glyphs
    /// Colours on screen; without them series on one chart differ by pattern.
    public var colors: Bool
    /// Off for headless runs and `--no-animation`: no transition starts.
    public var animates: Bool
    /// "Now" as UTC seconds, for partial periods and `t` (`--now` fixes it).
    public var now: Int64
    /// The monotonic clock in milliseconds, for transitions.
    public var time: Int64
    /// Where clicks land: the zones of the frame the user sees.
    public var zones: [HitZone]
    /// Work earlier frames did (the app keeps one across frames).
    let memory: FrameMemory

    public init(dataset: Dataset, glyphs: Glyphs = .unicode, colors: Bool = false, animates: Bool = false, now: Int64, time: Int64 = 0,
                zones: [HitZone] = []) {
        self.init(dataset: dataset, glyphs: glyphs, colors: colors, animates: animates, now: now, time: time, zones: zones,
                  memory: FrameMemory())
    }

    init(dataset: Dataset, glyphs: Glyphs, colors: Bool, animates: Bool, now: Int64, time: Int64, zones: [HitZone],
         memory: FrameMemory) {
        self.dataset = dataset
        self.glyphs = glyphs
        self.colors = colors
        self.animates = animates
        self.now = now
        self.time = time
        self.zones = zones
        self.memory = memory
    }
}
