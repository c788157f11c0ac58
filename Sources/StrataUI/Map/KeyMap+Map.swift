extension KeyMap {
    /// The map's keys: a cursor over its cells, scrolling, rows of periods or series.
    public static let map = KeyMap(bindings: [
        KeyBinding([.left, .character("h")], "← h", .cursorColumn(by: -1), "cursor left"),
        KeyBinding([.right, .character("l")], "→ l", .cursorColumn(by: 1), "cursor right"),
        KeyBinding([.up, .character("k")], "↑ k", .cursor(by: -1), "cursor up"),
        KeyBinding([.down, .character("j")], "↓ j", .cursor(by: 1), "cursor down"),
        KeyBinding([.pageUp], "PgUp", .cursorPages(-1), "a screen of rows up"),
        KeyBinding([.pageDown], "PgDn", .cursorPages(1), "a screen of rows down"),
        KeyBinding([.home], "Home", .cursorTo(0), "first row"),
        KeyBinding([.end, .character("G")], "End G", .cursorToEnd, "last row"),
        KeyBinding([.character("t")], "t", .nowPeriod, "the cell of now"),
    ] + dataJumps + [
        KeyBinding([.enter], "Enter", .zoomIn, "the cell on the finer level, in the pager", hint: "⏎ open"),
        KeyBinding([.character("r")], "r", .swapMapAxes, "rows: periods or series", hint: "r rows"),
        KeyBinding([.character("m"), .escape], "m Esc", .toggleMap, "back to the pager", hint: "m back"),
        KeyBinding([.character("/")], "/", .openSearch, "find a row by its label", hint: "/ find"),
        KeyBinding([.character("n")], "n", .searchNext, "next matching row"),
        KeyBinding([.character(":")], ":", .openPrompt, "jump to a date or period id"),
        KeyBinding(wheels: [.up], "wheel", .scrollMap(columns: 0, rows: -3), "scrolls rows; Shift or sideways, columns"),
        KeyBinding(wheels: [.down], "", .scrollMap(columns: 0, rows: 3), ""),
        KeyBinding(wheels: [.left], "", .scrollMap(columns: -3, rows: 0), ""),
        KeyBinding(wheels: [.right], "", .scrollMap(columns: 3, rows: 0), ""),
    ] + valueKeys + filterKeys + appKeys, takesCounts: true, takesText: false,
       notes: [("drag", "pans the grid along the axis it first moves"), ("click", "moves the cursor to the cell"),
               ("1-9", "a count before a move: 5↓ goes five rows down")])
}
