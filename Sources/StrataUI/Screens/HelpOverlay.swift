/// `?`: a box listing the keys of the screen under it, generated from that
/// screen's key map.
public struct HelpOverlay {
    let keyMap: KeyMap
    let glyphs: Glyphs

    public init(keyMap: KeyMap, glyphs: Glyphs) {
        self.keyMap = keyMap
        self.glyphs = glyphs
    }

    public func draw(into frame: inout Frame) {
        let box = draw(into: &frame.grid)
        // The help box covers what is under it: clicks there do nothing.
        frame.zones.removeAll { !$0.rect.intersection(box).isEmpty }
    }

    /// Draws the box centred in the grid and returns where it is.
    func draw(into grid: inout Grid) -> Rect {
        let lines = keyMap.helpLines
        let keyWidth = lines.map { TextWidth.columns(of: $0.label) }.max() ?? 0
        let textWidth = lines.map { TextWidth.columns(of: $0.summary) }.max() ?? 0
        let width = min(grid.width - 2, keyWidth + textWidth + 7)
        let height = min(grid.height - 2, lines.count + 4)
        let box = Rect(x: (grid.width - width) / 2, y: (grid.height - height) / 2, width: width, height: height)
        grid.fill(box)
        grid.drawBox(box, glyphs: glyphs, style: .accent, title: "keys", titleStyle: Style(.accent, bold: true))
        let content = box.inset(dx: 2, dy: 1)
        for (i, line) in lines.enumerated() where i < content.height - 1 {
            grid.write(line.label, x: content.x, y: content.y + i, style: Style(.accent, bold: true), clip: content)
            grid.write(line.summary, x: content.x + keyWidth + 2, y: content.y + i, style: .plain, clip: content)
        }
        grid.write("? or Esc closes", x: content.x, y: content.maxY - 1, style: .muted, clip: content)
        return box
    }
}
