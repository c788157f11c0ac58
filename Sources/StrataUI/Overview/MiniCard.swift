import StrataData

/// What the overview's mini card of one period shows, for every aggregate
/// at once: its label, its span (for the partial mark, which moves with
/// "now"), and per aggregate its total, its sparkline squeezed to the card
/// and the range of its sub-buckets (the strip's scale). Worked out from
/// the period's page once (see `MiniCards`), so a key draws without
/// looking the sub-buckets up again.
struct MiniCard: Sendable {
    struct Look: Sendable {
        /// The whole period's; a running period's is replaced by its so far when drawn.
        var total: Double?
        /// One value per column of the card, squeezed as `Sparkline` squeezes.
        let columns: [Double?]
        /// The lowest and highest values of the sub-buckets that span their
        /// whole unit, nil without any: a week cut to one day by the
        /// quarter's edge would set the strip's floor far below every other.
        let low: Double?
        let high: Double?
    }

    let label: String
    let start: Int64
    let end: Int64
    private let looks: [Aggregate: Look]

    /// `asked` is the aggregate shown, which may be a percentile `a` does not offer (`--agg p90`).
    init(page: Page, label: String, width: Int, asked: Aggregate) {
        self.label = label
        start = page.start
        end = page.end
        var looks: [Aggregate: Look] = [:]
        // Within a tenth of the longest: a 28-day February and a 23-hour DST day are whole.
        let longest = page.buckets.map { $0.end - $0.start }.max() ?? 0
        let whole = page.buckets.map { ($0.end - $0.start) * 10 >= longest * 9 }
        let aggregates = Aggregate.allCases.contains(asked) ? Aggregate.allCases : Aggregate.allCases + [asked]
        // A percentile needs sketches: without them it has nothing to show.
        for aggregate in aggregates where !aggregate.isPercentile || page.sketch != nil {
            let values = page.buckets.map { $0.plotted(aggregate) }
            let wholeValues = zip(values, whole).compactMap { $1 ? $0 : nil }
            let shown = wholeValues.isEmpty ? values.compactMap { $0 } : wholeValues
            looks[aggregate] = Look(total: page.value(aggregate),
                                    columns: (0..<width).map { Sparkline.mean(column: $0, of: width, values: values) },
                                    low: shown.min(), high: shown.max())
        }
        self.looks = looks
    }

    func look(_ aggregate: Aggregate) -> Look {
        looks[aggregate] ?? Look(total: nil, columns: looks[.sum]!.columns.map { _ in nil }, low: nil, high: nil)
    }
}
