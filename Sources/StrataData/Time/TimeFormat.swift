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
