import Foundation

/// How fine the buckets a load keeps may be, within the memory budget. The
/// finest level's sub-buckets (an hour's minutes) are kept when they fit;
/// otherwise the load keeps the finest level's own periods, and its pages'
/// sub-buckets are read back a page at a time (`FinePages`). Levels never
/// change for it, and every period stays exact.
public enum BucketBudget {
    /// What one kept bucket of one value column costs at the peak of a load,
    /// building the dataset included: measured on sorted files of minutes
    /// over 3 and 30 years (about 100 to 160 bytes).
    static let bytesPerBucket: Int64 = 160
    /// The share of the budget the buckets may take: the rest is the
    /// program, the reading buffers and the pages kept.
    static let share: Int64 = 2

    /// What a sketch of one period's values costs (`--agg pNN`): about what
    /// one of 128 values or more takes, its bins spanning two to three
    /// decades (measured: DECISIONS). Fewer values take less.
    static let bytesPerSketch: Int64 = 2560

    /// How many sketches a load may keep within `budget` bytes: a quarter
    /// of it, beside the buckets' half. Past it they are kept per coarser period.
    static func sketches(within budget: Int64) -> Int { Int(budget / 4 / bytesPerSketch) }

    /// How many buckets a load may keep within `budget` bytes.
    public static func buckets(within budget: Int64) -> Int { Int(budget / share / bytesPerBucket) }

    /// The base unit for `levels` within `budget` bytes (nil: no budget),
    /// from the sample's span and spacing and the value columns; `fine`,
    /// the unit they need (intervals': their bars', every one filled).
    public static func baseUnit(for levels: [Level], budget: Int64?, span: ClosedRange<Int64>?, gap: Int64?,
                                columns: Int, fine: TimeUnit? = nil) -> TimeUnit {
        let fine = fine ?? Level.baseUnit(for: levels)
        guard let budget, let span, let finest = levels.min(), fine < finest.unit else { return fine }
        let step = max(seconds(fine), gap ?? 0)
        let buckets = (span.upperBound - span.lowerBound) / step + 1
        return buckets * Int64(max(1, columns)) > Int64(Self.buckets(within: budget)) ? finest.unit : fine
    }

    /// What a load says when its base buckets passed the budget while it
    /// read (every series' and column's counted together) and were merged
    /// into `kept`'s: on stderr (`note`) and in the footer (`notice`).
    public static func coarserBase(from asked: TimeUnit, to kept: TimeUnit, series: Int,
                                   readsBack: Bool) -> (note: String, notice: String) {
        let what = series > 1 ? "\(series) series' \(asked.name)s" : "its \(asked.name)s"
        let finer = readsBack ? "a page's \(asked.name)s are read back from the file when shown"
            : "a page's \(asked.name)s are not kept, as the input is read once"
        return ("memory: \(what) pass what --memory keeps: \(kept.name)s kept, \(finer) (--memory MB keeps more)",
                "\(what) passed --memory: \(kept.name)s kept, finer bars \(readsBack ? "read back" : "not kept")")
    }

    /// What a load says when its series' buckets of `kept`, the coarsest
    /// base, still passed the budget: every series' are kept together, and
    /// each series' own of `seriesUnit` (`Accumulator.seriesUnit`).
    public static func seriesTogether(kept: TimeUnit, seriesUnit: TimeUnit, series: Int,
                                      readBackFrom source: String = "the file") -> (note: String, notice: String) {
        // Every unit from the base to the one the series keep: hours, days and weeks.
        let names = (kept.rawValue..<seriesUnit.rawValue).compactMap { TimeUnit(rawValue: $0).map { $0.name + "s" } }
        let readBack = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : kept.name + "s"
        return ("memory: \(series) series' \(kept.name)s pass what --memory keeps: every series' \(kept.name)s kept together, "
            + "each series' \(seriesUnit.name)s; a series' \(readBack) are read back from \(source) when shown (--memory MB keeps more)",
         "\(series) series' \(kept.name)s passed --memory: a series' \(readBack) read back")
    }

    /// A unit's usual length: a day for anything longer, as no base is.
    private static func seconds(_ unit: TimeUnit) -> Int64 {
        switch unit {
        case .minute: 60
        case .hour: 3600
        default: 86_400
        }
    }
}
