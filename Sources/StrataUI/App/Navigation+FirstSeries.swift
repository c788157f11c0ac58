import StrataData

extension Navigation {
    /// Series drawn together on one chart at most; more start one at a time.
    static let overlaidSeriesLimit = 8

    /// Several series start apart: 2 to 8 start all at once (`s`, with the
    /// legend: levels overlaid, sums and counts stacked, so their total still
    /// shows and no series hides in it). More levels start on the first
    /// series with rows on the first page (`Tab` for the next): nobody asked
    /// for the mean of fifty prices (nor the max of fifty running totals), nor for a blank chart of one that
    /// stopped before it. More quantities keep "all", their sum.
    /// - Parameter onFirstPage: whether a series (1 on) has rows on the page the view opens on.
    mutating func keepSeriesApart(onFirstPage: (Int) -> Bool) {
        guard namedSeriesCount >= 2 else { return }
        if namedSeriesCount <= Self.overlaidSeriesLimit {
            allSeries = true
        } else if !aggregate.isQuantity {
            seriesIndex = (1..<seriesCount).first(where: onFirstPage) ?? 1
        }
    }
}
