/// Reads where each interval row ends, from an end time (in its own
/// format) or a duration, and says why a row cannot be an interval.
struct IntervalEnds {
    struct Skip: Error {
        let reason: String
    }

    private let end: RowPlan.End?
    private let name: String
    private var parser: TimeParser?

    init(_ plan: RowPlan, parser: TimeParser) {
        end = plan.end
        name = plan.endName
        if case .time(_, let format)? = plan.end { self.parser = TimeParser(format: format, sameAs: parser) }
    }

    /// UTC seconds where the interval starting at `start` ends: never before
    /// it (the same instant is an instant).
    mutating func end(_ raw: Field, start: Int64) -> Result<Int64, Skip> {
        let f = ByteText.trimmed(raw)
        switch end {
        case .time?:
            guard f.count > 0 else { return .failure(Skip(reason: "empty end in column \"\(name)\"")) }
            guard let e = parser!.parse(f) else { return .failure(Skip(reason: "end \(ByteText.quoted(f)) \(parser!.refusal(f))")) }
            guard e >= start else { return .failure(Skip(reason: "end \(ByteText.quoted(f)) is before the start")) }
            return .success(e)
        case .duration?:
            let outcome = DurationParser.parse(f)
            guard case .seconds(let d) = outcome else {
                return .failure(Skip(reason: DurationParser.reason(outcome, f, column: name)!))
            }
            return .success(start + d)
        case nil:
            return .success(start)
        }
    }
}
