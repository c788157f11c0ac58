import Foundation

/// The connection a source is read over when it can be lost mid-session (a
/// database's). Its reads go through `read`: the first to find the
/// connection lost starts a worker that opens it again after `firstDelay`,
/// then after twice as long each time up to `longestDelay`, until the
/// server answers. While it is lost a read fails at once, so no key waits on
/// a server that is gone; the screens say so from `state`, and what failed
/// is asked again once it is back (`waitUntilConnected`, `takeRestored`).
public final class SourceLink: @unchecked Sendable {
    public enum State: Equatable, Sendable {
        case connected
        /// Lost: why (the last attempt's failure once one was made), and the
        /// whole seconds until the next attempt (0: it is under way).
        case lost(ReadError, retryIn: Int)
    }

    private let reopen: @Sendable () throws(ReadError) -> Void
    private let firstDelay: Duration
    private let longestDelay: Duration
    private let condition = NSCondition()
    private var current = State.connected
    private var firstLost: ReadError?
    /// Reconnections the app has not taken yet (`takeRestored`).
    private var restorations = 0

    /// - Parameter reopen: opens the connection again, on the worker; throws while the server does not answer.
    public init(firstDelay: Duration = .milliseconds(500), longestDelay: Duration = .seconds(8),
                reopen: @escaping @Sendable () throws(ReadError) -> Void) {
        self.reopen = reopen
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
    }

    public var state: State { condition.withLock { current } }

    /// Why the connection is down now; nil while it is up.
    public var lost: ReadError? {
        guard case .lost(let error, _) = state else { return nil }
        return error
    }

    /// The first read that found the connection lost, even if it is back
    /// since: a dump that met one printed pages it could not read.
    public var lostOnce: ReadError? { condition.withLock { firstLost } }

    /// Runs `body`, one exchange with the server; while the connection is
    /// lost, fails with why instead. A lost connection that `body` finds
    /// starts the worker that opens it again.
    public func read<T>(_ body: () throws(ReadError) -> T) throws(ReadError) -> T {
        if let lost { throw lost }
        do {
            return try body()
        } catch {
            if case .connectionLost = error { lose(error) }
            throw error
        }
    }

    /// Blocks the calling worker until the connection is up.
    public func waitUntilConnected() {
        condition.withLock {
            while current != .connected { condition.wait() }
        }
    }

    /// Whether the connection came back since the last call: what was not read while it was down is asked again.
    public func takeRestored() -> Bool {
        condition.withLock {
            defer { restorations = 0 }
            return restorations > 0
        }
    }

    private func lose(_ error: ReadError) {
        let starts = condition.withLock {
            firstLost = firstLost ?? error
            guard current == .connected else { return false }
            current = .lost(error, retryIn: Self.wholeSeconds(firstDelay))
            return true
        }
        guard starts else { return }
        let thread = Thread { [self] in reconnect(lost: error) }
        thread.qualityOfService = .utility
        thread.start()
    }

    /// The worker: waits, tries, and doubles the wait after each failure,
    /// counting the seconds down in `state` as it waits.
    private func reconnect(lost error: ReadError) {
        var why = error, delay = firstDelay
        while true {
            let attempt = ContinuousClock.now + delay
            while ContinuousClock.now < attempt {
                let left = ContinuousClock.now.duration(to: attempt)
                let seconds = Self.wholeSeconds(left)
                publish(.lost(why, retryIn: seconds))
                // To the next whole second of the countdown.
                Thread.sleep(forTimeInterval: Self.interval(left - .seconds(seconds - 1)))
            }
            publish(.lost(why, retryIn: 0))
            do throws(ReadError) {
                try reopen()
                condition.withLock {
                    current = .connected
                    restorations += 1
                    condition.broadcast()
                }
                return
            } catch {
                why = error
                delay = min(delay * 2, longestDelay)
            }
        }
    }

    private func publish(_ state: State) {
        condition.withLock { current = state }
    }

    /// `duration` in whole seconds, any part of one counting as one.
    private static func wholeSeconds(_ duration: Duration) -> Int {
        Int(interval(duration).rounded(.up))
    }

    private static func interval(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
