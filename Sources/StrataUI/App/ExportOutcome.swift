import StrataData

/// What `e` came to, as the runner sends it back (`Action.exported`): the footer says it.
public enum ExportOutcome: Hashable, Sendable {
    /// The load is still reading: the file is written once it has ended, with every period exact.
    case waiting(Level)
    /// The source's percentiles of the level's periods are being read: the file is written once they come.
    case waitingForPercentiles(Level)
    case written(ExportFile.Written)
    /// Nothing was written, and why (`cannot create ./strata-….csv: Permission denied`).
    case failed(ExportFile.Failure)
    /// No file can be written here (an app with no exporter), and why.
    case refused(String)

    /// `exported 1,234 day periods to ./strata-access-day-20261127-121400.csv`, then what it left out.
    public var footer: String { forms[0] }

    /// The longest form that fits `width` columns: what the file holds gives way before its name.
    func footer(fitting width: Int) -> String {
        forms.first { TextWidth.columns(of: $0) <= width } ?? forms[0]
    }

    /// Longest first.
    private var forms: [String] {
        switch self {
        case .waiting(let level):
            return ["the \(level.rawValue) periods are exported once the load ends"]
        case .waitingForPercentiles(let level):
            return ["the \(level.rawValue) periods are exported once their percentiles are read"]
        case .written(let file):
            let periods = "\(CountText.grouped(file.rows)) \(file.level.rawValue) period\(file.rows == 1 ? "" : "s")"
            let told = "exported \(periods)\(file.series == 0 ? "" : " of \(file.series) series") to \(file.path)"
            return [([told] + file.notes.map(Self.withoutPrefix)).joined(separator: "; "), told, "exported to \(file.path)"]
        case .failed(let failure):
            return ["not exported: \(failure.message)", "not exported to \(failure.directory): \(failure.reason)"]
        case .refused(let why):
            return ["not exported: \(why)"]
        }
    }

    /// A note as the footer says it, without the `export: ` stderr puts first.
    private static func withoutPrefix(_ note: String) -> String {
        note.hasPrefix("export: ") ? String(note.dropFirst(8)) : note
    }
}
