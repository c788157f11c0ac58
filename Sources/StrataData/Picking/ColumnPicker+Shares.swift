/// Value columns that are shares of a whole (a poll's `ALP`, `LNP` and
/// `Other`): levels, whatever their numbers (`ValueKind.shares`).
extension ColumnPicker {
    /// Value columns past this many are not tried as shares: a wide table's are its own.
    static let shareColumnsTried = 64

    /// Each share column with the other columns of its whole and their total,
    /// among the value columns not in `used`, in the header's order.
    func shares(excluding used: Set<Int>, decimalComma: Bool) -> [Int: (others: [String], total: Double)] {
        let parse = decimalComma ? ValueParser.parseDecimalComma : ValueParser.parse
        let candidates = Array((0..<columnCount).lazy.filter { !used.contains($0) && self.isValue($0, decimalComma: decimalComma) }
            .prefix(Self.shareColumnsTried))
        guard let (run, total) = ValueKind.shares(candidates.map { c in sample.column(c).map { parse($0) } }) else { return [:] }
        let group = run.map { candidates[$0] }
        return Dictionary(uniqueKeysWithValues: group.map { c in (c, (group.filter { $0 != c }.map(name), total)) })
    }
}
