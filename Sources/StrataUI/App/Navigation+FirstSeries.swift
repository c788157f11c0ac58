import StrataData

extension Navigation {
    /// Series drawn together on one chart at most; more start one at a time.
    static let overlaidSeriesLimit = 8

    /// Levels (the mean is the aggregate) of several series are never
    /// averaged together on the first screen: nobody asked for the mean of
    /// five stock prices. 2 to 8 series start overlaid (`s`, with the
    /// legend), more on the first series (`Tab` for the next). Quantities
    /// keep "all", their sum.
    mutating func keepLevelsApart() {
        guard aggregate == .mean, namedSeriesCount >= 2 else { return }
        if namedSeriesCount <= Self.overlaidSeriesLimit {
            allSeries = true
        } else {
            seriesIndex = 1
        }
    }
}
