import Foundation

/// A time zone's UTC offsets as a table of transitions, built once from
/// the system's tz database (`ZoneFile`), else Foundation's `TimeZone`, so
/// that converting a row's instant to local time is a binary search (or a
/// cache hit) instead of a call into ICU.
public struct ZoneRules: Sendable {
    public let identifier: String
    /// `transitions[i]` is the first UTC second of segment `i + 1`, where
    /// `offsets[i + 1]` and `adjustments[i + 1]` apply: each offset change,
    /// and the start of each fold (see `OrdinalAdjustment.segments`).
    let transitions: [Int64]
    /// `offsets[0]` applies before the first transition.
    let offsets: [Int32]
    let adjustments: [OrdinalAdjustment]
    /// From the least to the greatest offset in the table: the instants that may show a local time.
    let offsetRange: ClosedRange<Int64>
    /// No change moves the grid of hours (or of minutes) or cuts one: the
    /// plain arithmetic holds everywhere, as in most zones.
    let hoursAreFixed: Bool
    let minutesAreFixed: Bool
    let timeZone: TimeZone
    static let tableStart: Int64 = -2_208_988_800  // 1900-01-01
    static let tableEnd: Int64 = 4_102_444_800     // 2100-01-01

    public init(_ timeZone: TimeZone) {
        self.timeZone = timeZone
        self.identifier = timeZone.identifier
        let table = ZoneFile(name: timeZone.identifier, from: Self.tableStart, to: Self.tableEnd)
        let (transitions, offsets) = table.map { ($0.transitions, $0.offsets) } ?? Self.table(from: timeZone)
        (self.transitions, self.offsets, self.adjustments) = OrdinalAdjustment.segments(transitions: transitions, offsets: offsets)
        self.offsetRange = Int64(offsets.min()!)...Int64(offsets.max()!)
        let hourShift = floorMod64(Int64(offsets[0]), 3600), minuteShift = floorMod64(Int64(offsets[0]), 60)
        hoursAreFixed = adjustments.allSatisfy { $0.hour == 0 } && offsets.allSatisfy { floorMod64(Int64($0), 3600) == hourShift }
        minutesAreFixed = adjustments.allSatisfy { $0.minute == 0 } && offsets.allSatisfy { floorMod64(Int64($0), 60) == minuteShift }
    }

