/// What to take from each row, decided once per input: which column holds
/// the time (or two to join) and in which format, the value, the series.
struct RowPlan: Sendable {
    enum Time: Sendable, Equatable {
        case column(Int)
        /// A date column and a time-of-day column written in `form`, joined with a space.
        case joined(Int, Int, ClockTime.Form)
        /// Columns holding parts of a time, in the order year, month, day,
        /// hour, minute (as many as there are), built into an ISO text.
        case parts([Int])
    }

    /// Where an interval row's end comes from.
    enum End: Sendable, Equatable {
        /// A time column, in its own format.
        case time(Int, TimeFormat)
        /// A length: seconds, `90m`, `1h30m` or `01:30:00`.
        case duration(Int)

        var column: Int {
            switch self {
            case .time(let c, _), .duration(let c): c
            }
        }
    }

    var time: Time
    var format: TimeFormat
    var timeName: String
    /// nil: count rows.
    var value: Int?
    var valueName: String
    var series: Int?
    var seriesName: String = ""
    /// The other value columns, each into its own accumulator.
    var others: [Int] = []
    /// Their names; for intervals with `--value`, the duration's last (it is no column of the input).
    var otherNames: [String] = []
    /// Value columns of one kind read as series, one per column (series `k`
    /// is `sideBySide[k]`, named `sideBySideNames[k]`); `value` is the first.
    var sideBySide: [Int] = []
    var sideBySideNames: [String] = []
    /// nil: rows are instants; else each row is an interval, whose length
    /// in seconds is a value (`durationColumn`) beside its value columns.
    var end: End?
    /// Interval rows: how each accumulator column (the value, then the
    /// others) counts in the periods an interval overlaps.
    var shares: [IntervalShare] = []
    /// Interval rows: the accumulator column of the duration, the value
    /// unless `--value` named one (then the last).
    var durationColumn = 0
    var endName = ""
    /// The text of an interval's block in the timeline.
    var label: Int?
    /// Values are written `1,5` (a `;` or tab-delimited file whose sample does so).
    var decimalComma = false
    /// Interval rows: the sample's typical length in seconds, if any (see `IntervalEnds`).
    var usualLength: Int64?
    /// Times as the header's names: each cell a row (`RowReaders.wide`); the
    /// columns above are then those of the picker's rows of time, series and value.
    var wide: WideTable?
    /// Cells that are no value besides `ValueParser.isNoValue`'s (a Zeek log's `(empty)`).
    var absentMarkers: [[UInt8]] = []
    /// `--where`, its names resolved to this plan's columns (or slots): rows it does not pass are counted, not read.
    var filter: RowMatcher?

    /// Value columns the accumulator holds: the value (or counted rows, or
    /// the duration) and the others.
    var width: Int { 1 + otherNames.count }

    /// Fields a row needs to have.
    var columnsNeeded: Int {
        var n: Int
        switch time {
        case .column(let c): n = c
        case .joined(let a, let b, _): n = max(a, b)
        case .parts(let cs): n = cs.max() ?? 0
        }
        if let value { n = max(n, value) }
        if let series { n = max(n, series) }
        if let end { n = max(n, end.column) }
        return n + 1
    }

    var timeColumn: Int {
        switch time {
        case .column(let c), .joined(let c, _, _): c
        case .parts(let cs): cs[0]
        }
    }

    /// The field is no value, not a bad one.
    func isNoValue(_ f: Field) -> Bool {
        ValueParser.isNoValue(f) || (!absentMarkers.isEmpty && absentMarkers.contains { $0.elementsEqual(ByteText.trimmed(f)) })
    }

    @inline(__always)
    func value(_ f: Field) -> Double? {
        decimalComma ? ValueParser.parseDecimalComma(f) : ValueParser.parse(f)
    }

    /// `value(f)`, with `word` the 8 bytes at the field's start (`RecordScanner.word`):
    /// a short plain decimal, the usual value, is read from it at once.
    @inline(__always)
    func value(_ f: Field, word: UInt64) -> Double? {
        if !decimalComma, f.count > 0, f.count <= 8, let v = ValueParser.plainDecimal(word: word, count: f.count) { return v }
        return value(f)
    }
}
