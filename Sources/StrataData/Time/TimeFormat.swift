/// A time format, detected once per column from a sample (or given with
/// `--time-format`) and then applied to every row.
enum TimeFormat: Sendable, Equatable {
    /// ISO-8601; the text is how the sample looked (`YYYY-MM-DDTHH:MM:SSZ`).
    case iso(String)
    case numeric(NumericDate.Order, String)
    case textual(String)
    case commonLog
    case syslog
    case epoch(EpochUnit)
    /// Quarters (`1974Q1`); the text is how the sample wrote them.
    case quarter(String)
    /// Months alone (`1854-04`); the text is how the sample wrote them.
    case month(String)
    /// Dates written as numbers: `19580329`, `1949.0833`, `43831`.
    case number(NumberDate)
    case pattern(StrftimePattern)

    /// For the note and the messages: `YYYY/MM/DD`, `epoch milliseconds`.
    var description: String {
        switch self {
        case .iso(let d), .numeric(_, let d), .textual(let d), .quarter(let d), .month(let d): d
        case .commonLog: "DD/Mon/YYYY:HH:MM:SS ±hhmm (Common Log Format)"
        case .syslog: "Mon DD HH:MM:SS (syslog, year assumed)"
        case .epoch(let unit): unit.name
        case .number(let reading): reading.description
        case .pattern(let p): p.text
        }
    }

    /// Dates with no time of day (`2024-01-03`, `03/01/2024`, `20240103`):
    /// as an interval's end, each means its whole day (`IntervalEnds`).
    var namesDaysAlone: Bool {
        switch self {
        case .iso(let d), .numeric(_, let d), .textual(let d): !d.contains("HH")
        case .number(let reading): reading == .yyyymmdd || reading == .dayNumber
        case .pattern(let p):
            p.tokens.contains(.day) && !p.tokens.contains { [.hour, .hour12, .minute, .second, .epoch].contains($0) }
        case .commonLog, .syslog, .epoch, .quarter, .month: false
        }
    }

    /// `f`, a field of a format that `namesDaysAlone`, is a date alone: an
    /// ISO column reads a time of day where one is written, whatever its
    /// sample showed. Per row, so it does not ask `namesDaysAlone` again
    /// (a search of the format's text).
    func isDateAlone(_ f: Field) -> Bool {
        if case .iso = self { return ByteText.trimmed(f).count == 10 }
        return true
    }

    /// A shorter name for per-row messages.
    var shortDescription: String {
        switch self {
        case .commonLog: "DD/Mon/YYYY:HH:MM:SS ±hhmm"
        case .syslog: "Mon DD HH:MM:SS"
        case .textual(let d): String(d.prefix { $0 != "(" }).trimmingCharacters(in: " ")
        case .number(let reading): reading.name
        default: description
        }
    }
}
