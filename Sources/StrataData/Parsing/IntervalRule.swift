/// When rows are intervals, and which of them are kept: the rules a
/// file's sample and a database's sample share, so the same rows are
/// picked and counted alike from either.
public enum IntervalRule {
    /// Column names that say where an interval ends, picked without a flag.
    public static let endNames = ["end", "stop", "finish", "ended_at"]
    public static let durationNames = ["duration"]

    /// An interval over this many times the sample's usual length is taken
    /// for a typo (a 25-minute show ending a century later): it would fill
    /// every page in between and open the app there.
    public static let usualFactor: Int64 = 10_000
    /// Base buckets one interval may cover: each is a bucket in memory.
    public static let bucketLimit: Int64 = 1 << 22

    /// The length of a base bucket of `unit` as `bucketLimit` counts it.
    static func bucketSeconds(_ unit: TimeUnit) -> Int64 {
        unit == .minute ? 60 : unit == .hour ? 3600 : 86_400
    }

    /// The longest interval kept, in seconds: a longer one is skipped
    /// (over `usualFactor` times `usual`, or over `bucketLimit` buckets).
    public static func longestKept(usual: Int64?, baseUnit: TimeUnit) -> Int64 {
        let byBuckets = (bucketLimit + 1) * bucketSeconds(baseUnit) - 1
        guard let usual else { return byBuckets }
        return min(byBuckets, (max(usual, 1) + 1) * usualFactor - 1)
    }

    /// The sample's usual length: the median of its lengths that are not negative.
    public static func typicalLength(_ intervals: [(Int64, Int64)?]) -> Int64? {
        let lengths = intervals.compactMap { $0.map { $1 - $0 } }.filter { $0 >= 0 }.sorted()
        return lengths.isEmpty ? nil : lengths[lengths.count / 2]
    }

    /// Whether a second time ends what the time starts, from a sample's
    /// starts and that column's times (nil where one does not read): most of
    /// both read, hardly an end before its start (one row in twenty at most:
    /// a typo is a bad row, skipped as such, not a reason to count the
    /// starts), and the typical length (returned) far shorter than the
    /// starts span (`departure`/`arrival`).
    public static func pairedLength(starts: [Int64?], ends: [Int64?]) -> Int64? {
        let known = starts.compactMap { $0 }
        guard let first = known.min(), let last = known.max(), ends.count(where: { $0 != nil }) * 10 >= known.count * 8 else { return nil }
        let lengths = lengths(starts: starts, ends: ends)
        let kept = lengths.filter { $0 >= 0 }.sorted()
        guard lengths.count * 10 >= known.count * 8, (lengths.count - kept.count) * 20 <= lengths.count, !kept.isEmpty else { return nil }
        let typical = kept[kept.count / 2]
        return typical > 0 && typical * 20 <= last - first ? typical : nil
    }

    /// How many of a sample's rows end before they start.
    public static func endingBefore(starts: [Int64?], ends: [Int64?]) -> Int {
        lengths(starts: starts, ends: ends).count { $0 < 0 }
    }

    /// The lengths of the rows whose start and end both read.
    private static func lengths(starts: [Int64?], ends: [Int64?]) -> [Int64] {
        zip(starts, ends).compactMap { s, e in s.flatMap { s in e.map { $0 - s } } }
    }

    /// A paired end's note on how it follows the start: never before it, or
    /// before it in a few sample rows, which a load skips.
    public static func pairedOrder(start: String, typical: Int64, endingBefore count: Int) -> String {
        let after = "\(LevelPicker.describe(typical)) after"
        return count == 0 ? "never before \(start), about \(after) it"
            : "about \(after) \(start), before it in \(count) sample row\(count == 1 ? "" : "s"), skipped as bad"
    }

    /// `value: column "ALP", weighted by each interval's time in a period`:
    /// the note on the value `--value` named (`what`: `column "ALP"`).
    public static func valueNote(_ what: String, share: IntervalShare) -> String {
        "value: \(what), \(share.meaning)"
    }

    /// `other values: "ALP", "n" (weighted by each interval's time in a
    /// period: "ALP"; counted at each interval's start: "n")`: the values
    /// after the first, by name, and how each counts.
    public static func otherValuesNote(_ names: [String], shares: [IntervalShare]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        let groups = [IntervalShare.weighted, .atStart, .overlap].compactMap { share in
            let named = zip(quoted, shares).filter { $0.1 == share }.map(\.0)
            return named.isEmpty ? nil : "\(share.meaning): \(named.joined(separator: ", "))"
        }
        return "other values: \(quoted.joined(separator: ", ")) (\(groups.joined(separator: "; ")))"
    }

    /// Whether a text column's values split intervals into the timeline's
    /// rows: 2 to as many as a load keeps (`SeriesRule.loadLimit`: a guide
    /// of two hundred channels), repeated, none empty, and no two intervals
    /// under one overlapping (a channel airs one programme at a time).
    /// `intervals[r]` is row `r`'s, nil when it does not read.
    public static func splitsIntervals(keys: [String], intervals: [(Int64, Int64)?]) -> Bool {
        var groups: [String: [(Int64, Int64)]] = [:]
        for (key, interval) in zip(keys, intervals) { if let interval { groups[key, default: []].append(interval) } }
        let rows = groups.values.reduce(0) { $0 + $1.count }
        guard (2...SeriesRule.loadLimit).contains(groups.count), groups.count * 2 <= rows, groups["", default: []].isEmpty else { return false }
        return groups.values.allSatisfy { spans in
            let sorted = spans.sorted { $0.0 < $1.0 }
            return zip(sorted, sorted.dropFirst()).allSatisfy { $0.1 <= $1.0 }
        }
    }

    /// The column among `columns` (their keys `keys(c)`) whose values split
    /// the intervals, the one of fewest names where several do: a channel's,
    /// not a title's rerun on other days. Each column's names are counted once.
    public static func seriesColumn(among columns: [Int], keys: (Int) -> [String], intervals: [(Int64, Int64)?]) -> Int? {
        columns.compactMap { c -> (column: Int, names: Int)? in
            let values = keys(c)
            return splitsIntervals(keys: values, intervals: intervals) ? (c, Set(values).count) : nil
        }.min { $0.names < $1.names }?.column
    }
}
