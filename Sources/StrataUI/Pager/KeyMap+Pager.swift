extension KeyMap {
    /// The pager's keys: periods and levels, and the doors to the other screens.
    public static let pager = KeyMap(bindings: [
        KeyBinding([.left, .character("h")], "← h", .move(periods: -1), "previous period"),
        KeyBinding([.right, .character("l")], "→ l", .move(periods: 1), "next period"),
        KeyBinding([.down, .character("j")], "↓ j", .coarserLevel, coarserLevel),
        KeyBinding([.up, .character("k")], "↑ k", .finerLevel, "finer level"),
        KeyBinding([.home], "Home", .firstPeriod, "first period"),
        KeyBinding([.end, .character("G")], "End G", .lastPeriod, "last period"),
        KeyBinding([.character("t")], "t", .nowPeriod, "the period containing now (or the latest)"),
        KeyBinding([.pageUp], "PgUp", .move(periods: -10), "10 periods back"),
        KeyBinding([.pageDown], "PgDn", .move(periods: 10), "10 periods forward"),
    ] + dataJumps + [
        KeyBinding([.character("=")], "=", .alignLevels, "align every level on this period"),
        KeyBinding([.enter], "Enter", .expand, "expand the page into its card", hint: "⏎ expand"),
        KeyBinding([.character("o")], "o", .toggleOverview, "overview of every level", hint: "o overview"),
        KeyBinding([.character("m")], "m", .toggleMap, "map: the level as a heatmap (a timeline for intervals)", hint: "m map"),
        KeyBinding(wheels: [.up, .left], "wheel", .move(periods: -1), "mouse wheel pages"),
        KeyBinding(wheels: [.down, .right], "", .move(periods: 1), ""),
        KeyBinding([.character(":")], ":", .openPrompt, "jump to a date or period id", hint: ": jump"),
        KeyBinding([.escape], "Esc", .cancel, "close help or prompt, cancel a count"),
    ] + viewKeys, takesCounts: true, takesText: false,
       notes: [("1-9", "a count before a move: 5← goes five periods back")])
}
