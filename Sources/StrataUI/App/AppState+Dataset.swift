import StrataData

extension AppState {
    /// Moves to a fuller dataset of the same input: the navigation keeps its
    /// periods (`Navigation.follow`), and a slide under way keeps sliding
    /// from the same page though its index moved.
    /// Counts the rows a followed input's `newer` adds while the view is not
    /// on the latest period of its level; on it, the count starts over (`less +F`).
    mutating func countNewRows(_ newer: Dataset, from older: Dataset) {
        // A load still reading gives what was there all along: only rows added to whole data are new.
        guard older.readiness.isReady else { return }
        guard navigation.position >= older.count(navigation.level) - 1 else {
            newRows += max(0, newer.rowsAccepted - older.rowsAccepted)
            return
        }
        newRows = 0
    }

    mutating func follow(_ newer: Dataset, from older: Dataset) {
        let before = navigation.position, level = navigation.level
        navigation.follow(newer, from: older)
        // A slide on a level the load took away has nothing left to slide on.
        if navigation.level != level { transition = nil }
        if let running = transition, case .slide(let from, let direction) = running.kind {
            transition = Transition(.slide(fromIndex: from + navigation.position - before, direction: direction),
                                    start: running.start, duration: running.duration)
        }
    }
}

extension AppState {
    /// After a reload's first rows are shown (`f`, `F`, `g`): split anew, the
    /// series are others, so the view is on the first.
    mutating func reloaded(split: Bool, env: AppEnvironment) {
        if split { navigation.seriesIndex = 0 }
    }
}
