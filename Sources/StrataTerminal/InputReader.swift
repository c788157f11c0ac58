import StrataUI

/// Turns a source's reads into the run loop's inputs. An ESC is the Esc key
/// unless a mouse report follows it at once. What that look-ahead reads and
/// cannot use is kept and comes next, in order: a key or a resize that
/// arrives within Esc's delay is an input of its own, never lost.
struct InputReader<Source: TerminalInput> {
    /// A blocking read that keeps failing means the input is gone.
    static var maxFailedReads: Int { 64 }

    private(set) var source: Source
    /// How long a read waits when the run loop waits for ever. ncurses
    /// notices a resize (SIGWINCH) when a read begins or is interrupted;
    /// one that lands just before a read blocks would wait for the next
    /// key, and the screen keep its old size. Waking to read again bounds that.
    let idleWakeMilliseconds: Int32
    /// Read while looking past an ESC, not yet handed out; the first is next.
    private var readAhead: [RawInput] = []
    private var failedReads = 0

    init(source: Source, idleWakeMilliseconds: Int32 = 1000) {
        self.source = source
        self.idleWakeMilliseconds = idleWakeMilliseconds
    }

    /// Waits up to `timeoutMilliseconds` (nil: for ever) for the next input,
    /// reading again at least every `idleWakeMilliseconds` (a frame may wake
    /// minutes later: its clock's next tick).
    mutating func next(timeoutMilliseconds: Int?) -> BackendInput {
        let deadline = timeoutMilliseconds.map { ContinuousClock.now + .milliseconds($0) }
        while true {
            let input: RawInput
            var waitedItsTime = false
            if readAhead.isEmpty {
                let started = ContinuousClock.now
                let left = deadline.map { max(0, (($0 - started) / .milliseconds(1)).rounded(.up)) }
                let wait = Int32(clamping: min(left.map { Int($0) } ?? Int(idleWakeMilliseconds), Int(idleWakeMilliseconds)))
                input = source.read(timeoutMilliseconds: wait)
                if source.takeStop() { return .continued }
                waitedItsTime = ContinuousClock.now - started >= .milliseconds(wait / 2)
            } else {
                input = readAhead.removeFirst()
            }
            switch KeyDecoder.decode(input) {
            case .key(.escape):
                failedReads = 0
                return .event(escapeOrMouse())
            case .key(let key):
                failedReads = 0
                return .event(.key(key))
            case .resize:
                failedReads = 0
                return .event(.resize(source.size))
            case .timeout:
                if let deadline {
                    // Woken early to read again: wait on until the frame's time.
                    if waitedItsTime, ContinuousClock.now < deadline { continue }
                    return .timeout
                }
                // Waiting for ever: a read that waited its time read nothing, one back at once failed.
                if waitedItsTime {
                    failedReads = 0
                    continue
                }
                failedReads += 1
                if failedReads >= Self.maxFailedReads { return .closed }
            case .ignored:
                continue
            }
        }
    }

    /// Reads on without waiting while what follows the ESC could be a mouse
    /// report; anything else ends the look-ahead and is read again later.
    private mutating func escapeOrMouse() -> Event {
        var decoder = MouseDecoder()
        var taken: [RawInput] = []
        lookAhead: while true {
            let input = readAhead.isEmpty ? source.read(timeoutMilliseconds: 0) : readAhead.removeFirst()
            guard input != .nothing else { break }
            taken.append(input)
            guard case .character(let code) = input else { break }
            switch decoder.feed(code) {
            case .needsMore: continue
            case .report(let event): return event.map(Event.mouse) ?? .key(.escape)
            case .notAReport: break lookAhead
            }
        }
        readAhead.insert(contentsOf: taken, at: 0)
        return .key(.escape)
    }
}
