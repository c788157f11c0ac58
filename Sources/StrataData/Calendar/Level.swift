/// The levels a user pages through, finest first.
public enum Level: String, CaseIterable, Comparable, Sendable {
    case hour, day, week, month, quarter, year, decade, century

    public static let defaultSet: [Level] = [.day, .week, .month]

    /// The finest unit any of `levels` needs for its sub-buckets: the base
    /// buckets a load keeps.
    public static func baseUnit(for levels: [Level]) -> TimeUnit {
        if levels.contains(.hour) { return .minute }
        if levels.contains(.day) { return .hour }
        return .day
    }

    /// The unit of this level's bars among `levels`: a day's hours, a year's months, a decade's years.
    public func barUnit(among levels: [Level], intervals: Bool = false) -> TimeUnit {
        switch self {
        case .hour: .minute
        case .day: .hour
        case .week, .month: .day
        // An interval counts once per bar: a quarter's weeks cut at its
        // edges would need each interval clipped again, so intervals use months.
        case .quarter: levels.contains(.week) && !intervals ? .week : .month
        case .year: .month
        case .decade: .year
        case .century: .decade
        }
    }

    /// The base buckets of intervals on `levels`: the finest of their bars.
    /// Each interval adds to every base bucket it covers, so days under
    /// decades would cost a bucket a day of a long interval for nothing drawn.
    public static func intervalBaseUnit(for levels: [Level]) -> TimeUnit {
        levels.map { $0.barUnit(among: levels, intervals: true) }.min() ?? baseUnit(for: levels)
    }

    public var unit: TimeUnit {
        switch self {
        case .hour: .hour
        case .day: .day
        case .week: .week
        case .month: .month
        case .quarter: .quarter
        case .year: .year
        case .decade: .decade
        case .century: .century
        }
    }

    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    public static func < (a: Level, b: Level) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Parses `day,week,month` into an ordered, duplicate-free list.
    public static func parseList(_ text: String) -> [Level]? {
        var levels: [Level] = []
        for part in text.split(separator: ",") {
            guard let level = Level(rawValue: part.trimmingCharacters(in: " ").lowercased()) else { return nil }
            if !levels.contains(level) { levels.append(level) }
        }
        return levels.isEmpty ? nil : levels.sorted()
    }
}

/// Units of time with integer ordinals (consecutive periods have consecutive
/// ordinals), used both for levels and for their sub-buckets.
public enum TimeUnit: Int, Comparable, Sendable {
    case minute, hour, day, week, month, quarter, year, decade, century

    public static func < (a: TimeUnit, b: TimeUnit) -> Bool { a.rawValue < b.rawValue }

    /// The longest unit: the last of the tables kept for every coarser unit.
    public static let coarsest = TimeUnit.century

    /// `minute`, `hour`, …: how tables name the unit.
    public var name: String {
        switch self {
        case .minute: "minute"
        case .hour: "hour"
        case .day: "day"
        case .week: "week"
        case .month: "month"
        case .quarter: "quarter"
        case .year: "year"
        case .decade: "decade"
        case .century: "century"
        }
    }
}

public enum WeekStart: String, CaseIterable, Sendable {
    case monday, sunday, saturday

    /// The day number (days since 1970-01-01) of a week start near the epoch.
    var anchorDay: Int {
        switch self {
        case .monday: 4    // 1970-01-05
        case .sunday: 3    // 1970-01-04
        case .saturday: 2  // 1970-01-03
        }
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}
