/// The default levels, fitted to the data: the finest level whose pages
/// hold enough points to show a shape and whose bars are not finer than
/// the typical gap between times, then up to four levels from there,
/// coarser, that have more than one period.
public enum LevelPicker {
    /// The points a page of the finest level holds at least, by the typical
    /// gap: daily data on weeks (7), monthly data on years (12), not quarters (3).
    static let pointsPerPage: Int64 = 6

    /// The levels a load opens on. A century's bars would merge a decade's
    /// points: data sparser than yearly opens on decades and pages through them.
    /// A quarter whose weeks are not a level is three monthly bars: weekly
    /// data opens on years of twelve.
    static let openingLevels = Level.allCases.filter { $0 < .century && $0 != .quarter }

    /// The width of a level's sub-bucket in seconds (a month's at its longest).
    /// A quarter counts as 3 months, as when weeks are not a level.
    static func subWidth(_ level: Level) -> Int64 {
        switch level {
        case .hour: 60
        case .day: 3600
        case .week, .month: 86_400
        case .quarter, .year: 31 * 86_400
        case .decade: 366 * 86_400
        case .century: 3653 * 86_400
        }
    }

    /// The usual length of a level's period in seconds.
    static func pageWidth(_ level: Level) -> Int64 {
        switch level {
        case .hour: 3600
        case .day: 86_400
        case .week: 7 * 86_400
        case .month: 30 * 86_400
        case .quarter: 91 * 86_400
        case .year: 365 * 86_400
        case .decade: 3652 * 86_400
        case .century: 36_524 * 86_400
        }
    }

    /// The finest level whose pages hold `pointsPerPage` times `gap` seconds
    /// apart and whose sub-buckets are not finer than `gap` (with half a bar
    /// of slack: daily rows a few hours late are still daily); decades for
    /// data sparser than that, `day` when the gap is unknown (fewer than two
    /// distinct times).
    public static func finest(forGap gap: Int64?) -> Level {
        guard let gap else { return .day }
        return openingLevels.first { gap * 2 <= subWidth($0) * 3 && pageWidth($0) >= gap * pointsPerPage } ?? .decade
    }

    /// Intervals: the level whose sub-buckets are nearest the typical
    /// interval's length, by ratio (`day` for intervals of an hour or a few:
    /// its hourly bars show how busy each hour was), the finer on a tie.
    public static func finest(forLength length: Int64) -> Level {
        func ratio(_ level: Level) -> Double {
            let (w, l) = (Double(subWidth(level)), Double(max(length, 1)))
            return max(w, l) / min(w, l)
        }
        return openingLevels.min { ratio($0) < ratio($1) } ?? .day
    }

    /// From `finest` up, the levels with more than one period between the
    /// instants `first` and `last` (at most four); `finest` alone if none has.
    /// Quarters only join data that is daily or coarser: hourly data gets
    /// `day,week,month,year`, where a fifth level would not fit.
    public static func levels(from finest: Level, first: Int64, last: Int64, calendar: CalendarSystem) -> [Level] {
        let spanning = Level.allCases.filter { level in
            level >= finest && (level != .quarter || finest >= .week)
                && calendar.ordinal(of: level.unit, at: last) > calendar.ordinal(of: level.unit, at: first)
        }
        return spanning.isEmpty ? [finest] : Array(spanning.prefix(4))
    }

    /// The note on stderr: `levels: year,decade (times about 31 d apart,
    /// about 12 a year; --levels overrides)`, the gap and the intervals'
    /// `length` when known.
    public static func note(_ levels: [Level], gap: Int64?, length: Int64?) -> String {
        let names = levels.map(\.rawValue).joined(separator: ",")
        guard let gap else { return "levels: \(names)" }
        let lengthText = length.map { ", intervals about \(describe($0)) long" } ?? ""
        let perPage = levels.first.map { ", about \((pageWidth($0) + gap / 2) / max(gap, 1)) a \($0.rawValue)" } ?? ""
        return "levels: \(names) (times about \(describe(gap)) apart\(length == nil ? perPage : lengthText); --levels overrides)"
    }

    /// `5 s`, `1 h`, `31 d`: a gap for the note on stderr.
    public static func describe(_ gap: Int64) -> String {
        if gap < 60 { return "\(gap) s" }
        if gap < 3600 { return "\(gap / 60) min" }
        if gap < 86_400 { return "\(gap / 3600) h" }
        return "\(gap / 86_400) d"
    }
}
