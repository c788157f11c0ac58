import StrataData

extension Navigation {
    /// Series drawn together on one chart at most; more start one at a time.
    static let overlaidSeriesLimit = 8

    /// Several series start apart: 2 to 8 start all at once (`s`, with the
    /// legend: levels overlaid, sums and counts stacked, so their total still
    /// shows and no series hides in it). More levels start on the first
    /// series (`Tab` for the next): nobody asked for the mean of fifty
    /// prices. More quantities keep "all", their sum.
    mutating func keepSeriesApart() {
        guard namedSeriesCount >= 2 else { return }
        if namedSeriesCount <= Self.overlaidSeriesLimit {
            allSeries = true
        } else if aggregate == .mean {
            seriesIndex = 1
        }
    }
}
