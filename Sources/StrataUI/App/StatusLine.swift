/// A screen's last line: the open `:` prompt or `/` search line, else a
/// notice until the next key, else the screen's own footer, whose key hints
/// yield to the progress of a load still running, and which first says when
/// the source's connection is lost.
struct StatusLine: Widget {
    let state: AppState
    let env: AppEnvironment
    let footer: FooterLine

    private var glyphs: Glyphs { env.glyphs }

    func draw(into grid: inout Grid, area row: Rect) {
        switch state.overlay {
        case .prompt(let text, let error):
            PromptLine(label: "jump to: ", text: text, error: error).draw(into: &grid, area: row)
        case .search(let text, let error):
            PromptLine(label: "search: ", text: text, error: error).draw(into: &grid, area: row)
        case .filter(let text, let error, _):
            PromptLine(label: "filter: ", text: text, error: error).draw(into: &grid, area: row)
        case .help, .breakdowns, nil:
            if let notice = state.notice {
                grid.write(glyphs.truncate(notice, to: row.width - 2), x: row.x + 1, y: row.y, style: Style(.warning), clip: row)
            } else {
                var footer = footer
                // The connection lost says so on every screen, before a count of skipped rows.
                if let lost = env.dataset.link?.state.notice(glyphs) { footer.warning = lost }
                if let loading = env.dataset.readiness.progress { footer.progress = ReadingProgress(loading: loading, glyphs: glyphs).lines }
                // A followed input grew while the view was elsewhere: how much, and how to get there.
                let navigation = state.navigation
                if state.newRows > 0, navigation.position < navigation.periodCount - 1 {
                    let rows = "+\(NumberFormat.exact(Double(state.newRows))) new row\(state.newRows == 1 ? "" : "s")"
                    footer.progress = ["\(rows) \(glyphs.middleDot) End goes to the latest", rows]
                }
                footer.draw(into: &grid, area: row)
            }
        }
    }
}
