/// The default levels, fitted to the data: the finest level whose bars are
/// not finer than the typical gap between times, then up to four levels
/// from there, coarser, that have more than one period.
public enum LevelPicker {
    /// The width of a level's sub-bucket in seconds (a month's at its longest).
    /// A quarter counts as 3 months: when it is the finest level, weeks are not a level.
    static func subWidth(_ level: Level) -> Int64 {
        switch level {
        case .hour: 60
        case .day: 3600
        case .week, .month: 86_400
        case .quarter, .year: 31 * 86_400
        }
    }

    /// The finest level whose sub-buckets are not finer than `gap` seconds
    /// (with half a bar of slack: daily rows a few hours late are still
    /// daily); `day` when the gap is unknown (fewer than two distinct times).
    public static func finest(forGap gap: Int64?) -> Level {
        guard let gap else { return .day }
        return Level.allCases.first { gap * 2 <= subWidth($0) * 3 } ?? .year
    }

    /// Intervals: the level whose sub-buckets are nearest the typical
    /// interval's length, by ratio (`day` for intervals of an hour or a few:
    /// its hourly bars show how busy each hour was), the finer on a tie.
    public static func finest(forLength length: Int64) -> Level {
        func ratio(_ level: Level) -> Double {
            let (w, l) = (Double(subWidth(level)), Double(max(length, 1)))
            return max(w, l) / min(w, l)
        }
        return Level.allCases.min { ratio($0) < ratio($1) } ?? .day
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

    /// `5 s`, `1 h`, `31 d`: a gap for the note on stderr.
    public static func describe(_ gap: Int64) -> String {
        if gap < 60 { return "\(gap) s" }
        if gap < 3600 { return "\(gap / 60) min" }
        if gap < 86_400 { return "\(gap / 3600) h" }
        return "\(gap / 86_400) d"
    }
}
