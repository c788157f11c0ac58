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
        let movingFrame = transitionFrame(state, env: env)
        switch state.route {
        case .pager:
            PagerScreen(state: state, env: env).draw(into: &frame)
        case .card(let card):
            let screen = CardScreen(state: state, card: card, env: env)
            if let growing = movingFrame {
                // Growing: the page around a frame, the card showing through it.
                var underneath = state
                underneath.route = .pager
                PagerScreen(state: underneath, env: env).draw(into: &frame)
                frame.clipped(to: growing) { frame in
                    frame.grid.fill(growing)
                    screen.draw(into: &frame)
                }
            } else {
                screen.draw(into: &frame)
            }
        case .overview(let overview):
            OverviewScreen(state: state, overview: overview, env: env).draw(into: &frame)
        case .map(let map):
            MapScreen(state: state, map: map, env: env).draw(into: &frame)
        case .timeline(let timeline):
            TimelineScreen(state: state, timeline: timeline, env: env).draw(into: &frame)
        }
        if let rect = movingFrame {
            env.glyphs.block(style: .accent).draw(into: &frame.grid, area: rect)
            frame.zones = []
        }
        if case .help(let offset) = state.overlay {
            HelpOverlay(lines: state.routeKeyMap.helpLines(for: state.navigation), glyphs: env.glyphs, offset: offset).draw(into: &frame)
        }
        if let transition = state.transition {
            frame.wake(at: min(transition.end, env.time + Transition.frameMilliseconds))
        }
        return frame
    }

    /// While the card grows or shrinks: where its frame is now, between the
    /// page's place and the whole screen.
    static func transitionFrame(_ state: AppState, env: AppEnvironment) -> Rect? {
        guard let transition = state.transition else { return nil }
        let full = CardLayout(size: state.size).box
        let progress = transition.progress(at: env.time)
        switch transition.kind {
        case .slide: return nil
        case .expand(let from): return Transition.interpolate(from, full, progress)
        case .collapse(let to): return Transition.interpolate(full, to, progress)
        }
    }
}
