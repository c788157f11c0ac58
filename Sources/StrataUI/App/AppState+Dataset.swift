import StrataData

extension AppState {
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

    /// Moves to a fuller dataset of the same input: the navigation keeps its
    /// periods (`Navigation.follow`), and a slide under way keeps sliding
    /// from the same page though its index moved.
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

    /// After a reload's first rows are shown (`f`, `F`, `g`): split anew, the
    /// series are others, so the view is on the first; a timeline's cursor
    /// block that the new rows do not hold, or hold as another series, goes
    /// with its card, and the cursor is placed again as when the timeline
    /// opens, on its own row when only the filter changed.
    mutating func reloaded(split: Bool, env: AppEnvironment) {
        if split { navigation.seriesIndex = 0 }
        guard case .timeline(var timeline) = route, let cursor = timeline.cursor else { return }
        if !split, let intervals = timeline.intervals(self, env: env), cursor.index(in: intervals) != nil { return }
        (timeline.cursor, timeline.showsCard, timeline.awaitedRow) = (nil, false, split ? nil : cursor.series)
        // Placed now if the window's intervals are there, else when they come.
        timeline.dataArrived(in: &self, env: env)
        route = .timeline(timeline)
    }
}
