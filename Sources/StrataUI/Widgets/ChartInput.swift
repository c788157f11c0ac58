import StrataData

/// What a chart of sub-buckets is given, whichever way it draws them: bars
/// or lines take the same input, so a page switches between them freely.
public struct ChartInput: Sendable {
    /// Per series, each sub-bucket (its stats, and its sketch for a percentile); one series draws plain marks.
    public var series: [[SubBucket]]
    public var labels: [String]
    public var aggregate: Aggregate
    /// A sub-bucket drawn in the accent colour (the "now" one), for a single series.
    public var highlighted: Int?
    /// One range for the whole level; nil fits the scale to these marks.
    public var range: ClosedRange<Double>?
    public var glyphs: Glyphs
    /// Without colours, series differ by pattern.
    public var colors: Bool
    /// How the y axis labels read (durations for interval data).
    public var format: ValueFormat

    public init(series: [[SubBucket]], labels: [String], aggregate: Aggregate, highlighted: Int? = nil,
                range: ClosedRange<Double>? = nil, glyphs: Glyphs, colors: Bool = false, format: ValueFormat = .number) {
        self.series = series
        self.labels = labels
        self.aggregate = aggregate
        self.highlighted = highlighted
        self.range = range
        self.glyphs = glyphs
        self.colors = colors
        self.format = format
    }
}
