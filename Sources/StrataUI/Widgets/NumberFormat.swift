import Foundation

/// Numbers as people read them on a chart: `12`, `2.5`, `1.2k`, `3.4M`,
/// and past those ends `3e18`, `1.2e-9`.
public enum NumberFormat {
    static let units: [(scale: Double, suffix: String, power: Int)] = [(1e12, "T", 12), (1e9, "G", 9), (1e6, "M", 6), (1e3, "k", 3)]

    /// Short and humane, at most about 6 characters: for stats and legends.
    public static func humane(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        let magnitude = abs(value)
        let sign = value < 0 ? "-" : ""
        if magnitude >= 0.9995e15 || (magnitude > 0 && magnitude < 0.01) { return scientific(value, digits: 1) }
        for (scale, suffix, _) in units where magnitude >= scale * 0.9995 {
            return sign + trimmed(magnitude / scale, digits: magnitude / scale < 100 ? 1 : 0) + suffix
        }
        if magnitude == 0 { return "0" }
        if magnitude >= 100 { return sign + trimmed(magnitude, digits: 0) }
        if magnitude >= 10 { return sign + trimmed(magnitude, digits: 1) }
        if magnitude >= 1 { return sign + trimmed(magnitude, digits: 2) }
        return sign + trimmed(magnitude, digits: 3)
    }

    /// A tick of a scale stepping by `step` (1, 2 or 5 times a power of ten):
    /// as short as `humane`, with the digits the step needs, so neighbours
    /// never read the same (`2.4k 2.6k`, or `2,285 2,290` where `k` would
    /// need two decimals).
    public static func tick(_ value: Double, step: Double) -> String {
        guard value.isFinite, value != 0, step.isFinite, step > 0 else { return humane(value) }
        let magnitude = abs(value)
        let power = Int(floor(log10(step) + 1e-9))
        if magnitude >= 0.9995e15 || magnitude < 0.01 {
            return scientific(value, digits: max(0, Int(floor(log10(magnitude) + 1e-9)) - power))
        }
        let sign = value < 0 ? "-" : ""
        for (scale, suffix, scalePower) in units where magnitude >= scale * 0.9995 && scalePower - power <= 1 {
            return sign + trimmed(magnitude / scale, digits: max(0, scalePower - power)) + suffix
        }
        return grouped(trimmed(value, digits: max(0, -power)))
    }

    /// `3e18`, `1.2e-9`: at most `digits` decimals, trailing zeros dropped.
    static func scientific(_ value: Double, digits: Int) -> String {
        let magnitude = abs(value)
        var exponent = Int(floor(log10(magnitude)))
        var mantissa = magnitude / pow(10, Double(exponent))
        // 9.96 to one decimal is 10.0: one more power of ten instead.
        if (mantissa * pow(10, Double(digits))).rounded() >= 10 * pow(10, Double(digits)) {
            exponent += 1
            mantissa /= 10
        }
        return (value < 0 ? "-" : "") + trimmed(mantissa, digits: digits) + "e\(exponent)"
    }

    /// Fixed decimals with trailing zeros (and a trailing point) removed.
    /// Done with integers: this runs for every tick of every frame.
    public static func trimmed(_ value: Double, digits: Int) -> String {
        let scale = [1.0, 10, 100, 1000, 10_000, 100_000, 1_000_000][min(max(digits, 0), 6)]
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(format: "%.\(digits)f", value) }
        let units = Int64(scaled)
        let divisor = Int64(scale)
        var text = String(units / divisor)
        var fraction = units % divisor
        if fraction > 0 {
            var width = min(max(digits, 0), 6)
            while fraction % 10 == 0 { fraction /= 10; width -= 1 }
            let digitsText = String(fraction)
            text += "." + String(repeating: "0", count: width - digitsText.count) + digitsText
        }
        return value < 0 && units != 0 ? "-" + text : text
    }
}
