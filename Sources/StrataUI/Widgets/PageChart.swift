import StrataData

/// What a page's chart shows, worked out from the navigation: which series,
/// drawn as what, and on which y range. The pager, the card and the
/// overview all ask it, so they follow the same rules.
struct PageChart {
    enum Form: Equatable {
        case bars, stackedBars, line, band, lines
    }

    let form: Form
    /// The dataset's series drawn, in legend order.
    let series: [Int]

    init(navigation: Navigation) {
        if navigation.allSeries, navigation.namedSeriesCount > 1 {
            series = Array(1...navigation.namedSeriesCount)
            // Sums and counts stack; a mean, a low or a high does not add up, so each is a line.
            form = navigation.chart == .bar && navigation.aggregate.isQuantity ? .stackedBars : .lines
        } else {
            series = [navigation.shownSeries]
            switch navigation.chart {
            case .bar: form = .bars
            case .line: form = .line
            case .band: form = .band
            }
        }
    }

    /// Bars stand on zero; lines and bands span their values.
    var includesZero: Bool { form == .bars || form == .stackedBars }

    /// With one scale for the level: the range of every page of it under the
    /// aggregate, series and value on show (worked out when loading); nil on
    /// a scale per page.
    func levelRange(_ navigation: Navigation, level: Level, dataset: Dataset) -> ClosedRange<Double>? {
        guard navigation.yScale == .level else { return nil }
        let all = dataset.seriesByValue[navigation.valueIndex]
        func range(_ s: Int, _ aggregate: Aggregate) -> ClosedRange<Double>? {
            all[s].subBucketRanges[level]?.range(aggregate)
        }
        let aggregate = navigation.aggregate
        switch form {
        case .bars, .line:
            return range(series[0], aggregate)
        case .band:
            guard let low = range(series[0], .min), let high = range(series[0], .max) else { return nil }
            return low.lowerBound...high.upperBound
        case .lines:
            let ranges = series.compactMap { range($0, aggregate) }
            guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { return nil }
            return low...high
        case .stackedBars:
            // Counts, and sums of values that are never negative, stack up to the total of every series.
            if aggregate == .count || all[0].total.min >= 0 { return range(0, aggregate) }
            // Sums of both signs: each series at its own extreme bounds every stack.
            let ranges = series.compactMap { range($0, aggregate) }
            guard !ranges.isEmpty else { return nil }
            return ranges.reduce(0) { $0 + min(0, $1.lowerBound) }...ranges.reduce(0) { $0 + max(0, $1.upperBound) }
        }
    }
}
