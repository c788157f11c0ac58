/// What the user asked for, whatever key, click or wheel said it. Key maps
/// and hit zones turn events into actions; `reduce` applies them.
public enum Action: Hashable, Sendable {
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
    /// Esc: close the overlay, cancel a count.
    case cancel
    case openPrompt
    case promptInput(Character)
    case promptBackspace
    /// Resolves the prompt's text to a period on every level, or says why not.
    case promptSubmit
    case quit
}
