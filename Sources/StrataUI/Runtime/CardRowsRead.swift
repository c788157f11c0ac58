import StrataData

/// One period's raw rows being read for the card, a slice at a time, so a
/// slow read (an unsorted file read whole) never holds up a key: the app
/// reads a slice per tick and the card says how far it has come.
public final class CardRowsRead {
    /// Reads up to `limit` more rows; `keepGoing(fraction)` is asked now and
    /// then with the share read so far, and false pauses the read there.
    /// Throws when the input cannot be read again.
    public typealias Step = (_ limit: Int, _ keepGoing: @escaping (Double) -> Bool) throws(ReadError) -> (rows: [CardRow], finished: Bool)

    private let step: Step?
    private var read: [CardRow] = []
    private var fraction = 0.0
    /// What the card shows now.
    public private(set) var rows: CardRows

    /// A read that goes on with `step`.
    public init(step: @escaping Step) {
        self.step = step
        self.rows = .reading(0)
    }

    /// Nothing to read: the note says why.
    public init(note: String) {
        self.step = nil
        self.rows = .notKept(note)
    }

    public var isReading: Bool {
        if case .reading = rows { return true }
        return false
    }

    /// Reads on until `limit` rows, the end of the period's rows, or
    /// `deadline` (milliseconds on `clock`) passes; nil reads to the end.
    public func advance(until deadline: Int64?, clock: any AppClock) {
        guard isReading, let step else { return }
        let wanted = CardRows.limit - read.count
        let result: (rows: [CardRow], finished: Bool)
        do throws(ReadError) {
            result = try step(wanted) { [weak self] fraction in
                self?.fraction = fraction
                return deadline.map { clock.milliseconds() < $0 } ?? true
            }
        } catch {
            // A lost connection is waited for: the app asks for the rows again once it is back.
            if case .connectionLost = error {
                rows = .notKept("connection lost: the rows are read once it is back")
            } else {
                rows = .notKept("rows cannot be read again: the file changed or is gone")
            }
            return
        }
        read += result.rows
        if result.finished || read.count >= CardRows.limit {
            rows = .rows(read, complete: result.finished)
        } else {
            rows = .reading(fraction)
        }
    }
}
