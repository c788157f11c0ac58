extension Aggregate {
    /// What a value column starts on: `mean` for levels (temperatures,
    /// prices, rates: named like one), `sum` for quantities.
    public static func suggested(forValueNamed name: String) -> Aggregate {
        ColumnNames.isLevel(name) ? .mean : .sum
    }
}
