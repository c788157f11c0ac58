import StrataData

extension CalendarSystem {
    /// A period as the screens name it: an hour for people (`Tue 31 Dec
    /// 2024 00:00`, with its offset, `UTC-4`, when the wall clock repeats
    /// it on a night the clocks go back), every other level by its id
    /// (`2024-12-31`, `2024-W01`). `--export` and `--at` keep the ISO ids.
    public func periodName(_ level: Level, ordinal: Int) -> String {
        guard level == .hour else { return periodID(level, ordinal: ordinal) }
        let name = title(.hour, ordinal: ordinal)
        let t = localTime(at: start(of: .hour, ordinal: ordinal))
        let repeated = [ordinal - 1, ordinal + 1].contains { other in
            let u = localTime(at: start(of: .hour, ordinal: other))
            return u.date == t.date && u.hour == t.hour
        }
        return repeated ? "\(name) \(t.utcOffset)" : name
    }
}
