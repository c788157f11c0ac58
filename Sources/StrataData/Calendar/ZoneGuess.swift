import Foundation

/// A named zone for times written with more than one UTC offset: one whose
/// clock agrees with every offset seen where it changed (+02:00 up to
/// 01:00 UTC on 2024-10-27, +01:00 from then on), so that days follow the
/// data's own clock across the change instead of UTC's. The user's own
/// zone first, then the zones named after their rules (`CET`, `EST5EDT`:
/// no city to mislead), then any other, in name order.
enum ZoneGuess {
    static let ruleNamed = ["CET", "EET", "WET", "MET", "EST5EDT", "CST6CDT", "MST7MDT", "PST8PDT"]

    /// The zone, or nil when the offsets do not differ or no zone agrees.
    static func zone(for observations: [WrittenOffsets.Observation], preferring preferred: ZoneRules) -> ZoneRules? {
        guard Set(observations.map(\.offset)).count > 1 else { return nil }
        func agrees(_ zone: TimeZone) -> Bool {
            observations.allSatisfy { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0.instant))) == $0.offset }
        }
        if agrees(preferred.timeZone) { return preferred }
        let names = ruleNamed + TimeZone.knownTimeZoneIdentifiers.sorted()
        return names.lazy.compactMap { TimeZone(identifier: $0) }.first(where: agrees).map { ZoneRules($0) }
    }

    /// Whether `zone` gives every observed time the offset written in it.
    static func agrees(_ zone: ZoneRules, with observations: [WrittenOffsets.Observation]) -> Bool {
        observations.allSatisfy { zone.offset(at: $0.instant) == $0.offset }
    }

    /// `+02:00 to +01:00`: the offsets in the order they came.
    static func describe(_ observations: [WrittenOffsets.Observation]) -> String {
        var seen: [Int] = []
        for o in observations.sorted(by: { $0.instant < $1.instant }) where seen.last != o.offset { seen.append(o.offset) }
        return seen.prefix(4).map(LocalTime.offsetText).joined(separator: " to ")
    }
}
