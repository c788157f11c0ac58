extension Aggregate {
    /// What a value column starts on, by its name alone (`ValueKind`):
    /// `mean` for levels, `sum` for quantities and names that do not say.
    public static func suggested(forValueNamed name: String) -> Aggregate {
        ValueKind.byName(name)?.aggregate ?? .sum
    }

    /// Why a numeric column is not a value by its name alone (`is an id`),
    /// for a source that knows its columns' types but has no text to sample
    /// (a database's catalog); nil when it is a value.
    public static func refusal(forValueNamed name: String) -> String? {
        ColumnPicker.nameRefusal(name)
    }
}
