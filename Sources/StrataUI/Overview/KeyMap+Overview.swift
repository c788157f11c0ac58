extension KeyMap {
    /// The overview's keys: sections are levels, each strip moves its level's period.
    public static let overview = KeyMap(bindings: [
        KeyBinding([.down, .character("j")], "↓ j", .coarserLevel, "next section (coarser level)"),
        KeyBinding([.up, .character("k")], "↑ k", .finerLevel, "previous section (finer level)"),
        KeyBinding([.left, .character("h")], "← h", .move(periods: -1), "previous period of the section"),
        KeyBinding([.right, .character("l")], "→ l", .move(periods: 1), "next period of the section"),
        KeyBinding([.home], "Home", .firstPeriod, "first period"),
        KeyBinding([.end, .character("G")], "End G", .lastPeriod, "last period"),
        KeyBinding([.pageUp], "PgUp", .move(periods: -10), "10 periods back"),
        KeyBinding([.pageDown], "PgDn", .move(periods: 10), "10 periods forward"),
    ] + dataJumps + [
        KeyBinding([.enter], "Enter", .openPager, "the pager on this level and period", hint: "⏎ open"),
        KeyBinding([.character("o"), .escape], "o Esc", .toggleOverview, "back to the pager", hint: "o back"),
        KeyBinding(wheels: [.up], "wheel", .scrollOverview(by: -3), "the wheel scrolls the page; sideways, the strip"),
        KeyBinding(wheels: [.down], "", .scrollOverview(by: 3), ""),
        KeyBinding(wheels: [.left], "", .move(periods: -1), ""),
        KeyBinding(wheels: [.right], "", .move(periods: 1), ""),
    ] + viewKeys, takesCounts: true, takesText: false,
       notes: [("1-9", "a count before a move: 5→ goes five periods on")])
}
