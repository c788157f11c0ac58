/// Draws itself inside `area` of the grid and nowhere else.
public protocol Widget {
    func draw(into grid: inout Grid, area: Rect)
}

/// A widget whose drawing reads and adjusts a state the caller keeps (a
/// table's scroll offset), so the state survives from frame to frame while
/// the widget itself is rebuilt every frame.
public protocol StatefulWidget {
    associatedtype WidgetState
    func draw(into grid: inout Grid, area: Rect, state: inout WidgetState)
}
