extension Aggregate {
    /// What a value column starts on: `mean` for levels (temperatures,
    /// prices, rates: named like one), `sum` for quantities.
    public static func suggested(forValueNamed name: String) -> Aggregate {
        ColumnPicker.isLevelName(name) ? .mean : .sum
    }

    /// Why a numeric column is not a value by its name alone (`is an id`),
    /// for a source that knows its columns' types but has no text to sample
    /// (a database's catalog); nil when it is a value.
    public static func refusal(forValueNamed name: String) -> String? {
        ColumnPicker.nameRefusal(name)
    }
}
