import StrataData

extension CalendarSystem {
    /// A period as the screens name it: an hour for people (`Tue 31 Dec
    /// 2024 00:00`, with its offset, `UTC-4`, when the wall clock repeats
    /// it on a night the clocks go back), every other level by its id
    /// (`2024-12-31`, `2024-W01`). `--export` and `--at` keep the ISO ids.
    /// `short` fits a mini card's ten columns, or a neighbour's place at
    /// the strip's edge: an hour as `Tue 00:00`.
    public func periodName(_ level: Level, ordinal: Int, short: Bool = false) -> String {
        guard level == .hour else { return periodID(level, ordinal: ordinal) }
        let t = localTime(at: start(of: .hour, ordinal: ordinal))
        let name = short ? "\(Self.weekdayNames[t.date.isoWeekday - 1]) \(t.clock)"
            : title(.hour, ordinal: ordinal)
        return name + repeatMark(hour: ordinal)
    }

    /// ` UTC-4` after an hour whose wall-clock time the next or the last
    /// hour has too (the night the clocks go back), else nothing.
    func repeatMark(hour ordinal: Int) -> String {
        let t = localTime(at: start(of: .hour, ordinal: ordinal))
        let repeated = [ordinal - 1, ordinal + 1].contains { other in
            let u = localTime(at: start(of: .hour, ordinal: other))
            return u.date == t.date && u.hour == t.hour
        }
        return repeated ? " \(t.utcOffset)" : ""
    }
}