    /// The offsets from Foundation's bundled data, where the system has no tz database.
    static func table(from timeZone: TimeZone) -> (transitions: [Int64], offsets: [Int32]) {
        var transitions: [Int64] = []
        var offsets: [Int32] = [Int32(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(Self.tableStart))))]
        var cursor = Date(timeIntervalSince1970: Double(Self.tableStart))
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor),
              next.timeIntervalSince1970 < Double(Self.tableEnd) {
            let second = Int64(next.timeIntervalSince1970.rounded(.down))
            let offset = Int32(timeZone.secondsFromGMT(for: next))
            if offset != offsets.last! {
                transitions.append(second)
                offsets.append(offset)
            }
            cursor = next.addingTimeInterval(1)
        }
        return (transitions, offsets)
    }

    /// `UTC`, or an IANA name such as `America/New_York`; nil when unknown.
    public init?(named name: String) {
        let upper = name.uppercased()
        if upper == "UTC" || upper == "Z" || upper == "GMT" {
            self.init(TimeZone(secondsFromGMT: 0)!)
            return
        }
        if let seconds = Self.fixedOffset(upper) {
            self.init(fixedOffset: seconds)
            return
        }
        guard let zone = TimeZone(identifier: name) else { return nil }
        self.init(zone)
    }

    /// A fixed offset as the header writes one: `-07:00`, `+0530`, `UTC-7`,
    /// `GMT+05:30` (east of UTC is `+`, as in ISO 8601, not POSIX's `TZ`).
    static func fixedOffset(_ text: String) -> Int? {
        let body = text.hasPrefix("UTC") || text.hasPrefix("GMT") ? text.dropFirst(3) : Substring(text)
        guard let sign = body.first, sign == "+" || sign == "-" else { return nil }
        let digits = body.dropFirst().replacingOccurrences(of: ":", with: "")
        guard (1...4).contains(digits.count), digits.allSatisfy(\.isASCII), let number = Int(digits) else { return nil }
        let (hours, minutes) = digits.count <= 2 ? (number, 0) : (number / 100, number % 100)
        guard hours <= 14, minutes < 60, body.dropFirst().filter({ $0 == ":" }).count <= 1 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// A zone that is always `seconds` east of UTC (an input whose times all carry that offset).
    public init(fixedOffset seconds: Int) {
        self.init(TimeZone(secondsFromGMT: seconds) ?? TimeZone(secondsFromGMT: 0)!)
    }

    /// For the header: `Europe/Berlin`, `UTC`, or `UTC-05:00` for a fixed offset.
    public var displayName: String {
        guard identifier.hasPrefix("GMT") || identifier == "UTC" || identifier == "Etc/UTC" else { return identifier }
        let seconds = timeZone.secondsFromGMT()
        guard seconds != 0 else { return "UTC" }
        let m = abs(seconds) / 60
        return "UTC\(seconds < 0 ? "-" : "+")\(String(m / 60).leftPadded(2)):\(String(m % 60).leftPadded(2))"
    }

    /// The zone from `TZ`, else the system's.
    public static var system: ZoneRules {
        if let name = ProcessInfo.processInfo.environment["TZ"], !name.isEmpty,
           let rules = ZoneRules(named: name.hasPrefix(":") ? String(name.dropFirst()) : name) {
            return rules
        }
        return ZoneRules(TimeZone.current)
    }

    public static let utc = ZoneRules(TimeZone(secondsFromGMT: 0)!)

    /// Seconds east of UTC at the UTC instant `t`.
    public func offset(at t: Int64) -> Int {
        if t < Self.tableStart || t >= Self.tableEnd {
            return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
        }
        return Int(offsets[intervalIndex(at: t)])
    }

    /// Index into `offsets` for an instant inside the table's range.
    func intervalIndex(at t: Int64) -> Int {
        var low = 0, high = transitions.count
        while low < high {
            let mid = (low + high) / 2
            if transitions[mid] <= t { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Local wall-clock seconds (since 1970-01-01T00:00 local) at UTC instant `t`.
    public func local(_ t: Int64) -> Int64 { t + Int64(offset(at: t)) }

    /// The UTC instant of a local wall-clock time. A time that occurs twice
    /// (the repeated hour when clocks go back) maps to its first occurrence;
    /// one that never occurs (clocks go forward) is moved forward by the gap.
    public func utc(fromLocal local: Int64) -> Int64 {
        let earliest = local - offsetRange.upperBound, latest = local - offsetRange.lowerBound
        guard earliest > Self.tableStart, latest < Self.tableEnd else { return probedUTC(fromLocal: local) }
        // The segments that may show `local`, in order: the first that does is its first occurrence.
        for i in intervalIndex(at: earliest)...intervalIndex(at: latest) {
            let t = local - Int64(offsets[i])
            if i > 0 && t < transitions[i - 1] {
                // The segments before ended short of `local`, and this one starts past it: a gap.
                return local - Int64(offsets[i - 1])
            }
            if i == transitions.count || t < transitions[i] { return t }
        }
        return probedUTC(fromLocal: local)
    }

    /// `utc(fromLocal:)` outside the table: the offsets a day either side tell the candidates.
    private func probedUTC(fromLocal local: Int64) -> Int64 {
        let before = Int64(offset(at: local - 86_400))
        let after = Int64(offset(at: local + 86_400))
        let t1 = local - before, t2 = local - after
        let valid1 = Int64(offset(at: t1)) == before
        let valid2 = Int64(offset(at: t2)) == after
        switch (valid1, valid2) {
        case (true, true): return min(t1, t2)
        case (true, false): return t1
        case (false, true): return t2
        case (false, false): return t1
        }
    }

    /// A cursor that remembers the last offset interval: rows usually come in
    /// time order, so most look-ups need no search at all.
    public func cursor() -> Cursor { Cursor(rules: self) }

    public struct Cursor: Sendable {
        let rules: ZoneRules
        var validFrom: Int64 = 1
        var validTo: Int64 = 0
        var cached: Int64 = 0
        /// The segment of the last instant asked about (its ordinal adjustments).
        var segment = 0

        public mutating func offset(at t: Int64) -> Int64 {
            if t >= validFrom && t < validTo { return cached }
            let i = rules.intervalIndex(at: t)
            segment = i
            if t < ZoneRules.tableStart || t >= ZoneRules.tableEnd {
                return Int64(rules.offset(at: t))
            }
            validFrom = i == 0 ? ZoneRules.tableStart : rules.transitions[i - 1]
            validTo = i < rules.transitions.count ? rules.transitions[i] : ZoneRules.tableEnd
            cached = Int64(rules.offsets[i])
            return cached
        }
    }
}
