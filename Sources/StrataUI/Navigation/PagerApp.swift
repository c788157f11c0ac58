import StrataData

/// The app as the front ends see it: a state, the dataset it browses, and
/// how to draw it. Keys become actions through `KeyMap`; `reduce` does the rest.
public struct PagerApp: InteractiveApp, Sendable {
    public private(set) var state: State
    public let dataset: Dataset
    public let context: RenderContext
    /// Off for headless runs and `--no-animation`.
    public let animates: Bool
    public private(set) var slide: Slide?

    public init(dataset: Dataset, context: RenderContext, startLevel: Level? = nil,
                at reference: Int64? = nil, aggregate: Aggregate = .sum, size: Size = Size(width: 80, height: 24),
                animates: Bool = false) {
        self.dataset = dataset
        self.context = context
        self.animates = animates
        let levels = dataset.levels
        let counts = levels.map { dataset.count($0) }
        let nows = levels.map { dataset.index($0, containing: context.now) }
        let starts = levels.map { level in
            reference.map { dataset.index(level, containing: $0) } ?? max(0, dataset.count(level) - 1)
        }
        state = State(levels: levels, periodCounts: counts, nowIndices: nows, startPositions: starts,
                      startLevel: startLevel.flatMap { levels.firstIndex(of: $0) } ?? 0,
                      aggregate: aggregate, seriesCount: dataset.series.count, size: size)
    }

    public mutating func send(_ key: Key) {
        slide = nil  // a key skips any running animation to its end
        if case .prompt(let text, _) = state.mode, key == .enter {
            apply(resolve(text))
        } else if case .click(let x, let y) = key {
            let screen = PagerScreen(state: state, dataset: dataset, context: context)
            if let action = screen.action(forClickAt: x, y, size: state.size) { apply(action) }
        } else if let action = KeyMap.action(for: key, in: state.mode) {
            apply(action)
        }
    }

    /// Applies an action, starting a slide when it moved the page.
    public mutating func apply(_ action: Action) {
        let before = state
        reduce(into: &state, action: action)
        if animates, state.level == before.level, state.position != before.position, state.mode == .pager {
            slide = Slide(fromIndex: before.position, direction: state.position > before.position ? 1 : -1)
        }
    }

    /// The `:` prompt's text as a period on every level.
    func resolve(_ text: String) -> Action {
        guard let t = dataset.calendar.instant(forReference: text) else {
            return .promptSubmit(positions: nil, error: "not a date or period id: \(text)")
        }
        return .promptSubmit(positions: state.levels.map { dataset.index($0, containing: t) }, error: nil)
    }

    public var shouldQuit: Bool { state.quit }
    public var isAnimating: Bool { slide != nil }

    public mutating func advanceAnimation(byMilliseconds milliseconds: Int) {
        slide?.elapsed += milliseconds
        if slide?.isFinished == true { slide = nil }
    }

    public func render(size: Size) -> Grid {
        Screen.render(state: state, dataset: dataset, context: context, size: size, slide: slide)
    }
}
