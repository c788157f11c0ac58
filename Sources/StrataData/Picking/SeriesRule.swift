/// When a text column splits rows into series, by a sample's keys and
/// times: shared by a file's sample and a database's.
public enum SeriesRule {
    /// The most series a load keeps apart: a file's series column with more
    /// names keeps its largest `cap - 1` and puts the others in one (`DataLoader`).
    public static let cap = 50

    /// The series a fold puts every series but the kept ones in.
    public static var restName: String { SeriesTable.restName }

    /// What a load says when `column`'s `count` names pass the cap.
    public static func foldNote(count: Int, column: String) -> String {
        "series: \(count) names in \"\(column)\", more than \(cap): the \(cap - 1) largest "
            + "(by the total of their values) apart, the other \(count - cap + 1) together as \"\(restName)\" "
            + "(--series \(ShellWord.quoted(column)) keeps every one apart)"
    }

    /// nil when the keys cannot be a series: fewer than 2 or more than
    /// `most` distinct, more than half the rows, an empty one, or a time
    /// with the same key twice in over 1% of the rows. Else whether a
    /// quarter of the rows share their time with another key (readings of
    /// several stations at once).
    public static func sharesTimes(keys: [String], times: [Int64], most: Int = cap) -> Bool? {
        let distinct = Set(keys)
        guard (2...most).contains(distinct.count), distinct.count * 2 <= keys.count, !distinct.contains("") else { return nil }
        var seen: Set<String> = [], under: [Int64: Set<String>] = [:], repeated = 0
        for (key, t) in zip(keys, times) {
            if !seen.insert("\(t)|\(key)").inserted { repeated += 1 }
            under[t, default: []].insert(key)
        }
        guard repeated * 100 <= keys.count else { return nil }
        return times.count { under[$0]!.count > 1 } * 4 >= keys.count
    }
}
