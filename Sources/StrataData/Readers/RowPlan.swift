/// What to take from each row, decided once per input: which column holds
/// the time (or two to join) and in which format, the value, the series.
struct RowPlan: Sendable {
    enum Time: Sendable, Equatable {
        case column(Int)
        /// A date column and a time column, joined with a space.
        case joined(Int, Int)
    }

    var time: Time
    var format: TimeFormat
    var timeName: String
    /// nil: count rows.
    var value: Int?
    var valueName: String
    var series: Int?
    var seriesName: String = ""

    /// Fields a row needs to have.
    var columnsNeeded: Int {
        var n: Int
        switch time {
        case .column(let c): n = c
        case .joined(let a, let b): n = max(a, b)
        }
        if let value { n = max(n, value) }
        if let series { n = max(n, series) }
        return n + 1
    }

    var timeColumn: Int {
        switch time {
        case .column(let c), .joined(let c, _): c
        }
    }
}
