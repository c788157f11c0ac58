import Foundation

/// The built-in demo: two years of orders at a small online shop, ending at
/// "now". Deterministic for a given `now` (a fixed-seed generator), with a
/// daily rhythm (quiet nights, a lunch bump, a busy evening), a weekly one
/// (busy Mondays, slow Saturdays), a slow growth trend, a December rush and
/// order amounts that look like real baskets. Generated in a blink.
public enum DemoData {
    public static let sourceName = "demo: shop orders"
    public static let valueName = "amount"
    public static let days = 730

    /// The demo's rows on `levels`, as a load of a file would give them.
    public static func load(now: Int64, calendar: CalendarSystem, levels: [Level]) -> LoadResult {
        var result = LoadResult(accumulator: generate(now: now, calendar: calendar, baseUnit: Level.baseUnit(for: levels)),
                                sourceName: sourceName, valueName: valueName)
        result.levels = levels
        return result
    }

    static func generate(now: Int64, calendar: CalendarSystem, baseUnit: TimeUnit) -> Accumulator {
        var accumulator = Accumulator(calendar: calendar, baseUnit: baseUnit)
        var random = SplitMix64(seed: 0x5EED_57A7A)
        let today = calendar.ordinal(of: .day, at: now)
        let hourShape: [Double] = [0.15, 0.08, 0.05, 0.04, 0.05, 0.1, 0.3, 0.6, 0.9, 1.0, 1.05, 1.2,
                                   1.45, 1.3, 1.1, 1.05, 1.1, 1.25, 1.5, 1.8, 1.9, 1.6, 1.0, 0.45]
        let weekdayShape: [Double] = [1.2, 1.1, 1.05, 1.0, 0.95, 0.7, 0.85]  // Monday first
        for dayNumber in (today - days + 1)...today {
            let date = CivilDate(dayNumber: dayNumber)
            let progress = Double(dayNumber - today + days) / Double(days)
            let trend = 0.7 + 0.6 * progress
            let season = date.month == 12 && date.day < 24 ? 1.6 : (date.month == 1 ? 0.8 : 1.0)
            let dayFactor = trend * season * weekdayShape[date.isoWeekday - 1] * (0.85 + 0.3 * random.unit())
            for hour in 0..<24 {
                let expected = 14 * hourShape[hour] * dayFactor
                let orders = random.poisson(expected)
                for _ in 0..<orders {
                    let local = Int64(dayNumber) * 86_400 + Int64(hour * 3600) + Int64(random.below(3600))
                    let t = calendar.zone.utc(fromLocal: local)
                    guard t <= now else { continue }
                    // Baskets: mostly 10–60, a long tail of big orders, cents.
                    let amount = (12 + 38 * random.unit() * random.unit() + (random.unit() < 0.05 ? 120 * random.unit() : 0))
                    accumulator.add(seconds: t, value: (amount * 100).rounded() / 100)
                }
            }
        }
        return accumulator
    }
}

/// A small, fast, deterministic generator (SplitMix64), for demo and test data.
public struct SplitMix64: Sendable {
    var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Poisson-distributed count (Knuth's method; fine for small means).
    public mutating func poisson(_ mean: Double) -> Int {
        let limit = exp(-mean)
        var k = 0
        var p = unit()
        while p > limit { k += 1; p *= unit() }
        return k
    }
}

