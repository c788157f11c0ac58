/// What a chart's y axis spans: the page's own values, or the values of
/// every page of the level, so that pages compare by eye.
public enum YScale: String, Sendable {
    case page, level

    public var toggled: YScale { self == .page ? .level : .page }
}
