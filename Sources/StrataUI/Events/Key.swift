/// A key press as the app sees it, whatever produced it: ncurses, a
/// `--keys` script, or a test.
public enum Key: Hashable, Sendable {
    case character(Character)
    case left, right, up, down
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, space, backspace
    case ctrlC
}

extension Key {
    /// How messages name the key: `x`, `Tab`, `PgDn`.
    public var name: String {
        switch self {
        case .character(let c): String(c)
        case .left: "←"
        case .right: "→"
        case .up: "↑"
        case .down: "↓"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .space: "Space"
        case .backspace: "Backspace"
        case .ctrlC: "^C"
        }
    }
}
