extension KeyMap {
    public static let timeline = KeyMap(bindings: [
        KeyBinding([.left, .character("h")], "← h", .blockStep(-1), "previous block in the row (into the period before)"),
        KeyBinding([.right, .character("l")], "→ l", .blockStep(1), "next block in the row (into the period after)"),
        KeyBinding([.up, .character("k")], "↑ k", .blockRow(-1), "the block nearest in time in the row above"),
        KeyBinding([.down, .character("j")], "↓ j", .blockRow(1), "the block nearest in time in the row below"),
        KeyBinding([.character("+")], "+", .zoomTimeline(finer: true), "fewer minutes per column", hint: "+- zoom"),
        KeyBinding([.character("-")], "-", .zoomTimeline(finer: false), "more minutes per column"),
        KeyBinding([.pageUp], "PgUp", .move(periods: -1), "previous period"),
        KeyBinding([.pageDown], "PgDn", .move(periods: 1), "next period"),
        KeyBinding([.home], "Home", .firstPeriod, "first period"),
        KeyBinding([.end, .character("G")], "End G", .lastPeriod, "last period"),
        KeyBinding([.character("t")], "t", .nowPeriod, "the period containing now (or the latest)"),
    ] + dataJumps + [
        KeyBinding([.enter], "Enter", .openBlock, "the block's card, with its input row", hint: "⏎ card"),
        KeyBinding([.character("/")], "/", .openSearch, "find a row by its label", hint: "/ find"),
        KeyBinding([.character("n")], "n", .searchNext, "next row found"),
        KeyBinding([.character(":")], ":", .openPrompt, "jump to a date or period id", hint: ": jump"),
        KeyBinding([.character("m"), .escape], "m Esc", .toggleMap, "back to the pager", hint: "m back"),
        KeyBinding(wheels: [.up], "wheel", .scrollTimeline(rows: -3, columns: 0), "the wheel scrolls rows; sideways or with Shift, time"),
        KeyBinding(wheels: [.down], "", .scrollTimeline(rows: 3, columns: 0), ""),
        KeyBinding(wheels: [.left], "", .scrollTimeline(rows: 0, columns: -8), ""),
        KeyBinding(wheels: [.right], "", .scrollTimeline(rows: 0, columns: 8), ""),
    ] + valueKeys + filterKeys + appKeys, takesCounts: true, takesText: false,
       notes: [("drag", "pans along the axis first moved along; a click picks a block"),
               ("1-9", "a count before a move: 3→ goes three blocks on")])

    public static let timelineCard = KeyMap(bindings: [
        KeyBinding([.escape, .enter, .backspace], "Esc", .closeBlock, "back to the timeline", hint: "Esc back"),
        KeyBinding([.character("?")], "?", .toggleHelp, "this help", hint: "? help"),
        KeyBinding([.character("q"), .ctrlC], "q ^C", .quit, "quit", hint: "q quit"),
    ], takesCounts: false, takesText: false, notes: [])
}
