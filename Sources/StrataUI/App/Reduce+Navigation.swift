import StrataData

/// The moves every screen shares, on the shared navigation: periods,
/// levels, the value and series on show, and how charts are drawn. What a
/// route takes for itself never reaches here.
func reduceNavigation(_ state: inout AppState, action: Action, count: Int, env: AppEnvironment) {
    switch action {
    case .move(let periods):
        state.navigation.setPosition(state.navigation.position + periods * count)
    case .coarserLevel:
        state.navigation.levelIndex = min(state.navigation.levelIndex + count, state.navigation.levels.count - 1)
    case .finerLevel:
        state.navigation.levelIndex = max(state.navigation.levelIndex - count, 0)
    case .selectLevel(let index):
        if state.navigation.levels.indices.contains(index) { state.navigation.levelIndex = index }
    case .firstPeriod:
        state.navigation.setPosition(0)
    case .lastPeriod:
        state.navigation.setPosition(state.navigation.periodCount - 1)
    case .nowPeriod:
        state.navigation.setPosition(env.dataset.index(state.navigation.level, containing: env.now))
    case .jump(let index):
        state.navigation.setPosition(index)
    case .moveLevel(let level, let periods):
        if state.navigation.levels.indices.contains(level) {
            state.navigation.positions[level] = Navigation.clamp(state.navigation.positions[level] + periods,
                                                                 state.navigation.periodCounts[level])
        }
    case .periodWithData(let forward):
        let navigation = state.navigation
        if let index = env.dataset.index(navigation.level, withDataFrom: navigation.position, forward: forward,
                                         series: navigation.shownSeries, value: navigation.valueIndex) {
            state.navigation.setPosition(index)
        }
    case .alignLevels:
        alignLevels(&state, env: env)
    case .countDigit(let digit):
        let next = (state.pendingCount ?? 0) * 10 + digit
        state.pendingCount = next == 0 ? nil : min(next, 999_999)
    case .cycleAggregate:
        // Counted rows are all 1: their mean, min and max say nothing.
        if state.navigation.countsRows(in: env.dataset) {
            state.navigation.aggregate = state.navigation.aggregate == .sum ? .count : .sum
        } else {
            // Percentiles come from sketches, kept only when one was asked for (`--agg pNN`).
            var next = state.navigation.aggregate.next
            while next.isPercentile && !env.dataset.keepsSketches { next = next.next }
            state.navigation.aggregate = next
        }
    case .nextSeries:
        state.navigation.allSeries = false  // Tab picks one series out of them all
        state.navigation.seriesIndex = (state.navigation.seriesIndex + 1) % state.navigation.seriesCount
    case .previousSeries:
        let n = state.navigation.seriesCount
        state.navigation.allSeries = false
        state.navigation.seriesIndex = (state.navigation.seriesIndex + n - 1) % n
    case .nextValue:
        state.navigation.valueIndex = (state.navigation.valueIndex + 1) % state.navigation.valueCount
    case .previousValue:
        let n = state.navigation.valueCount
        state.navigation.valueIndex = (state.navigation.valueIndex + n - 1) % n
    case .cycleChart:
        var next = state.navigation.chart.next
        // Counted rows are each worth 1: their min–max band is a flat line at 1, so `c` passes it by.
        if next == .band, state.navigation.countsRows(in: env.dataset) { next = next.next }
        state.navigation.chosenChart = next
    case .toggleYScale:
        // One scale for a level needs every sub-bucket of it: not kept where its bars are read a page at a time.
        let level = state.navigation.level
        if state.navigation.yScale == .level || !env.dataset.readsPages(of: level, series: state.navigation.seriesIndex) {
            state.navigation.yScale = state.navigation.yScale.toggled
        }
    case .toggleAllSeries:
        // Only data with two series or more has anything to overlay.
        if state.navigation.namedSeriesCount > 1 { state.navigation.allSeries.toggle() }
    case .quit:
        state.quit = true
    default:
        break // a screen's own action on another screen: nothing to do
    }
}

/// Every other level moves to the period holding the current one's start,
/// unless it is already inside the current period (a finer level keeps its place there).
private func alignLevels(_ state: inout AppState, env: AppEnvironment) {
    let navigation = state.navigation
    let dataset = env.dataset
    let page = navigation.page(in: dataset)
    for (i, level) in navigation.levels.enumerated() where i != navigation.levelIndex {
        let own = navigation.page(in: dataset, level: level)
        if level < navigation.level, own.start >= page.start, own.start < page.end { continue }
        state.navigation.positions[i] = Navigation.clamp(dataset.index(level, containing: page.start), navigation.periodCounts[i])
    }
}

/// A move along the level slides the new period in (the pager's page, the
/// overview's strip); a level switch does not, nor a move under an overlay.
func startSlide(_ state: inout AppState, from before: Navigation, env: AppEnvironment) {
    let after = state.navigation
    guard env.animates, state.overlay == nil, after.levelIndex == before.levelIndex,
          after.position != before.position else { return }
    state.transition = Transition(.slide(fromIndex: before.position, direction: after.position > before.position ? 1 : -1),
                                  start: env.time, duration: Transition.slideMilliseconds)
}
