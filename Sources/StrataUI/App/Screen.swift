import StrataData

/// A full-screen view of the state: draws itself into a frame, with its
/// hit zones and wake-ups. The route picks the screen; overlays draw over it.
public protocol Screen {
    func draw(into frame: inout Frame)
}

/// The top of rendering: the route's screen, then any overlay.
public enum ScreenRenderer {
    public static let minimumSize = Size(width: 20, height: 6)

    public static func render(_ state: AppState, env: AppEnvironment) -> Frame {
        var frame = Frame(size: state.size)
        let size = state.size
        guard size.width >= minimumSize.width, size.height >= minimumSize.height else {
            let need = "\(minimumSize.width)×\(minimumSize.height)"
            let message = ["terminal too small: \(size.width)×\(size.height) (need \(need))", "too small: need \(need)", "too small"]
                .first { TextWidth.columns(of: $0) <= size.width } ?? "small"
            frame.grid.write(env.glyphs.truncate(message, to: size.width), x: 0, y: 0, style: Style(.warning))
            return frame
        }
        state.route.reducer.screen(state, env: env).draw(into: &frame)
        if let rect = state.transition?.frame(at: env.time) {
            env.glyphs.block(style: .accent).draw(into: &frame.grid, area: rect)
            frame.zones = []
        }
        if case .help(let offset) = state.overlay {
            HelpOverlay(lines: state.routeKeyMap.helpLines(for: state.navigation), glyphs: env.glyphs, offset: offset).draw(into: &frame)
        }
        if case .breakdowns(let cursor) = state.overlay {
            BreakdownList(choices: breakdownChoices(env.dataset), cursor: cursor,
                          current: shownBreakdown(state, env.dataset), glyphs: env.glyphs).draw(into: &frame)
        }
        if let transition = state.transition {
            frame.wake(at: min(transition.end, env.time + Transition.frameMilliseconds))
        }
        return frame
    }
}
