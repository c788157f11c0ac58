/// An input read on as it grows (`-f`), whatever it is: the app looks at
/// it now and then without knowing how it is read (`FileFollower`).
public protocol GrowingInput: AnyObject, Sendable {
    /// What changed since the last look, or nil when nothing did.
    func grow() throws(ReadError) -> InputGrowth?
}

/// One look at a growing input: the fuller load, where its rows are read
/// back from, and what happened to the input besides.
public struct InputGrowth {
    public let result: LoadResult
    public let rows: any RowReading
    public let change: InputChange?
    /// The times the rows added since the last look lie within, nil when
    /// none was: pages read back over them are read again.
    public let added: ClosedRange<Int64>?
}
