/// How an interval row's value in one column counts in the periods the
/// interval overlaps. A level's and a quantity's add up from buckets to any
/// stretch of time, as point data's do; the duration's count (the intervals
/// overlapping) does not, which is why the accumulator keeps tables per unit.
public enum IntervalShare: Sendable, Equatable {
    /// The seconds the interval spends in the period: the duration column.
    case overlap
    /// A level (a share, a temperature): the value weighted by those seconds,
    /// an instant weighing one. Its count is the seconds, its sum the value
    /// times them (the level's integral) and its min and max the value, so its
    /// mean is the mean weighted by each interval's time in the period.
    case weighted
    /// A quantity (an amount, a count): the whole value, once, in the period
    /// that holds the interval's start, as the row would count with `--end none`.
    case atStart

    /// The share of a value column: weighted for a level (its periods show
    /// a mean), counted at the start for a quantity.
    public init(kind aggregate: Aggregate) {
        self = aggregate == .mean ? .weighted : .atStart
    }

    /// How the notes say it.
    public var meaning: String {
        switch self {
        case .overlap: "the time each interval spends in a bar"
        case .weighted: "weighted by each interval's time in a period"
        case .atStart: "counted at each interval's start"
        }
    }

    /// What the part of an interval in one period adds there: `seconds` of
    /// overlap, in the period that holds the interval's start or not; nil
    /// when it adds nothing (a quantity's later periods, a weighted part of
    /// no time).
    @inline(__always)
    func piece(_ value: Double, seconds: Int64, instant: Bool, holdsStart: Bool) -> Stats? {
        switch self {
        case .overlap:
            return Stats(value: Double(seconds))
        case .weighted:
            let weight = instant ? 1 : Int(seconds)
            return weight > 0 ? Stats(count: weight, sum: value * Double(weight), min: value, max: value) : nil
        case .atStart:
            return holdsStart ? Stats(value: value) : nil
        }
    }
}
