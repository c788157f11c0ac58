/// English month and weekday names, matched case-insensitively in bytes.
enum MonthNames {
    static let full: [[UInt8]] = ["january", "february", "march", "april", "may", "june", "july",
                                  "august", "september", "october", "november", "december"].map { Array($0.utf8) }
    static let weekdays: [[UInt8]] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        .map { Array($0.utf8) }

    /// A month name (`Mar`, `MARCH`, `Sept`) at `i`: (month 1...12, length, was the full name).
    static func month(_ f: Field, _ i: Int) -> (month: Int, length: Int, full: Bool)? {
        let run = ByteText.letterRun(f, i)
        guard run >= 3 else { return nil }
        let a = ByteText.lower(f[i]), b = ByteText.lower(f[i + 1]), c = ByteText.lower(f[i + 2])
        for (index, name) in full.enumerated() where name[0] == a && name[1] == b && name[2] == c {
            if run == 3 { return (index + 1, 3, false) }
            if run == 4, index == 8, ByteText.lower(f[i + 3]) == UInt8(ascii: "t") { return (9, 4, false) }
            if run == name.count, (3..<run).allSatisfy({ ByteText.lower(f[i + $0]) == name[$0] }) {
                return (index + 1, run, true)
            }
            return nil
        }
        return nil
    }

    /// A weekday name (`Tue`, `Tuesday`) at `i`: its length.
    static func weekday(_ f: Field, _ i: Int) -> Int? {
        let run = ByteText.letterRun(f, i)
        guard run >= 3 else { return nil }
        for name in weekdays {
            guard (0..<3).allSatisfy({ ByteText.lower(f[i + $0]) == name[$0] }) else { continue }
            if run == 3 { return 3 }
            if run == name.count, (3..<run).allSatisfy({ ByteText.lower(f[i + $0]) == name[$0] }) { return run }
            return nil
        }
        return nil
    }

    /// Zone abbreviations RFC 2822 allows, in seconds east of UTC.
    static func zoneName(_ f: Field, _ i: Int) -> (offset: Int32, length: Int)? {
        let run = ByteText.letterRun(f, i)
        guard run >= 1, run <= 3 else { return nil }
        var word = ""
        for k in i..<(i + run) { word.unicodeScalars.append(UnicodeScalar(ByteText.lower(f[k]) & ~0x20)) }
        let hours: [String: Int32] = ["Z": 0, "UT": 0, "UTC": 0, "GMT": 0, "EST": -5, "EDT": -4, "CST": -6,
                                      "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7]
        guard let h = hours[word] else { return nil }
        return (h * 3600, run)
    }
}
