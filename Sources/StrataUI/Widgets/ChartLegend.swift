/// One line naming the series on a chart: each one's sample (its colour,
/// shade or dot pattern, as the chart draws it), name and value for the page.
/// Names are shortened when the line is narrow, and series that still do
/// not fit are counted at the end (`+3`). Names come from the data: the
/// grid shows their control characters as visible stand-ins.
struct ChartLegend: Widget {
    struct Entry {
        var sample: String
        var style: Style
        var name: String
        var value: String
    }

    var entries: [Entry]
    var glyphs: Glyphs

    func draw(into grid: inout Grid, area: Rect) {
        guard area.height > 0, !entries.isEmpty else { return }
        let fixed = entries.map { TextWidth.columns(of: $0.sample) + TextWidth.columns(of: $0.value) + 2 }
        // The longest name that lets every entry fit, but not below 4 columns: then fewer entries.
        let names = entries.map { TextWidth.columns(of: $0.name) }
        var shown = entries.count, nameRoom = names.max() ?? 0
        while shown > 0 {
            // The count comes after the last entry's two spaces.
            let more = shown < entries.count ? 2 + TextWidth.columns(of: "+\(entries.count - shown)") : 0
            let room = area.width - more - fixed.prefix(shown).reduce(0, +) - 2 * (shown - 1)
            nameRoom = names.prefix(shown).max() ?? 0
            while nameRoom > 4, names.prefix(shown).reduce(0, { $0 + min($1, nameRoom) }) > room { nameRoom -= 1 }
            if names.prefix(shown).reduce(0, { $0 + min($1, nameRoom) }) <= room { break }
            shown -= 1
        }
        var x = area.x
        for entry in entries.prefix(shown) {
            x += grid.write(entry.sample, x: x, y: area.y, style: entry.style, clip: area) + 1
            x += grid.write(glyphs.truncate(entry.name, to: nameRoom), x: x, y: area.y, style: .plain, clip: area) + 1
            x += grid.write(entry.value, x: x, y: area.y, style: .muted, clip: area) + 2
        }
        if shown < entries.count {
            grid.write("+\(entries.count - shown)", x: x, y: area.y, style: .muted, clip: area)
        }
    }
}
