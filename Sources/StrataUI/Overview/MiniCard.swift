import StrataData

/// What the overview's mini card of one period shows, for every aggregate
/// at once: its label, its span (for the partial mark, which moves with
/// "now"), and per aggregate its total, its sparkline squeezed to the card
/// and the range of its sub-buckets (the strip's scale). Worked out from
/// the period's page once (see `MiniCards`), so a key draws without
/// looking the sub-buckets up again.
struct MiniCard: Sendable {
    struct Look: Sendable {
        let total: Double?
        /// One value per column of the card, squeezed as `Sparkline` squeezes.
        let columns: [Double?]
        /// The lowest and highest sub-bucket values, nil without any.
        let low: Double?
        let high: Double?
    }

    let label: String
    let start: Int64
    let end: Int64
    private let looks: [Aggregate: Look]

    init(page: Page, label: String, width: Int) {
        self.label = label
        start = page.start
        end = page.end
        var looks: [Aggregate: Look] = [:]
        for aggregate in Aggregate.allCases {
            let values = page.buckets.map { $0.stats.plotted(aggregate) }
            let shown = values.compactMap { $0 }
            looks[aggregate] = Look(total: page.stats.value(aggregate),
                                    columns: (0..<width).map { Sparkline.mean(column: $0, of: width, values: values) },
                                    low: shown.min(), high: shown.max())
        }
        self.looks = looks
    }

    func look(_ aggregate: Aggregate) -> Look { looks[aggregate]! }
}
