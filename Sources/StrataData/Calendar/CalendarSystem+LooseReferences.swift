extension CalendarSystem {
    /// What a user types for `:` or `--at`, in more forms than period ids:
    /// slashes or dots in a date (`2019/03/10`, `2019.03.10`), and month
    /// names (`Mar 2019`, `March 2019`, `2019 Mar`, `10 Mar 2019`,
    /// `Mar 10 2019`). The UTC instant of its start, or nil.
    public func instant(forLooseReference text: String) -> Int64? {
        if let t = instant(forReference: text) { return t }
        let trimmed = text.trimmingCharacters(in: " ")
        // `2019/03/10`, `2019.03`, with an optional time after a space or T.
        for separator: Character in ["/", "."] where trimmed.contains(separator) {
            let dashed = String(trimmed.map { $0 == separator ? "-" : $0 })
            if let t = instant(forReference: dashed) { return t }
        }
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map { $0.lowercased() }
        var year: Int?, month: Int?, day: Int?
        for word in words {
            if let m = Self.month(named: word) {
                guard month == nil else { return nil }
                month = m
            } else if let n = Int(word), word.allSatisfy(\.isNumber) {
                if word.count == 4, year == nil { year = n } else if n >= 1, n <= 31, day == nil { day = n } else { return nil }
            } else {
                return nil
            }
        }
        guard let year, let month else { return nil }
        guard let day else { return start(of: .month, ordinal: year * 12 + month - 1) }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        return start(of: .day, ordinal: date.dayNumber)
    }

    /// `mar`, `march`, `sept` as 1...12.
    static func month(named word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        for (index, name) in longMonthNames.enumerated() {
            let lower = name.lowercased()
            if lower == word || lower.prefix(3) == word || (index == 8 && word == "sept") { return index + 1 }
        }
        return nil
    }
}
