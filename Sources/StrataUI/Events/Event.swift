/// Everything that can happen to the app: a key, the mouse, a new terminal
/// size, or time passing (an animation frame, the minute tick).
public enum Event: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize(Size)
    case tick
}
