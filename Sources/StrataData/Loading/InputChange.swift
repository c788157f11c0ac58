/// What happened to a followed input besides rows added: the footer says it until the next key.
public enum InputChange: Equatable, Sendable {
    case rotated, truncated, removed, back
    /// The rows outgrew the base the budget allows: it is this coarser unit from now on.
    case coarsened(TimeUnit)
}

extension InputChange {
    /// The file at the name holds other rows, anywhere in time (rotated, cut, gone or back): every page is read again.
    public var replacesRows: Bool {
        if case .coarsened = self { return false }
        return true
    }
}
