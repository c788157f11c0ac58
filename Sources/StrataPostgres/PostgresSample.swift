import StrataData

/// The first rows of a table or query by time, as the picks read them:
/// each row's time, the other time columns' instants, an interval's
/// length when a duration ends it, and the text columns (`PostgresStatements.sample`).
struct PostgresSample {
    /// The time column's instants (UTC seconds), nil where NULL.
    let times: [Int64?]
    /// `otherTimes[name]`: that time column's instants.
    private let otherTimes: [String: [Int64?]]
    /// Each row's length in seconds, when a duration ends the intervals.
    private let lengths: [Int64?]
    private let textColumns: [[String]]

    init(_ connection: PostgresConnection, _ statements: PostgresStatements,
         times: [(name: String, kind: PostgresPlan.TimeKind)], texts: [String]) throws(ReadError) {
        let result = try connection.query(statements.sample(times: times, texts: texts, limit: PostgresPlan.sampleRows))
        func seconds(_ c: Int) -> [Int64?] { (0..<result.rowCount).map { result.double($0, c).map { Int64($0.rounded(.down)) } } }
        self.times = seconds(0)
        otherTimes = Dictionary(uniqueKeysWithValues: times.enumerated().map { ($1.name, seconds(1 + $0)) })
        var next = 1 + times.count
        if case .duration? = statements.plan.end {
            lengths = seconds(next)
            next += 1
        } else {
            lengths = []
        }
        let first = next
        textColumns = texts.indices.map { k in (0..<result.rowCount).map { result.text($0, first + k) ?? "" } }
    }

    /// Text column `k` (of those asked for) as text, "" for NULL.
    func texts(_ k: Int) -> [String] { textColumns[k] }

    /// A time column's instants (one of those asked for).
    func instants(_ name: String) -> [Int64?] { otherTimes[name] ?? times.map { _ in nil } }

    /// Each row's interval `[start, end)` in UTC seconds, nil where it does not read.
    func intervals(_ end: PostgresPlan.End) -> [(Int64, Int64)?] {
        let ends: [Int64?]
        switch end {
        case .time(let name, .date): ends = instants(name).map { $0.map { $0 + 86_400 } }  // a date is its whole day
        case .time(let name, _): ends = instants(name)
        case .duration: ends = zip(times, lengths).map { t, length in t.flatMap { t in length.map { t + $0 } } }
        }
        return zip(times, ends).map { s, e in s.flatMap { s in e.map { (s, $0) } } }
    }
}
