import Foundation

/// The app's two readings of time, injected so tests can move them by hand.
public protocol AppClock: Sendable {
    /// "Now" as UTC seconds: what decides partial periods and `t`.
    func wallSeconds() -> Int64
    /// A monotonic clock in milliseconds: what animations run on.
    func milliseconds() -> Int64
    /// False when "now" is fixed (`--now`): then nothing ticks by the minute.
    var wallTimeMoves: Bool { get }
}

/// The real clocks; `fixedNow` pins the wall clock for `--now`.
public struct SystemClock: AppClock {
    let fixedNow: Int64?
    private let origin = ContinuousClock.now

    public init(fixedNow: Int64?) {
        self.fixedNow = fixedNow
    }

    public func wallSeconds() -> Int64 {
        fixedNow ?? Int64(Date().timeIntervalSince1970)
    }

    public func milliseconds() -> Int64 {
        let elapsed = ContinuousClock.now - origin
        return elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
    }

    public var wallTimeMoves: Bool { fixedNow == nil }
}
