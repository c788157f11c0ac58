/// A one-line text entry: `jump to: 2013-W1▌  not a date`.
struct PromptLine: Widget {
    let label: String
    let text: String
    let error: String?

    func draw(into grid: inout Grid, area row: Rect) {
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
