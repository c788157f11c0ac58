/// Counts as the notes on stderr write them.
public enum CountText {
    /// `2,300`.
    public static func grouped(_ n: Int) -> String {
        var digits = String(n)
        var i = digits.count - 3
        while i > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: i))
            i -= 3
        }
        return digits
    }

    /// `2,300`, or past a million `3.4M` (to a tenth, never rounded up): a count of rows read.
    public static func compact(_ n: Int) -> String {
        n < 1_000_000 ? grouped(n) : "\(n / 100_000 / 10).\(n / 100_000 % 10)M"
    }
}
