import Foundation

/// Whether a value column holds a level, whose periods show a mean, or a
/// quantity, whose periods show a sum. A level is a state read at a time: a
/// temperature, a price, an index, a share, a concentration, a flow rate, a
/// stock such as a population or the jobs on a payroll; summing it over a
/// quarter would count the same jobs three times. A quantity is an amount
/// that happened in the time: rainfall, sales, energy used, a count.
///
/// The rule, first that speaks: a unit or word of the name that says level
/// (`%`, `ppm`, `W/m²`, `l/s`, `index`, `rate`, `population`…); one that
/// says quantity (but `total`, which may be a count so far); readings that
/// never fall, a running total, whose periods show their max; a word that
/// says quantity (`count`, `total`, `sales`, `rain`, `kWh`…); then columns
/// that add up to about 100 (or 1) in every row are shares (`shares`), a
/// level; then the values: whole numbers are counts; decimal readings at a steady pace that
/// are never zero and change little from one reading to the next are a
/// level; anything else is a quantity.
public struct ValueKind: Equatable, Sendable {
    public var aggregate: Aggregate
    /// For the note: `"CO2 (ppm)" is a level, not a quantity: its unit is ppm`.
    public var reason: String

    public init(aggregate: Aggregate, reason: String) {
        self.aggregate = aggregate
        self.reason = reason
    }

    /// Units written in a name, as text inside it (`Flow (l/s)`, `GHI W/m^2`, `share %`).
    static let levelUnits = ["%", "ppm", "ppb", "°", "w/m", "w m-2", "l/s", "m3/s", "m³/s", "km/h", "m/s", "=100", "/100"]
    /// Words of a name that mean a level.
    static let levelWords: Set<String> = [
        "temp", "temperature", "price", "open", "close", "high", "low", "rate", "ratio", "pct", "percent", "percentage",
        "humidity", "pressure", "speed", "level", "score", "avg", "average", "mean", "median", "index", "share",
        "proportion", "fraction", "expectancy", "density", "concentration", "ppm", "ppb", "deg", "degc", "degf",
        "celsius", "fahrenheit", "kelvin", "irradiance", "radiation", "flow", "discharge", "depth", "height",
        "elevation", "altitude", "weight", "voltage", "frequency", "load", "utilization", "latency", "rating",
        "approval", "population", "employees", "employment", "jobs", "workforce", "headcount", "inventory",
        "stock", "balance", "capacity", "occupancy", "yield", "per", "cpu", "mph", "kmh", "hpa", "mbar", "psi",
    ]
    /// Words of a name that mean a quantity.
    static let quantityWords: Set<String> = [
        "count", "counts", "total", "sum", "number", "num", "qty", "quantity", "amount", "sales", "revenue", "cost",
        "costs", "spend", "spent", "paid", "income", "profit", "orders", "visits", "visitors", "views", "clicks",
        "requests", "hits", "errors", "events", "bytes", "packets", "downloads", "births", "deaths", "cases",
        "rain", "rainfall", "precip", "precipitation", "prcp", "snow", "snowfall", "kwh", "mwh", "gwh", "wh",
        "energy", "consumption", "production", "generation", "emissions", "volume", "distance", "steps",
        "calories", "tonnes", "tons", "mm", "arrivals", "departures", "trips", "rides", "calls", "messages",
    ]

    /// The call by the name alone, or nil when the name does not say.
    public static func byName(_ name: String) -> ValueKind? {
        let lower = name.lowercased()
        let words = ColumnNames.words(name)
        if let unit = levelUnits.first(where: lower.contains), let written = name.range(of: unit, options: .caseInsensitive) {
            return ValueKind(aggregate: .mean, reason: "\"\(name)\" is a level, not a quantity: its unit is \(name[written])")
        }
        if let word = words.first(where: { levelWords.contains($0) || $0.hasPrefix("temp") }) {
            return ValueKind(aggregate: .mean, reason: "\"\(name)\" is a level, not a quantity: it says \(word)")
        }
        if words.contains(where: quantityWords.contains) { return ValueKind(aggregate: .sum, reason: "") }
        return nil
    }

    /// Words of a name that say it is a time taken (`request_time`, `duration_ms`).
    static let timeTakenWords: Set<String> = ["time", "duration", "elapsed", "took", "latency", "wait", "ms", "secs", "seconds"]

