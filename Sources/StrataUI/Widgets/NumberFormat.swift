import Foundation

/// Numbers as people read them on a chart: `12`, `2.5`, `1.2k`, `3.4M`.
public enum NumberFormat {
    /// Short and humane, at most about 5 characters: for ticks and stats.
    public static func humane(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        let magnitude = abs(value)
        let sign = value < 0 ? "-" : ""
        let units: [(Double, String)] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
        for (scale, suffix) in units where magnitude >= scale * 0.9995 {
            return sign + trimmed(magnitude / scale, digits: magnitude / scale < 100 ? 1 : 0) + suffix
        }
        if magnitude == 0 { return "0" }
        if magnitude >= 100 { return sign + trimmed(magnitude, digits: 0) }
        if magnitude >= 10 { return sign + trimmed(magnitude, digits: 1) }
        if magnitude >= 1 { return sign + trimmed(magnitude, digits: 2) }
        if magnitude >= 0.01 { return sign + trimmed(magnitude, digits: 3) }
        return String(format: "%.1e", value)
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
