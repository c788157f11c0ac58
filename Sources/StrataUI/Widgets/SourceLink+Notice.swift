import StrataData

extension SourceLink.State {
    /// What every screen's footer says while the connection is lost: that
    /// strata is at it, and when it tries next. Nil while it is up.
    func notice(_ glyphs: Glyphs) -> String? {
        guard case .lost(_, let seconds) = self else { return nil }
        let next = seconds > 0 ? "retrying in \(seconds) s" : "retrying\(glyphs.ellipsis)"
        return "connection lost \(glyphs.middleDot) \(next)"
    }
}