    /// Whether a mean or a percentile is asked of this column before others:
    /// a time taken or a level (`request_time`, `latency`), not an amount (`bytes`).
    public static func describesEachRow(_ name: String) -> Bool {
        ColumnNames.words(name).contains(where: timeTakenWords.contains) || byName(name)?.aggregate == .mean
    }

    /// Words of a name that may mean a count so far: its values decide (`total_cases`, `requests_total`, `cumulative_kwh`,
    /// a meter's `Meter reading (kWh)` or German `Zählerstand`, whose unit is that of the use it counts).
    static let runningTotalWords: Set<String> = [
        "total", "cumulative", "cum", "running", "ytd", "todate", "counter", "register", "odometer", "meter", "reading", "zählerstand",
        "zaehlerstand",
    ]

    /// The readings a running total needs in the sample, one to the next, to be called one.
    static let runningTotalSteps = 20

    /// Readings that never fall in any series, and rise at least every
    /// other time, over `runningTotalSteps` or more: cases so far, a meter's
    /// register. An amount per reading (sales, rain) dips now and then.
    static func isRunningTotal(_ runs: [[Double]]) -> Bool {
        var steps = 0, rises = 0
        for run in runs {
            for (before, after) in zip(run, run.dropFirst()) {
                guard after >= before else { return false }
                steps += 1
                if after > before { rises += 1 }
            }
        }
        return steps >= runningTotalSteps && rises * 2 >= steps
    }

    /// What shares of a whole add up to: percentages, fractions.
    static let shareTotals = [100.0, 1.0]

    /// Shares of a whole, such as a poll's `ALP`, `LNP` and `Other`: the
    /// longest run of two or more of `columns` (each its values by row, nil
    /// where empty), none negative, that adds up to within 3% of 100, or
    /// of 1, in every row that has them all (three rows at least), and that total.
    public static func shares(_ columns: [[Double?]]) -> (columns: Range<Int>, total: Double)? {
        var best: (columns: Range<Int>, total: Double)?
        for first in columns.indices {
            var sums = columns[first].map { $0.map { $0 >= 0 ? $0 : .nan } }
            for last in columns.indices.dropFirst(first + 1) {
                for r in sums.indices { sums[r] = sums[r].flatMap { sum in columns[last][r].map { $0 >= 0 ? sum + $0 : .nan } } }
                let full = sums.compactMap { $0 }
                guard full.count >= 3, last - first + 1 > (best?.columns.count ?? 0),
                      let total = shareTotals.first(where: { total in full.allSatisfy { abs($0 - total) <= total * 0.03 } }) else { continue }
                best = (first..<last + 1, total)
            }
        }
        return best
    }

    /// The call by the name, else by the shares it is one of, else by the values.
    /// - Parameter runs: each series' values in time order (one run without series).
    /// - Parameter steady: the rows are readings at a steady pace, not events.
    /// - Parameter shareOf: the other columns of its `shares` and what they add up to.
    public static func call(name: String, runs: [[Double]], steady: Bool,
                            shareOf: (others: [String], total: Double)? = nil) -> ValueKind {
        let named = byName(name)
        // A name that says a quantity settles it (births per year rise for decades), unless it may be a count so far (`total_cases`).
        if let named, named.aggregate == .mean || !ColumnNames.words(name).contains(where: runningTotalWords.contains) { return named }
        if isRunningTotal(runs) {
            return ValueKind(aggregate: .max, reason: "\"\(name)\" is a running total, not a quantity: it never falls from one reading "
                             + "to the next, so a period shows its max, the total at its end")
        }
        if let named { return named }
        if let (others, total) = shareOf {
            return ValueKind(aggregate: .mean, reason: "\"\(name)\" is a level, not a quantity: with "
                             + others.map { "\"\($0)\"" }.joined(separator: ", ")
                             + " it adds up to about \(total == 1 ? "1" : "100") in every row (a share)")
        }
        let values = runs.joined()
        guard steady, !values.isEmpty, values.contains(where: { $0 != $0.rounded() }), !values.contains(0) else {
            return ValueKind(aggregate: .sum, reason: "")
        }
        // How much each reading moves from the one before, against its size: a level drifts.
        let moves = runs.flatMap { run in zip(run.dropFirst(), run).map { abs($0 - $1) / max(abs($1), .leastNormalMagnitude) } }.sorted()
        guard !moves.isEmpty, moves[moves.count / 2] < 0.1 else { return ValueKind(aggregate: .sum, reason: "") }
        return ValueKind(aggregate: .mean, reason: "\"\(name)\" is a level, not a quantity: decimal readings that change little from one to the next")
    }
}
