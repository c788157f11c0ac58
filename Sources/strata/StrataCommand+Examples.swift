/// The examples `--help` ends with: commands from the README (a test
/// checks that each one is there), so they are ones that work.
extension StrataCommand {
    static let examples: [(command: String, result: String)] = [
        ("strata seattle-weather.csv", "picks the time, the value and the levels itself"),
        ("strata sales.csv --value amount --series store", "Tab cycles the stores"),
        ("git log --format=%aI | strata", "commits per day, week and month"),
        ("journalctl -o short-iso | strata", "log lines over time"),
        ("strata data.csv --export csv --level week", "the aggregated weeks, for scripts"),
        ("strata data.csv --keys \"left*3 down\" --dump", "the screen after the keys, as text"),
    ]

    /// `EXAMPLES:` and a command, then what it shows, on each line (ArgumentParser has no such section).
    static var examplesHelp: String {
        "EXAMPLES:\n" + examples.map { "  \($0.command)\n      \($0.result)\n" }.joined()
    }
}
