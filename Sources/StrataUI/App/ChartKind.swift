import StrataData

/// How a page's values are drawn; `c` cycles them in this order.
public enum ChartKind: String, CaseIterable, Sendable {
    case bar, line, band

    public var next: ChartKind {
        let all = ChartKind.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// Quantities stand on zero as bars; levels (a mean, a low, a high) read as a line.
    public static func suggested(for aggregate: Aggregate) -> ChartKind {
        aggregate.isQuantity ? .bar : .line
    }
}
