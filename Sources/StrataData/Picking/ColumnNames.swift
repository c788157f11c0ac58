/// What a column's name says about it, whatever the source: a file's
/// picker and a database's catalog go by the same words.
public enum ColumnNames {
    /// The name values go by when each row counts 1.
    public static let countedRows = "rows"
    /// The name values go by when rows are intervals: each one's seconds in a bar.
    public static let intervalDuration = "duration"
    /// The names a time column is looked for by, first to last.
    static let preferredTimes = ["time", "date", "timestamp", "datetime", "ts"]

    /// Names of values that are levels, whose periods show a mean, not a sum.
    static let levelWords: Set<String> = [
        "temp", "temperature", "price", "open", "close", "high", "low", "rate", "ratio", "pct", "percent",
        "humidity", "pressure", "speed", "level", "score", "avg", "average", "mean",
    ]

    /// Words of names that count a day, week or month: `day_of_week`, `weekday`.
    static let datePartWords: Set<String> = [
        "day", "week", "month", "year", "quarter", "hour", "minute", "of", "the", "weekday", "dow", "doy", "wday", "yday", "iso",
        "dayofweek", "dayofyear", "dayofmonth", "weekofyear",
    ]
    /// Last words of names that number a row or a thing rather than measure it.
    static let idWords: Set<String> = ["id", "uuid", "flight", "no", "nr", "idx", "seq"]

    /// `temp_max` → temp, max; `avgSpeed` → avg, speed; lowercased.
    static func words(_ name: String) -> [String] {
        var words: [String] = [], word = ""
        for ch in name {
            if ch.isLetter && !(ch.isUppercase && word.last?.isLowercase == true) {
                word.append(ch)
            } else {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = ch.isLetter ? String(ch) : ""
            }
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words
    }

    /// `temp_max`, `avgSpeed`, `Close Price`: a word of the name is a level word.
    static func isLevel(_ name: String) -> Bool {
        name.contains("%") || words(name).contains { levelWords.contains($0) || $0.hasPrefix("temp") }
    }

    /// `day_of_year`, `dayOfWeek`, `weekday`: a part of a date, by name.
    static func isDatePart(_ name: String) -> Bool {
        let w = words(name)
        return !w.isEmpty && w.allSatisfy(datePartWords.contains) && w.contains { $0 != "of" && $0 != "the" && $0 != "iso" }
    }

    /// Why a numeric column is not a value by its name alone: a part of the
    /// time, an id, a code; nil when the name allows it.
    public static func refusal(ofValue name: String) -> String? {
        let n = name.lowercased()
        if TimePart(name: n) != nil || isDatePart(name) { return "is a part of the time" }
        if words(name).last.map(idWords.contains) == true { return "is an id" }
        if n == "code" || n.hasSuffix("_code") || n.hasSuffix(" code") || n == "zip" || n.hasSuffix("_zip") { return "is a code" }
        return nil
    }

    /// `created_at`, `date`, `@timestamp`: a time, or a part of one, by name.
    static func looksLikeTime(_ n: String) -> Bool {
        n.contains("time") || n.contains("date") || n.hasSuffix("_at") || n.hasSuffix(" at") || n == "when" || n == "day"
            || n.hasSuffix("_ts") || n == "@timestamp" || n == "ts"
    }
}
