import StrataUI

/// Turns a source's reads into the run loop's inputs. An ESC is the Esc key
/// unless a mouse report follows it at once. What that look-ahead reads and
/// cannot use is kept and comes next, in order: a key or a resize that
/// arrives within Esc's delay is an input of its own, never lost.
struct InputReader<Source: TerminalInput> {
    /// A blocking read that keeps failing means the input is gone.
    static var maxFailedReads: Int { 64 }

    private(set) var source: Source
    /// Read while looking past an ESC, not yet handed out; the first is next.
    private var readAhead: [RawInput] = []
    private var failedReads = 0

    init(source: Source) {
        self.source = source
    }

    /// Waits up to `timeoutMilliseconds` (nil: for ever) for the next input.
    mutating func next(timeoutMilliseconds: Int?) -> BackendInput {
        while true {
            let input: RawInput
            if readAhead.isEmpty {
                input = source.read(timeoutMilliseconds: timeoutMilliseconds.map { Int32(clamping: $0) } ?? -1)
                if source.takeStop() { return .continued }
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
                if timeoutMilliseconds != nil { return .timeout }
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
