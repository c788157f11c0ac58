extension Aggregate {
    /// What a value column starts on, by its name alone (`ValueKind`):
    /// `mean` for levels, `sum` for quantities and names that do not say.
    public static func suggested(forValueNamed name: String) -> Aggregate {
        ValueKind.byName(name)?.aggregate ?? .sum
    }
}
