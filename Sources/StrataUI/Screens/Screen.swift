import StrataData

/// The top of rendering: picks the screen for the mode and size.
public enum Screen {
    public static let minimumSize = Size(width: 20, height: 6)

    public static func render(state: State, dataset: Dataset, context: RenderContext, size: Size,
                              slide: Slide? = nil) -> Grid {
        var grid = Grid(size: size)
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else {
            let need = "\(minimumSize.width)×\(minimumSize.height)"
            let message = ["terminal too small: \(size.width)×\(size.height) (need \(need))", "too small: need \(need)", "too small"]
                .first { TextWidth.columns(of: $0) <= size.width } ?? "small"
            grid.write(TextWidth.truncate(message, to: size.width), x: 0, y: 0, style: Style(.warning))
            return grid
        }
        PagerScreen(state: state, dataset: dataset, context: context, slide: slide).draw(into: &grid)
        if state.mode == .help {
            HelpOverlay(glyphs: context.glyphs).draw(into: &grid)
        }
        return grid
    }
}
