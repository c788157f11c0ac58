/// When a text column splits rows into series, by a sample's keys and
/// times: shared by a file's sample and a database's.
public enum SeriesRule {
    /// The most series a load keeps apart: a file's series column with more
    /// names keeps its largest `cap - 1` and puts the others in one (`DataLoader`).
    public static let cap = 50
    /// A breakdown chosen in the app (`g`) keeps its 8 largest series apart, and the rest in one.
    public static let breakdownCap = 9

    /// The most series a load keeps at all, folded or not: rows of the
    /// others are skipped and counted, a file's and a table's alike.
    public static var loadLimit: Int { SeriesTable.limit }

    /// The series a fold puts every series but the kept ones in.
    public static var restName: String { SeriesTable.restName }

    /// What a load says when `column`'s `count` names pass the cap.
    public static func foldNote(count: Int, column: String, cap: Int = cap) -> String {
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
        guard (2...most).contains(distinct.count), distinct.count * 2 <= keys.count, !distinct.contains(""),
              keysOncePerTime(keys, times) else { return nil }
        var under: [Int64: Set<String>] = [:]
        for (key, t) in zip(keys, times) { under[t, default: []].insert(key) }
        return times.count { under[$0]!.count > 1 } * 4 >= keys.count
    }

    /// Keys a sample cannot judge: more distinct than half its rows, yet
    /// some repeat, none is empty, and a time has the same key twice in 1%
    /// of the rows at most. 1,000 sensors in 780 shuffled rows show about
    /// 530 names, users of 200,000 events as many: rows read on tell them
    /// apart (`coversTimes`). A key on one row each (a request id, a
    /// message) is no series, however many rows are read.
    public static func needsMoreRows(keys: [String], times: [Int64]) -> Bool {
        let distinct = Set(keys)
        return distinct.count * 2 > keys.count && distinct.count < keys.count && !distinct.contains("") && keysOncePerTime(keys, times)
    }

    /// Many keys read side by side, by rows read on past a sample
    /// (`needsMoreRows`): a series as `sharesTimes` has one, whose every
    /// key has a row at half the input's times or more (readings of each
    /// sensor at most minutes), where a user of events has one at few.
    /// `keys` and `times` stand for an input of `inputRows`: rows picked
    /// at random from more (a shuffled input's) count the names and times
    /// they have not met too, as estimated from those met once and twice.
    public static func coversTimes(keys: [String], times: [Int64], inputRows: Int) -> Bool {
        guard sharesTimes(keys: keys, times: times, most: .max) != nil else { return false }
        return Double(inputRows) / distinctCount(keys, of: inputRows) * 2 >= distinctCount(times, of: inputRows)
    }

    /// How many distinct values an input of `inputRows` holds, from a
    /// random `values` of its rows: those met, and as many more as met once
    /// squared over twice those met twice (Chao1, with its correction for
    /// none met twice); those met when `values` is every row.
    static func distinctCount<T: Hashable>(_ values: [T], of inputRows: Int) -> Double {
        var tally: [T: Int] = [:]
        for v in values { tally[v, default: 0] += 1 }
        guard inputRows > values.count else { return Double(tally.count) }
        let once = Double(tally.values.count { $0 == 1 }), twice = Double(tally.values.count { $0 == 2 })
        return Double(tally.count) + once * (once - 1) / (2 * (twice + 1))
    }

    /// A time holds the same key twice in 1% of the rows at most (a stray duplicate).
    private static func keysOncePerTime(_ keys: [String], _ times: [Int64]) -> Bool {
        var seen: Set<String> = [], repeated = 0
        for (key, t) in zip(keys, times) where !seen.insert("\(t)|\(key)").inserted { repeated += 1 }
        return repeated * 100 <= keys.count
    }
}
