extension KeyMap {
    /// Help's keys: scrolling the list and closing it.
    public static let help = KeyMap(bindings: [
        KeyBinding([.escape, .character("?"), .enter], "? Esc", .toggleHelp, "close help"),
        KeyBinding([.down, .character("j")], "↓ j", .scrollHelp(by: 1), "scroll down"),
        KeyBinding([.up, .character("k")], "↑ k", .scrollHelp(by: -1), "scroll up"),
        KeyBinding([.pageDown, .space], "PgDn", .scrollHelp(by: 10), "scroll a page down"),
        KeyBinding([.pageUp], "PgUp", .scrollHelp(by: -10), "scroll a page up"),
        KeyBinding(wheels: [.down], "wheel", .scrollHelp(by: 3), "scroll"),
        KeyBinding(wheels: [.up], "", .scrollHelp(by: -3), ""),
        KeyBinding([.character("q"), .ctrlC], "q ^C", .quit, "quit"),
    ], takesCounts: false, takesText: false, notes: [])
}
