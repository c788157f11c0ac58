/// A key press as the app sees it, whatever produced it: ncurses, a
/// `--keys` script, or a test.
public enum Key: Hashable, Sendable {
    case character(Character)
    case left, right, up, down
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, space, backspace
    case ctrlC
}
