extension CardScreen {
    /// The record opened from a raw row, in the card's box: its place in the
    /// border's title, then a field a line (`name: value`), scrolled.
    func drawRecord(_ record: RecordView, row: CardRow, into grid: inout Grid, layout: CardLayout) {
        let area = layout.record
        grid.fill(layout.box)
        glyphs.block(row.location, style: .muted, titleStyle: Style(.accent, bold: true)).draw(into: &grid, area: layout.box)
        let lines = RecordLines(row, width: area.width)
        let viewport = lines.viewport(area: area, scroll: record.scroll)
        for (i, line) in lines.lines.dropFirst(viewport.offset.y).prefix(area.height).enumerated() {
            let y = area.y + i
            if let name = line.name {
                grid.write(name + ":", x: area.x, y: y, width: lines.nameWidth - 1, ellipsis: glyphs.ellipsis,
                           style: Style(.muted, bold: true), clip: area)
            }
            grid.write(line.text, x: area.x + lines.nameWidth, y: y, style: .plain, clip: area)
        }
    }
}
