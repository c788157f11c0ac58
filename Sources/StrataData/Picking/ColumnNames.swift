/// What a column's name says about it, whatever the source: a file's
/// picker and a database's catalog go by the same words.
public enum ColumnNames {
    /// The name values go by when each row counts 1.
    public static let countedRows = "rows"
    /// The name values go by when rows are intervals: each one's seconds in a bar.
    public static let intervalDuration = "duration"
    /// The name values go by when value columns are series and share no word (`open`, `high`, `low`, `close`).
    public static let sideBySideValue = "value"
    /// The series column's name when value columns are the series.
    public static let sideBySideSeries = "column"
    /// The names a time column is looked for by, first to last.
    static let preferredTimes = ["time", "date", "timestamp", "datetime", "ts"]

    /// Words of names that count a day, week or month: `day_of_week`, `weekday`.
    static let datePartWords: Set<String> = [
        "day", "week", "month", "year", "quarter", "hour", "minute", "of", "the", "weekday", "dow", "doy", "wday", "yday", "iso",
        "dayofweek", "dayofyear", "dayofmonth", "weekofyear",
    ]
    /// Last words of names that number a row or a thing rather than measure it.
    static let idWords: Set<String> = ["id", "uuid", "flight", "no", "nr", "idx", "seq", "pid"]

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

    /// `day_of_year`, `dayOfWeek`, `weekday`: a part of a date, by name.
    static func isDatePart(_ name: String) -> Bool {
        let w = words(name)
        return !w.isEmpty && w.allSatisfy(datePartWords.contains) && w.contains { $0 != "of" && $0 != "the" && $0 != "iso" }
    }

    /// Words of names that place a row on the map (`lat`, `start_lng`,
    /// `Longitude`): where, not how much; `long` only as the whole name.
    static let coordinateWords: Set<String> = ["lat", "lon", "lng", "latitude", "longitude"]

    /// Why a numeric column is not a value by its name alone: a part of the
    /// time, an id, a code, a coordinate; nil when the name allows it.
    public static func refusal(ofValue name: String) -> String? {
        let n = name.lowercased()
        if TimePart(name: n) != nil || isDatePart(name) { return "is a part of the time" }
        if words(name).last.map(idWords.contains) == true { return "is an id" }
        if words(name).contains(where: coordinateWords.contains) || n == "long" { return "is a coordinate" }
        // An HTTP or exit status is a code too: a sum or mean of 200s and 404s says nothing.
        if n == "code" || n.hasSuffix("_code") || n.hasSuffix(" code") || n == "zip" || n.hasSuffix("_zip") || n == "status" { return "is a code" }
        return nil
    }

    /// `created_at`, `date`, `@timestamp`: a time, or a part of one, by name.
    static func looksLikeTime(_ n: String) -> Bool {
        n.contains("time") || n.contains("date") || n.hasSuffix("_at") || n.hasSuffix(" at") || n == "when" || n == "day"
            || n.hasSuffix("_ts") || n == "@timestamp" || n == "ts"
    }

    /// The order of day and month a column's name spells out:
    /// `DATE (MM/DD/YYYY)`, `Datum TT.MM.JJJJ` stays open.
    static func dayMonthOrder(_ name: String) -> NumericDate.Order? {
        let letters = name.uppercased().filter { $0 == "D" || $0 == "M" || $0 == "Y" }
        if letters.contains("MMDDYY") { return .mdy }
        if letters.contains("DDMMYY") { return .dmy }
        return nil
    }

    /// A name that says its column holds times, dates, years or periods:
    /// evidence for reading its numbers as dates (`19580329`, `1949.0833`).
    static func saysTime(_ name: String) -> Bool {
        let n = name.lowercased()
        return looksLikeTime(n) || words(n).contains { ["year", "yr", "period", "quarter", "month", "day", "serial"].contains($0) }
    }

    /// `time`, `hhmm`, `clock`, or a zone (`MST`, `UTC-7`): a time of day's name.
    static func saysClock(_ name: String) -> Bool {
        let w = words(name)
        return w.contains { ["time", "hhmm", "clock", "hm"].contains($0) } || ZoneAbbreviation.offset(inName: name) != nil
    }

    /// `hour`, `HourEnding`, `Hour Ending`, `HE`, `hr`: a column of the day's hours, by name.
    static func saysHour(_ name: String) -> Bool {
        let w = words(name)
        return w.contains("hour") || w.contains("hr") || w == ["he"] || w == ["hh"]
    }

    /// `HourEnding`, `HE`: hours numbered by their end, 1 for the hour to 01:00.
    static func saysHourEnding(_ name: String) -> Bool {
        let w = words(name)
        return w.contains("ending") || w == ["he"]
    }

    /// `duration`, `elapsed`: clocks in such a column are lengths, not times of day.
    static func saysDuration(_ name: String) -> Bool {
        words(name).contains { ["duration", "elapsed", "length", "runtime", "lap", "split"].contains($0) }
    }
}
