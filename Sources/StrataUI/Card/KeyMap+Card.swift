extension KeyMap {
    /// The card's keys: a cursor over its lines, periods with the card open, zooming in and searching.
    public static let card = KeyMap(bindings: [
        KeyBinding([.down, .character("j")], "↓ j", .cursor(by: 1), "next line"),
        KeyBinding([.up, .character("k")], "↑ k", .cursor(by: -1), "previous line (on the first: back to the page)"),
        KeyBinding([.pageDown], "PgDn", .cursorPages(1), "a page of lines down"),
        KeyBinding([.pageUp], "PgUp", .cursorPages(-1), "a page of lines up"),
        KeyBinding([.home], "Home", .cursorTo(0), "first line"),
        KeyBinding([.end, .character("G")], "End G", .cursorToEnd, "last line"),
        KeyBinding([.left, .character("h")], "← h", .move(periods: -1), "previous period, card open"),
        KeyBinding([.right, .character("l")], "→ l", .move(periods: 1), "next period, card open"),
    ] + dataJumps + [
        KeyBinding([.enter], "Enter", .zoomIn, "zoom into the sub-bucket, or open a row's whole record",
                   hint: "⏎ zoom"),
        KeyBinding([.escape, .backspace], "Esc", .collapse, "back to the page", hint: "Esc back"),
        KeyBinding(wheels: [.up, .left], "wheel", .cursor(by: -3), "mouse wheel scrolls; a click picks a line"),
        KeyBinding(wheels: [.down, .right], "", .cursor(by: 3), ""),
        KeyBinding([.character("/")], "/", .openSearch, "search the lines", hint: "/ search"),
        KeyBinding([.character("n")], "n", .searchNext, "next match"),
        KeyBinding([.character(":")], ":", .openPrompt, "jump to a date or period id"),
    ] + viewKeys, takesCounts: true, takesText: false,
       notes: [("1-9", "a count before a move: 5↓ goes five lines down")])
}

extension KeyMap {
    /// The record opened from the card: its lines scroll, Esc goes back to the card.
    public static let cardRecord = KeyMap(bindings: [
        KeyBinding([.down, .character("j")], "↓ j", .cursor(by: 1), "scroll down a line"),
        KeyBinding([.up, .character("k")], "↑ k", .cursor(by: -1), "scroll up a line"),
        KeyBinding([.pageDown, .space], "PgDn", .cursorPages(1), "a page down"),
        KeyBinding([.pageUp], "PgUp", .cursorPages(-1), "a page up"),
        KeyBinding([.home], "Home", .cursorTo(0), "top"),
        KeyBinding([.end, .character("G")], "End G", .cursorToEnd, "bottom"),
        KeyBinding([.escape, .backspace, .enter], "Esc ⏎", .collapse, "back to the card", hint: "Esc back"),
        KeyBinding(wheels: [.up, .left], "wheel", .cursor(by: -3), "mouse wheel scrolls"),
        KeyBinding(wheels: [.down, .right], "", .cursor(by: 3), ""),
    ] + appKeys, takesCounts: true, takesText: false,
       notes: [("1-9", "a count before a move: 5↓ scrolls five lines")])
}
