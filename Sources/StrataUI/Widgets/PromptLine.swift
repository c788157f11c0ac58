/// A one-line text entry: `jump to: 2013-W1▌  not a date`.
struct PromptLine {
    let label: String
    let text: String
    let error: String?

    func draw(into grid: inout Grid, row: Rect) {
        grid.fill(row)
        var x = row.x + 1
        x += grid.write(label, x: x, y: row.y, style: .muted, clip: row)
        x += grid.write(text, x: x, y: row.y, style: Style(.accent, bold: true), clip: row)
        grid.write(" ", x: x, y: row.y, style: Style(.accent, reverse: true), clip: row)
        if let error {
            grid.write("  " + error, x: x + 1, y: row.y, style: Style(.warning), clip: row)
        }
    }
}

extension PromptLine {
    /// What a footer shows instead of its hints: the open `:` prompt or `/`
    /// search, else a notice until the next key. False when there is none.
    static func drawInstead(state: AppState, glyphs: Glyphs, into grid: inout Grid, row: Rect) -> Bool {
        switch state.overlay {
        case .prompt(let text, let error):
            PromptLine(label: "jump to: ", text: text, error: error).draw(into: &grid, row: row)
            return true
        case .search(let text, let error):
            PromptLine(label: "search: ", text: text, error: error).draw(into: &grid, row: row)
            return true
        case .help, nil:
            guard let notice = state.notice else { return false }
            grid.write(glyphs.truncate(notice, to: row.width - 2), x: row.x + 1, y: row.y, style: Style(.warning), clip: row)
            return true
        }
    }
}
