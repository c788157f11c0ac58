import StrataData

/// How a chart's values read: plain numbers, or seconds as durations
/// (`2h 05m`) for interval data, whose duration is time spent in a bar.
public enum ValueFormat: Sendable, Equatable {
    case number, duration

    /// Durations where `aggregate` of value `v` counts seconds (`Dataset.countsSeconds`).
    public init(dataset: Dataset, aggregate: Aggregate, value v: Int) {
        self = dataset.countsSeconds(value: v, aggregate: aggregate) ? .duration : .number
    }

    /// Short, for ticks and stats: `45s`, `12m`, `2h 05m`, `3d 04h`.
    public func humane(_ value: Double) -> String {
        guard self == .duration, value.isFinite else { return NumberFormat.humane(value) }
        let sign = value < 0 ? "-" : ""
        let seconds = Int64(abs(value).rounded())
        let (d, h, m, s) = (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60, seconds % 60)
        if seconds < 60 { return "\(sign)\(s)s" }
        if seconds < 3600 { return sign + (s == 0 ? "\(m)m" : "\(m)m \(Digits.pad(Int(s), 2))s") }
        if seconds < 86_400 { return sign + (m == 0 ? "\(h)h" : "\(h)h \(Digits.pad(Int(m), 2))m") }
        if d >= 100 || h == 0 { return "\(sign)\(d)d" }
        return "\(sign)\(d)d \(Digits.pad(Int(h), 2))h"
    }

    /// A tick of a scale stepping by `step`: numbers with the digits the step needs.
    public func tick(_ value: Double, step: Double) -> String {
        self == .duration ? humane(value) : NumberFormat.tick(value, step: step)
    }

    /// In full, for the card's table: `1,234.5`, or `1d 02h 05m 30s` (to the second).
    public func exact(_ value: Double) -> String {
        guard self == .duration, value.isFinite else { return NumberFormat.exact(value) }
        let seconds = Int64(abs(value).rounded())
        let parts = [(seconds / 86_400, "d"), (seconds / 3600 % 24, "h"), (seconds / 60 % 60, "m"), (seconds % 60, "s")]
        guard let first = parts.firstIndex(where: { $0.0 > 0 }) else { return "0s" }
        let text = parts[first...].enumerated().map { i, part in
            (i == 0 ? NumberFormat.exact(Double(part.0)) : Digits.pad(Int(part.0), 2)) + part.1
        }
        return (value < 0 ? "-" : "") + text.joined(separator: " ")
    }
}
