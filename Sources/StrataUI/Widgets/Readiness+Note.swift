import StrataData

extension Readiness {
    /// What a chart or a readout says in place of numbers not there yet:
    /// `reading…`, how far the load has come, or why they cannot be read;
    /// nil when they are ready.
    func note(_ glyphs: Glyphs) -> String? {
        switch self {
        case .ready: nil
        case .loading: "reading\(glyphs.ellipsis)"
        case .partial(let loading): ReadingProgress(loading: loading, glyphs: glyphs).note
        case .failed(let why): why
        }
    }
}
