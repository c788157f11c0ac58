/// Reads where each interval row ends, from an end time (in its own
/// format) or a duration, and says why a row cannot be an interval.
struct IntervalEnds {
    struct Skip: Error {
        let reason: String
    }

    private let end: RowPlan.End?
    private let name: String
    private var parser: TimeParser?
    /// The end's format writes dates alone (`TimeFormat.namesDaysAlone`), asked once.
    private var endsNameDays = false
    private let usualLength: Int64?
    private let baseUnit: TimeUnit

    init(_ plan: RowPlan, parser: TimeParser, baseUnit: TimeUnit) {
        end = plan.end
        name = plan.endName
        usualLength = plan.usualLength.map { max($0, 1) }
        self.baseUnit = baseUnit
        if case .time(_, let format)? = plan.end {
            self.parser = TimeParser(format: format, sameAs: parser)
            endsNameDays = format.namesDaysAlone
        }
    }

    /// Why an interval `length` seconds long is not taken, or nil.
    private func tooLong(_ length: Int64) -> Skip? {
        if let usual = usualLength, length / IntervalRule.usualFactor > usual {
            return Skip(reason: "interval of \(LevelPicker.describe(length)) is over \(IntervalRule.usualFactor) times the usual \(LevelPicker.describe(usual))")
        }
        if length / IntervalRule.bucketSeconds(baseUnit) > IntervalRule.bucketLimit {
            return Skip(reason: "interval of \(LevelPicker.describe(length)) is too long to count \(baseUnit.name) by \(baseUnit.name)")
        }
        return nil
    }

    /// UTC seconds where the interval starting at `start` ends: never before
    /// it (the same instant is an instant).
    mutating func end(_ raw: Field, start: Int64) -> Result<Int64, Skip> {
        let f = ByteText.trimmed(raw)
        switch end {
        case .time?:
            guard f.count > 0 else { return .failure(Skip(reason: "empty end in column \"\(name)\"")) }
            // A date alone is its whole day: it ends where the next begins.
            let e = endsNameDays && parser!.format.isDateAlone(f) ? parser!.startOfDayAfter(f) : parser!.parse(f)
            guard let e else { return .failure(Skip(reason: "end \(ByteText.quoted(f)) \(parser!.refusal(f))")) }
            guard e >= start else { return .failure(Skip(reason: "end \(ByteText.quoted(f)) is before the start")) }
            if let skip = tooLong(e - start) { return .failure(skip) }
            return .success(e)
        case .duration?:
            let outcome = DurationParser.parse(f)
            guard case .seconds(let d) = outcome else {
                return .failure(Skip(reason: DurationParser.reason(outcome, f, column: name)!))
            }
            if let skip = tooLong(d) { return .failure(skip) }
            return .success(start + d)
        case nil:
            return .success(start)
        }
    }
}
