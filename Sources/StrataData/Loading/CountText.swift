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
}
