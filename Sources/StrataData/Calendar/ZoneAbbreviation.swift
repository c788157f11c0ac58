/// A zone named in a column's name: `Time (MST)`, `time_utc`, `UTC-7`,
/// `hour GMT+05:30`. Abbreviations are the standard time's fixed offset
/// (an instrument logging `MST` keeps it all year); they count only in
/// capitals, so `est` in `est_total` is an estimate, not New York.
enum ZoneAbbreviation {
    /// Offsets in seconds east of UTC. Ambiguous ones (`IST`, `BST`, `CST`
    /// in China) are left out, but for `CST`, which tables mostly mean as
    /// US Central.
    static let offsets: [String: Int] = [
        "UTC": 0, "GMT": 0, "WET": 0, "CET": 3600, "EET": 7200, "MSK": 10_800,
        "WEST": 3600, "CEST": 7200, "EEST": 10_800,
        "AST": -4 * 3600, "EST": -5 * 3600, "CST": -6 * 3600, "MST": -7 * 3600, "PST": -8 * 3600,
        "AKST": -9 * 3600, "HST": -10 * 3600, "NST": -12_600,
        "EDT": -4 * 3600, "CDT": -5 * 3600, "MDT": -6 * 3600, "PDT": -7 * 3600, "AKDT": -8 * 3600,
        "JST": 9 * 3600, "KST": 9 * 3600, "AWST": 8 * 3600, "ACST": 34_200, "AEST": 10 * 3600, "NZST": 12 * 3600,
        "AEDT": 11 * 3600, "NZDT": 13 * 3600, "SAST": 7200,
    ]

    /// The offset of the zone a column's name holds, and the word that says it.
    static func offset(inName name: String) -> (offset: Int, word: String)? {
        for token in tokens(name) {
            let upper = token.uppercased()
            if upper.hasPrefix("UTC") || upper.hasPrefix("GMT"), upper.count > 3, let seconds = ZoneRules.fixedOffset(upper) {
                return (seconds, token)
            }
            let spoken = upper == "UTC" || upper == "GMT" || token == upper
            if spoken, let seconds = offsets[upper] { return (seconds, token) }
        }
        return nil
    }

    /// Runs of letters, digits, `+`, `-` and `:` (`Time (UTC-07:00)` → `Time`, `UTC-07:00`).
    private static func tokens(_ name: String) -> [String] {
        name.split { !($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ":") }.map(String.init)
    }
}
