/// What happened to a followed input besides rows added: the footer says it until the next key.
public enum InputChange: Equatable, Sendable {
    case rotated, truncated, removed, back
}
