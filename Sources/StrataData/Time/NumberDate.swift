/// Dates written as plain numbers: `19580329` (YYYYMMDD), `195803`
/// (YYYYMM), a year `1958`, a decimal year `1949.0833` (how R writes a
/// monthly series), an Excel serial day `43831.5`, and a day number
/// `736389` (day 1 is 0001-01-01, as Python's `toordinal` counts). All are
/// naive: read in the calendar's zone.
enum NumberDate: Equatable, Sendable, CaseIterable {
    case yyyymmdd, yyyymm, year, decimalYear, excelSerial, dayNumber

    /// `Excel serial days`: for messages.
    var name: String {
        switch self {
        case .yyyymmdd: "YYYYMMDD numbers"
        case .yyyymm: "YYYYMM numbers"
        case .year: "years as numbers"
        case .decimalYear: "decimal years"
        case .excelSerial: "Excel serial days"
        case .dayNumber: "day numbers"
        }
    }

    /// The name and, where it helps, an example: for the format note.
    var description: String {
        switch self {
        case .decimalYear: "\(name) (1949.0833 is February 1949)"
        case .excelSerial: "\(name) (43831 is 2020-01-01)"
        case .dayNumber: "\(name) (736389 is 2017-03-01, day 1 is 0001-01-01)"
        default: name
        }
    }

    /// Where a reading's dates may fall for it to be taken with no flags.
    /// Small counts would be Excel days of 1900, so its serials start at 1950.
    var plausibleYears: ClosedRange<Int> {
        self == .excelSerial ? 1950...2100 : 1600...2200
    }
    /// Excel's day 0 is 1899-12-30 (its 1900 leap-day bug is older than any serial read here).
    private static let excelEpochDay = -25_569
    /// Day 1 of `toordinal` is 0001-01-01, day 719,163 is 1970-01-01.
    private static let ordinalOf1970 = 719_163

    /// Wall seconds of a whole field, or nil.
    func parse(_ f: Field) -> Int64? {
        switch self {
        case .yyyymmdd, .yyyymm, .year, .dayNumber:
            guard let (v, negative, fraction) = EpochTime.integerPart(f), !negative, !fraction else { return nil }
            return wallSeconds(integer: Int(v), digits: Self.integerDigits(f))
        case .decimalYear, .excelSerial:
            guard let v = Self.decimal(f), v < 1e7 else { return nil }
            return wallSeconds(decimal: v)
        }
    }

    private func wallSeconds(integer v: Int, digits: Int) -> Int64? {
        let day: Int?
        switch self {
        case .yyyymmdd:
            guard digits == 8 else { return nil }
            day = ByteText.dayNumber(year: v / 10_000, month: v / 100 % 100, day: v % 100)
        case .yyyymm:
            guard digits == 6 else { return nil }
            day = ByteText.dayNumber(year: v / 100, month: v % 100, day: 1)
        case .year:
            guard digits == 4 else { return nil }
            day = CivilDate(year: v, month: 1, day: 1).dayNumber
        case .dayNumber:
            guard v >= 1, v <= 3_652_059 else { return nil }
            day = v - Self.ordinalOf1970
        case .decimalYear, .excelSerial:
            day = nil
        }
        return day.map { Int64($0) * 86_400 }
    }

    private func wallSeconds(decimal v: Double) -> Int64? {
        switch self {
        case .excelSerial:
            guard v >= 1, v < 2_958_466 else { return nil }
            let days = v.rounded(.down)
            let seconds = ((v - days) * 86_400).rounded()
            return (Int64(days) + Int64(Self.excelEpochDay)) * 86_400 + Int64(seconds)
        case .decimalYear:
            let year = Int(v.rounded(.down))
            guard (1...9999).contains(year) else { return nil }
            let fraction = v - Double(year)
            let twelfths = fraction * 12
            // A twelfth written to a few decimals is a month's start (R's monthly series).
            if abs(twelfths - twelfths.rounded()) < 0.02 {
                let month = Int(twelfths.rounded())
                return Int64(CivilDate(year: year, month: 1, day: 1).firstOfMonth(adding: month).dayNumber) * 86_400
            }
            let start = CivilDate(year: year, month: 1, day: 1).dayNumber
            let length = Double(CivilDate(year: year + 1, month: 1, day: 1).dayNumber - start) * 86_400
            return Int64(start) * 86_400 + Int64((fraction * length).rounded())
        default:
            return nil
        }
    }

    /// `1949.0833`: digits, a point and digits, nothing else (no sign, no exponent).
    static func decimal(_ f: Field) -> Double? {
        guard let (whole, negative, _) = EpochTime.integerPart(f), !negative else { return nil }
        guard let point = f.firstIndex(of: UInt8(ascii: ".")) else { return Double(whole) }
        var fraction = 0.0, scale = 0.1
        for b in f[(point + 1)...] {
            fraction += Double(b &- ByteText.zero) * scale
            scale /= 10
        }
        return Double(whole) + fraction
    }

    /// The digits of an integer field (`19580329.0` has 8).
    private static func integerDigits(_ f: Field) -> Int {
        var n = 0
        while n < f.count, ByteText.isDigit(f[n]) { n += 1 }
        return n
    }

    /// The reading that every value of the sample fits, with its dates in
    /// `plausibleYears`: YYYYMMDD and YYYYMM are their own evidence (a
    /// month and a day in every number); a year, a decimal year, an Excel
    /// serial or a day number also needs the column's name to say it holds
    /// times, or the values to step evenly (a series' dates do; counts and
    /// measurements do not).
    static func reading(_ present: [Field], named: Bool) -> NumberDate? {
        guard present.count >= (named ? 1 : 3) else { return nil }
        for reading in allCases {
            var walls: [Int64] = []
            walls.reserveCapacity(present.count)
            for f in present {
                guard let wall = reading.parse(f) else { break }
                walls.append(wall)
            }
            guard walls.count == present.count,
                  walls.allSatisfy({ reading.plausibleYears.contains(CivilDate(dayNumber: Int(floorDiv64($0, 86_400))).year) }) else { continue }
            if reading == .decimalYear && !present.contains(where: { f in EpochTime.integerPart(f)?.fraction ?? true }) { continue }
            switch reading {
            case .yyyymmdd, .yyyymm: return reading
            default: if named || stepsEvenly(present.compactMap(decimal)) { return reading }
            }
        }
        return nil
    }

    /// The readings every value fits, whatever its years, and the years
    /// they span (`1900–1901`): for the note when epoch seconds fall in 1970.
    static func fitting(_ present: [Field]) -> [(reading: NumberDate, years: String)] {
        allCases.compactMap { reading in
            let walls = present.compactMap(reading.parse)
            guard !walls.isEmpty, walls.count == present.count,
                  reading != .decimalYear || present.contains(where: { EpochTime.integerPart($0)?.fraction ?? true }) else { return nil }
            let years = walls.map { CivilDate(dayNumber: Int(floorDiv64($0, 86_400))).year }
            let (first, last) = (years.min()!, years.max()!)
            return (reading, first == last ? "\(first)" : "\(first)–\(last)")
        }
    }

    /// Most gaps between neighbouring distinct values are the smallest gap
    /// (within 5%): dates of a series, sampled in runs, do this.
    static func stepsEvenly(_ values: [Double]) -> Bool {
        let distinct = Array(Set(values)).sorted()
        guard distinct.count >= 3 else { return false }
        let gaps = zip(distinct.dropFirst(), distinct).map { $0 - $1 }
        let step = gaps.min()!
        return gaps.count { abs($0 - step) <= step * 0.05 } * 2 > gaps.count
    }
}
