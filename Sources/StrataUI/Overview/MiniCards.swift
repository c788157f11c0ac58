import StrataData

/// The overview's mini cards already worked out: a key redraws some fifteen
/// cards a strip, and looking up every card's sub-buckets again cost more
/// than drawing them. Cards kept at most 4,096 (about 1 KB each).
typealias MiniCards = PeriodMemo<MiniCard>

extension PeriodMemo where Value == MiniCard {
    convenience init() {
        self.init(limit: 4096)
    }

    func card(_ level: Level, index: Int, series: Int, value: Int, in dataset: Dataset, width: Int, asked: Aggregate) -> MiniCard {
        self.value(level, index: index, series: series, value: value) {
            let page = dataset.page(level, index: index, series: series, value: value)
            return MiniCard(page: page, label: dataset.calendar.periodName(level, ordinal: page.ordinal, short: true), width: width,
                            asked: asked)
        }
    }
}
