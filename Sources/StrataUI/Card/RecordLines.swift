/// A raw record as the record view lays it out at a width: `name: value`
/// a field a line, names in a column and long values continued under their
/// start; a JSON record pretty-printed; a log line (no fields) is its
/// text, cut into lines. Shared by the
/// screen and the reducer, which scrolls it.
struct RecordLines {
    struct Line: Equatable {
        /// The field's name on its first line, nil on a continued value's lines.
        var name: String?
        var text: String
    }

    let lines: [Line]
    /// Columns the names take, their colon and a space included.
    let nameWidth: Int

    init(_ row: CardRow, width: Int) {
        guard row.pretty.isEmpty else {
            // A JSON record as `jq` prints it, a long line continued under itself.
            nameWidth = 0
            lines = row.pretty.flatMap { TextWidth.pieces(of: $0, width: max(1, width)).map { Line(name: nil, text: $0) } }
            return
        }
        guard !row.fields.isEmpty else {
            nameWidth = 0
            lines = TextWidth.pieces(of: row.text, width: max(1, width)).map { Line(name: nil, text: $0) }
            return
        }
        // The names' column gives up to a third of the width; a longer name is cut.
        let widest = row.fields.map { TextWidth.columns(of: $0.name) }.max() ?? 0
        nameWidth = min(widest + 2, max(4, width / 3))
        let room = max(1, width - nameWidth)
        lines = row.fields.flatMap { field in
            let pieces = field.value.isEmpty ? [""] : TextWidth.pieces(of: field.value, width: room)
            return pieces.enumerated().map { Line(name: $0 == 0 ? field.name : nil, text: $1) }
        }
    }

    /// The lines in `area` scrolled by `scroll`, clamped so the last line stays at the bottom.
    func viewport(area: Rect, scroll: Int) -> Viewport {
        Viewport(area: area, contentSize: Size(width: area.width, height: lines.count), offset: Viewport.Offset(x: 0, y: scroll))
    }
}
