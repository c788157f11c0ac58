import StrataData

/// What the user asked for, whatever key said it. `KeyMap` turns keys into
/// actions; `reduce` applies them.
public enum Action: Equatable, Sendable {
    /// Move `periods` on the current level (negative is back), times any pending count.
    case move(periods: Int)
    case coarserLevel
    case finerLevel
    case selectLevel(Int)
    case firstPeriod
    case lastPeriod
    case nowPeriod
    case jump(toIndex: Int)
    case countDigit(Int)
    case cycleAggregate
    case nextSeries
    case previousSeries
    case toggleHelp
    case cancel
    case openPrompt
    case promptInput(Character)
    case promptBackspace
    /// The prompt's text, already resolved by the app to a period per level (or an error).
    case promptSubmit(positions: [Int]?, error: String?)
    case resized(Size)
    case quit
}
